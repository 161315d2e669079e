// /dashboard (D4, role 2; LOOP.md section 3, issue 12): SPEC.md's dashboard layout (Properties Overview, Our Workers,
// Maintenance Tasks) filled with the company's real figures for a chosen month (GET /company/dashboard?month=), with
// the month's figures first. The month lives in the query (?month=YYYY-MM), so coming back from a task keeps it.
import { css } from "goober";
import dayjs from "dayjs";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchDashboard } from "../api/jobs";
import { EmptyState, LinkButton, LoadError, Loading, NestedTitle, Section, TypeBadge } from "../components/property/parts";
import { StageBadge } from "../components/repair/StageBadge";
import { Picture } from "../components/staff/Avatar";
import { SelectField } from "../components/ui";
import type { Dashboard } from "../contract/jobs";
import { formatDay, formatMonth } from "../lib/dates";
import { navigate, useHashSearch } from "../lib/hash-location";
import { userFileUrl } from "../lib/media";
import { useResource } from "../lib/use-resource";
import { type ViewProps, paths } from "../paths";
import { lang, t } from "../signals/language";
import { cx, muted, page, stack } from "../styles/theme";
import { Tiles, hoursOf, ratingOf } from "./reports/figures";

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
/** How many months back the picker offers. */
const MONTHS_BACK = 24;

/** This month and the ones before it, newest first (YYYY-MM, the phone's calendar). */
export function pickableMonths(now = dayjs(), count = MONTHS_BACK): string[] {
  return Array.from({ length: count }, (_, i) => now.startOf("month").subtract(i, "month").format("YYYY-MM"));
}

const people = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px;
  & li { display: flex; gap: 12px; align-items: center; }
  & p { margin: 0; overflow-wrap: anywhere; }
`;
const taskCss = css`
  display: flex; flex-direction: column; gap: 6px; padding: 12px; border: 1px solid var(--line); border-radius: 10px;
  & h3 { font-size: 16px; margin: 0; overflow-wrap: anywhere; }
  & p { margin: 0; }
  & .top { display: flex; justify-content: space-between; gap: 8px; align-items: flex-start; }
  & .meta { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
  & .desc { overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
`;

function MonthFigures({ data }: { data: Dashboard }) {
  useSignals();
  const f = data.figures;
  const rating = ratingOf(f.average_rating);
  return (
    <Section id="dash-figures" title={t("dash.figures", { month: formatMonth(data.month, lang.value) })} testId="dash-figures">
      <Tiles
        tiles={[
          { key: "reported", label: t("dash.reported"), value: String(f.reported) },
          { key: "completed", label: t("dash.completed"), value: String(f.completed) },
          { key: "open", label: t("dash.open"), value: String(f.open) },
          { key: "rating", label: t("dash.rating"), value: rating ?? t("dash.noRating"), small: rating == null },
          { key: "hours", label: t("dash.hours"), value: hoursOf(f.minutes) },
        ]}
      />
    </Section>
  );
}

function Overview({ properties }: { properties: Dashboard["properties"] }) {
  useSignals();
  const tiles = [
    { key: "total", label: t("dashboard.total"), value: String(properties.total) },
    { key: "building", label: t("dashboard.apartments"), value: String(properties.building) },
    { key: "villa", label: t("dashboard.villas"), value: String(properties.villa) },
    { key: "townhouse", label: t("dashboard.townhouses"), value: String(properties.townhouse) },
  ];
  // Offices are not among SPEC.md's four counts: shown when the company runs any.
  if (properties.office) tiles.push({ key: "office", label: t("dash.offices"), value: String(properties.office) });
  return (
    <Section id="dash-overview" title={t("dashboard.overview")} testId="dash-overview">
      {properties.total ? (
        <Tiles tiles={tiles} />
      ) : (
        <EmptyState text={t("dash.noProperties")} testId="dash-no-properties">
          <LinkButton to={paths.addProperty}>{t("dash.addProperty")}</LinkButton>
        </EmptyState>
      )}
    </Section>
  );
}

function Workers({ workers }: { workers: Dashboard["workers"] }) {
  useSignals();
  return (
    <Section id="dash-workers" title={t("dashboard.workers")} testId="dash-workers">
      {workers.length ? (
        <ul className={people}>
          {workers.map((w) => (
            <li key={w.user_id} data-testid="dash-worker">
              <Picture src={w.profile_path ? userFileUrl(w.profile_path) : null} size={40} />
              <div>
                <p>
                  <strong>
                    <bdi>{w.name}</bdi>
                  </strong>
                </p>
                <p className={muted}>
                  {w.job_title ? <bdi>{w.job_title}</bdi> : t("dash.technician")} · {t("dash.assigned", { n: w.open_jobs })} · {t("dash.done", { n: w.done })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t("dash.noWorkers")} testId="dash-no-workers">
          <LinkButton to={paths.resources}>{t("dash.addStaff")}</LinkButton>
        </EmptyState>
      )}
    </Section>
  );
}

function Tasks({ tasks }: { tasks: Dashboard["tasks"] }) {
  useSignals();
  return (
    <Section id="dash-tasks" title={t("dashboard.tasks")} testId="dash-tasks">
      {tasks.length ? (
        <ul className={cx(stack, css`list-style: none; margin: 0; padding: 0;`)}>
          {tasks.map((task) => (
            <li key={task.issue_id} className={taskCss} data-testid="dash-task">
              <div className="top">
                <h3>
                  <bdi>{task.title}</bdi>
                </h3>
                <StageBadge stage={task.stage} />
              </div>
              {task.property_type && (
                <p className="meta">
                  <TypeBadge type={task.property_type} />
                </p>
              )}
              {task.desc && (
                <p className="desc" dir="auto">
                  {task.desc}
                </p>
              )}
              <p className={muted}>{t("dashboard.lastUpdated", { date: formatDay(task.updated_at, lang.value) })}</p>
              <LinkButton to={paths.issueView(task.issue_id)} aria-label={t("dash.viewDetailsOf", { title: task.title })}>
                {t("dashboard.viewDetails")}
              </LinkButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className={cx(muted, css`margin: 0;`)} data-testid="dash-no-tasks">
          {t("dash.noTasks")}
        </p>
      )}
    </Section>
  );
}

/** The company's dashboard for a month (this month unless the query names another). */
export function DashboardView({ title }: ViewProps) {
  useSignals();
  const asked = new URLSearchParams(useHashSearch()).get("month") ?? "";
  const months = pickableMonths();
  const month = MONTH_RE.test(asked) ? asked : months[0];
  const options = months.includes(month) ? months : [month, ...months];
  const dashboard = useResource((signal) => fetchDashboard(month, signal), [month]);
  const data = dashboard.data;
  const pick = (next: string) => navigate(next === months[0] ? paths.dashboard : `${paths.dashboard}?month=${next}`, { replace: true });

  return (
    <main className={page}>
      <NestedTitle title={t(title)} />
      <div className={stack}>
        <SelectField id="dash-month" label={t("dash.month")} value={month} onChange={(e) => pick(e.target.value)}>
          {options.map((m) => (
            <option key={m} value={m}>
              {formatMonth(m, lang.value)}
            </option>
          ))}
        </SelectField>
        <div className={stack} aria-busy={dashboard.loading}>
          {dashboard.loading && <Loading />}
          {dashboard.error != null && <LoadError retry={dashboard.retry} text="dash.loadError" />}
          {data && (
            <>
              <MonthFigures data={data} />
              <Overview properties={data.properties} />
              <Workers workers={data.workers} />
              <Tasks tasks={data.tasks} />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
