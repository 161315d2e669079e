// /reports (issue 12, LOOP.md section 3; role 1): the technician's figures for a period (this month, last month, or
// dates they choose) and their work reports in it, newest first, each opening the finished job. The period lives in
// the query (?period=last, ?period=custom&from=&to=), so coming back from a report shows the same period.
import { css } from "goober";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchTechReports } from "../../api/jobs";
import { ScreenTitle } from "../../components/ScreenTitle";
import { EmptyState, LinkButton, LoadError, Loading, Section, href, listCss } from "../../components/property/parts";
import type { TechReports } from "../../contract/jobs";
import { formatDay, parseStrict } from "../../lib/dates";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { cx, errorText, muted, page, stack } from "../../styles/theme";
import { Tiles, hoursOf, ratingOf } from "./figures";

export type PeriodKind = "this" | "last" | "custom";
const KINDS: PeriodKind[] = ["this", "last", "custom"];
const DAY = "YYYY-MM-DD";
const isDay = (s: string | null | undefined): s is string => !!s && parseStrict(s, "day").isValid();

/** The days a period covers, both included, in the phone's local calendar. */
export function periodDays(kind: PeriodKind, now = dayjs()): { from: string; to: string } {
  if (kind === "last") {
    const last = now.startOf("month").subtract(1, "month");
    return { from: last.format(DAY), to: last.endOf("month").format(DAY) };
  }
  return { from: now.startOf("month").format(DAY), to: now.format(DAY) };
}

/** The link of /reports for a period. */
const reportsPath = (kind: PeriodKind, from?: string, to?: string) =>
  kind === "this" ? paths.reports : kind === "last" ? `${paths.reports}?period=last` : `${paths.reports}?period=custom&from=${from}&to=${to}`;

const pickerCss = css`
  border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;
  & legend { font-weight: 600; font-size: 14px; padding: 0; margin-bottom: 8px; }
  & .chips { display: flex; flex-wrap: wrap; gap: 8px; }
  & .chips label {
    display: inline-flex; align-items: center; gap: 8px; min-height: 44px; padding: 8px 16px; border-radius: 999px; cursor: pointer;
    border: 1px solid var(--line); background: #fff; font-weight: 600; color: var(--ink);
  }
  & .chips label:has(input:checked) { background: var(--brand-soft); border-color: var(--brand); color: var(--brand-dark); }
  & .chips input { margin: 0; width: 18px; height: 18px; accent-color: var(--brand); }
  & .dates { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
  & .dates label { display: flex; flex-direction: column; gap: 6px; font-weight: 600; font-size: 14px; }
  & .dates input { min-height: 48px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; background: #fff; width: 100%; }
`;

/** This month, last month, or two dates; a custom period is asked for only once both dates are there and in order. */
function PeriodPicker({ kind, from, to }: { kind: PeriodKind; from: string; to: string }) {
  useSignals();
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const order = isDay(draft.from) && isDay(draft.to) && draft.from > draft.to;
  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    if (isDay(next.from) && isDay(next.to) && next.from <= next.to) navigate(reportsPath("custom", next.from, next.to), { replace: true });
  };
  const pick = (next: PeriodKind) => navigate(reportsPath(next, from, to), { replace: true });
  return (
    <fieldset className={pickerCss} data-testid="period-picker">
      <legend>{t("techReports.period")}</legend>
      <div className="chips">
        {KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name="period" value={k} checked={kind === k} onChange={() => pick(k)} />
            {t(`techReports.${k}`)}
          </label>
        ))}
      </div>
      {kind === "custom" && (
        <div className="dates">
          <label>
            {t("techReports.from")}
            <input type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => change({ ...draft, from: e.target.value })} />
          </label>
          <label>
            {t("techReports.to")}
            <input
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={order || undefined}
              aria-describedby={order ? "period-error" : undefined}
              onChange={(e) => change({ ...draft, to: e.target.value })}
            />
          </label>
        </div>
      )}
      {order && (
        <p id="period-error" role="alert" className={errorText}>
          {t("techReports.periodOrder")}
        </p>
      )}
    </fieldset>
  );
}

