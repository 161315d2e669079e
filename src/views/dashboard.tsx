import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { ScreenTitle } from "../components/ScreenTitle";
import { Button } from "../components/ui";
import { formatShortDate } from "../lib/dates";
import type { ViewProps } from "../paths";
import { lang, t } from "../signals/language";
import { card, cx, muted, page, stack } from "../styles/theme";

// SPEC.md section 2, 'Dashboard sample screen': static demo content with hard-coded data.
const OVERVIEW = [
  { key: "total", n: 24 },
  { key: "apartments", n: 12 },
  { key: "villas", n: 7 },
  { key: "townhouses", n: 5 },
] as const;
const WORKERS = [
  { key: "w1", role: "plumber", tasks: 4 },
  { key: "w2", role: "electrician", tasks: 3 },
  { key: "w3", role: "hvac", tasks: 5 },
  { key: "w4", role: "painter", tasks: 2 },
] as const;
type Status = "inProgress" | "completed" | "pending";
const TASKS: ReadonlyArray<{ key: string; type: string; status: Status; updated: string }> = [
  { key: "t1", type: "apartment", status: "inProgress", updated: "2024-06-12T09:30:00Z" },
  { key: "t2", type: "villa", status: "completed", updated: "2024-06-10T14:00:00Z" },
  { key: "t3", type: "townhouse", status: "pending", updated: "2024-06-08T11:15:00Z" },
];
const STATUS_CSS: Record<Status, string> = {
  inProgress: css`background: #dbeafe; color: #1e3a8a;`,
  completed: css`background: #dcfce7; color: #14532d;`,
  pending: css`background: #fef3c7; color: #78350f;`,
};

const counts = css`
  display: grid; grid-template-columns: repeat(2, 1fr); gap: 10px; margin: 0;
  & div { background: var(--bg); border-radius: 10px; padding: 12px; }
  & dt { color: var(--muted); font-size: 14px; }
  & dd { margin: 0; font-size: 26px; font-weight: 700; color: var(--brand-dark); }
`;
const people = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;
  & li { display: flex; gap: 12px; align-items: center; }
  & .initial { width: 40px; height: 40px; border-radius: 50%; background: var(--brand-soft); color: var(--brand-dark); display: flex; align-items: center; justify-content: center; font-weight: 700; flex: none; }
  & p { margin: 0; }
`;
const taskCss = css`
  display: flex; flex-direction: column; gap: 6px; padding: 12px; border: 1px solid var(--line); border-radius: 10px;
  & h3 { font-size: 16px; margin: 0; }
  & p { margin: 0; }
  & .top { display: flex; justify-content: space-between; gap: 8px; align-items: flex-start; }
`;
const pill = css`flex: none; font-size: 12px; font-weight: 700; padding: 3px 10px; border-radius: 999px;`;

function Task({ task }: { task: (typeof TASKS)[number] }) {
  useSignals();
  const [open, setOpen] = useState(false);
  const detailId = `task-${task.key}-desc`;
  return (
    <li className={taskCss}>
      <div className="top">
        <h3>{t(`dashboard.taskList.${task.key}.title`)}</h3>
        <span className={cx(pill, STATUS_CSS[task.status])}>{t(`dashboard.status.${task.status}`)}</span>
      </div>
      <p className={muted}>{t(`dashboard.propertyTypes.${task.type}`)}</p>
      {open && <p id={detailId}>{t(`dashboard.taskList.${task.key}.desc`)}</p>}
      <p className={muted}>{t("dashboard.lastUpdated", { date: formatShortDate(task.updated, lang.value) })}</p>
      <Button variant="secondary" aria-expanded={open} aria-controls={open ? detailId : undefined} onClick={() => setOpen((o) => !o)}>
        {open ? t("dashboard.hideDetails") : t("dashboard.viewDetails")}
      </Button>
    </li>
  );
}

/** The dashboard sample screen (D4: /dashboard, role 2). */
export function DashboardView({ title }: ViewProps) {
  useSignals();
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <p className={cx(muted, css`margin-top: 0;`)}>{t("dashboard.sample")}</p>
      <div className={stack}>
        <section className={card} aria-labelledby="dash-overview">
          <h2 id="dash-overview">{t("dashboard.overview")}</h2>
          <dl className={counts}>
            {OVERVIEW.map((o) => (
              <div key={o.key}>
                <dt>{t(`dashboard.${o.key}`)}</dt>
                <dd>{o.n.toLocaleString(lang.value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className={card} aria-labelledby="dash-workers">
          <h2 id="dash-workers">{t("dashboard.workers")}</h2>
          <ul className={people}>
            {WORKERS.map((w) => {
              const name = t(`dashboard.workerNames.${w.key}`);
              return (
                <li key={w.key}>
                  <span className="initial" aria-hidden="true">
                    {name.charAt(0)}
                  </span>
                  <div>
                    <p>
                      <strong>{name}</strong>
                    </p>
                    <p className={muted}>
                      {t(`dashboard.roles.${w.role}`)} · {t("dashboard.tasksAssigned", { n: w.tasks.toLocaleString(lang.value) })}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
        <section className={card} aria-labelledby="dash-tasks">
          <h2 id="dash-tasks">{t("dashboard.tasks")}</h2>
          <ul className={cx(stack, css`list-style: none; margin: 0; padding: 0;`)}>
            {TASKS.map((task) => (
              <Task key={task.key} task={task} />
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