const rowCss = css`
  display: flex; flex-direction: column; gap: 4px; padding: 12px; min-height: 44px; text-decoration: none; color: var(--ink);
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius);
  & .title { font-weight: 700; overflow-wrap: anywhere; }
  & .meta { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 14px; color: var(--muted); }
`;

function ReportRow({ report }: { report: TechReports["reports"][number] }) {
  useSignals();
  return (
    <a href={href(paths.closedIssue(report.issue_id))} className={rowCss} data-testid="report-row">
      <span className="title">
        <bdi>{report.title}</bdi>
      </span>
      {/* Each name isolated on its own and the line in the page's direction, as on a repair's card: one <bdi> around
          the whole line took its direction from the property's name, and in Arabic read «Flat 7 الوحدة» last. */}
      {(report.property_name || report.unit_name) && (
        <span className="meta">
          <span>
            <bdi>{report.property_name}</bdi>
            {report.property_name && report.unit_name && " · "}
            {report.unit_name && <bdi>{t("techReports.unit", { unit: report.unit_name })}</bdi>}
          </span>
        </span>
      )}
      <span className="meta">
        <span>{t("techReports.completedOn", { date: formatDay(report.completed_at, lang.value) })}</span>
        <span>{t("techReports.timeOnSite", { hours: hoursOf(report.minutes) })}</span>
        <span>{t("techReports.partsUsed", { n: report.parts })}</span>
        <span>{report.rating == null ? t("techReports.notRated") : t("techReports.rated", { n: report.rating })}</span>
      </span>
    </a>
  );
}

function Figures({ data }: { data: TechReports }) {
  useSignals();
  const f = data.figures;
  const rating = ratingOf(f.average_rating);
  return (
    <Section id="reports-figures" title={t("techReports.figures")} testId="reports-figures">
      <p className={cx(muted, css`margin: -4px 0 10px;`)} data-testid="reports-range">
        {t("techReports.range", { from: formatDay(data.from, lang.value), to: formatDay(data.to, lang.value) })}
      </p>
      <Tiles
        tiles={[
          { key: "jobs", label: t("techReports.jobsDone"), value: String(f.jobs_done) },
          { key: "hours", label: t("techReports.hours"), value: hoursOf(f.minutes) },
          { key: "parts", label: t("techReports.parts"), value: String(f.parts) },
          { key: "rating", label: t("techReports.rating"), value: rating ?? t("techReports.noRating"), small: rating == null },
          { key: "reopened", label: t("techReports.reopened"), value: String(f.reopened) },
        ]}
      />
    </Section>
  );
}

/** /reports: the technician's figures and work reports for the chosen period. */
export function ReportsView({ title }: ViewProps) {
  useSignals();
  const query = new URLSearchParams(useHashSearch());
  const asked = query.get("period");
  const kind: PeriodKind = asked === "last" || asked === "custom" ? asked : "this";
  const preset = periodDays(kind === "last" ? "last" : "this");
  const qFrom = query.get("from");
  const qTo = query.get("to");
  const custom = kind === "custom" && isDay(qFrom) && isDay(qTo) && qFrom <= qTo;
  const from = kind === "custom" ? (custom ? qFrom : preset.from) : preset.from;
  const to = kind === "custom" ? (custom ? qTo : preset.to) : preset.to;
  const reports = useResource((signal) => fetchTechReports({ from, to }, signal), [from, to]);
  const data = reports.data;

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <PeriodPicker kind={kind} from={from} to={to} />
        <div className={stack} aria-busy={reports.loading}>
          {reports.loading && <Loading />}
          {reports.error != null && <LoadError retry={reports.retry} text="techReports.loadError" />}
          {data && <Figures data={data} />}
          {data &&
            (data.reports.length ? (
              <Section id="reports-list" title={t("techReports.list")} testId="reports-list">
                <ul className={listCss}>
                  {data.reports.map((r) => (
                    <li key={`${r.issue_id}-${r.completed_at}`}>
                      <ReportRow report={r} />
                    </li>
                  ))}
                </ul>
              </Section>
            ) : (
              <EmptyState text={t("techReports.empty")} testId="reports-empty">
                <LinkButton to={paths.jobs} primary>
                  {t("techReports.goToJobs")}
                </LinkButton>
              </EmptyState>
            ))}
        </div>
      </div>
    </main>
  );
}
