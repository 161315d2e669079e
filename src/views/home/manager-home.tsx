import { css } from "goober";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchCompanySummary } from "../../api/jobs";
import { fetchProperties } from "../../api/property";
import { fetchRepairs } from "../../api/repairs";
import { ListEnd } from "../../components/ListEnd";
import { SavedAt } from "../../components/SavedAt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { type ListOrMap, MapSpinner, ViewSwitch, viewOf } from "../../components/ViewSwitch";
import { EmptyState, LinkButton, LoadError, href, listCss } from "../../components/property/parts";
import { AssignButton } from "../../components/repair/AssignSheet";
import { RepairCard } from "../../components/repair/RepairCard";
import { Button } from "../../components/ui";
import type { Issue } from "../../contract/issues";
import type { CompanySummary } from "../../contract/jobs";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { usePagedList, useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { card, cx, errorText, page, stack } from "../../styles/theme";
import { lazyHeld } from "../../lib/lazy-held";
import { usePropertyScreensSoon } from "./property-door";

const tiles = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 10px;`;
const tile = css`
  display: flex; flex-direction: column; gap: 4px; min-height: 96px; color: var(--ink); text-decoration: none;
  & .n { font-size: 30px; font-weight: 800; color: var(--brand-dark); line-height: 1.1; }
  & .l { font-weight: 600; }
  & .go { margin-top: auto; color: var(--brand-dark); font-size: 14px; }
`;
const countList = css`list-style: none; margin: 0; padding: 0;`;
// The link fills its item, so each tile of a row is as tall as the tallest.
const countItem = css`display: grid;`;
const countTile = css`min-height: 84px; & .n { font-size: 28px; }`;
// Overdue visits are the one count that is bad news: red when there are any.
const alarmCss = css`border-color: var(--danger); border-inline-start-width: 4px; & .n { color: var(--danger); }`;
const headCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;
  & h2 { font-size: 18px; margin: 0; }
  & h2:focus { outline: none; }
`;
// Each repair and its Assign as one block, set apart from the next: the button stood as near the card below as its own.
const itemCss = css`
  display: flex; flex-direction: column; gap: 8px; padding-block-end: 12px; border-block-end: 1px solid var(--line);
  & > button { align-self: flex-end; min-width: 120px; }
`;
const quietCss = css`margin: 0; padding: 14px 16px; border-radius: var(--radius); background: var(--card); border: 1px solid var(--line);`;

/** Each count and the list of repairs it opens (/repair?show=). */
const COUNTS = [
  { key: "unassigned", label: "managerHome.unassigned", show: "unassigned" },
  { key: "waiting_acceptance", label: "managerHome.waiting", show: "waiting" },
  { key: "today_visits", label: "managerHome.today", show: "today" },
  { key: "overdue", label: "managerHome.overdue", show: "overdue" },
] as const;

/**
 * The four counts of the company's repairs now (GET /company/summary), each a link to the repairs it counts; a refresh
 * keeps the old figures until the new ones come.
 */
/** The company's counts now (GET /company/summary), the last ones kept while new ones come. */
function useSummary(version: number) {
  const summary = useResource((signal) => fetchCompanySummary(signal), [version], { keep: "home:counts" });
  const shown = useRef<CompanySummary | undefined>(undefined);
  if (summary.data) shown.current = summary.data;
  return { summary, data: shown.current };
}

function Counts({ summary, data }: ReturnType<typeof useSummary>) {
  useSignals();
  const locale = lang.value;
  return (
    <section aria-labelledby="counts-title" className={stack} aria-busy={summary.loading}>
      <h2 id="counts-title" className="sr-only">
        {t("managerHome.counts")}
      </h2>
      <ul className={cx(tiles, countList)} data-testid="counts">
        {COUNTS.map(({ key, label, show }) => {
          const n = data?.[key];
          return (
            <li key={key} className={countItem}>
              <a href={href(paths.repairShow(show))} className={cx(card, tile, countTile, key === "overdue" && !!n && alarmCss)} data-testid={`count-${key}`}>
                <span className="n">{n == null ? "…" : n.toLocaleString(locale)}</span>
                <span className="l">{t(label)}</span>
              </a>
            </li>
          );
        })}
      </ul>
      {summary.error != null && !summary.loading && (
        <div className={css`display: flex; flex-wrap: wrap; gap: 8px; align-items: center;`} data-testid="counts-error">
          <p role="alert" className={cx(errorText, css`margin: 0;`)}>
            {t("managerHome.countsError")}
          </p>
          <Button variant="secondary" onClick={summary.retry}>
            {t("managerHome.countsRetry")}
          </Button>
        </div>
      )}
    </section>
  );
}

const byIssueId = (issue: Issue) => issue.issue_id;

// The map of the unassigned repairs (issue 17) and Leaflet load only when its tab is opened.
const CompanyMap = lazyHeld(() => import("../../components/map/MapPanels").then((m) => m.CompanyMap));
const UNASSIGNED = { scope: "company", stage: "reported" };

/**
 * The company's repairs waiting for a technician (GET /issue/issues?status=open&scope=company&stage=reported), each
 * with Assign. An assigned one leaves the list at once; the counts refresh through `onAssigned`.
 */
function Unassigned({ onAssigned }: { onAssigned: () => void }) {
  useSignals();
  const view = viewOf(useHashSearch());
  const show = (next: ListOrMap) => navigate(next === "map" ? paths.homeMap : paths.home, { replace: true });
  return (
    <section className={stack} aria-labelledby="unassigned-title" data-testid="unassigned">
      <div className={headCss}>
        <h2 id="unassigned-title" tabIndex={-1}>
          {t("places.unassigned")}
        </h2>
      </div>
      <ViewSwitch value={view} onSelect={show} />
      <div id="view-panel" role="tabpanel" aria-labelledby={`view-tab-${view}`} className={stack}>
        {view === "map" ? (
          <Suspense fallback={<MapSpinner />}>
            <CompanyMap query={UNASSIGNED} viewKey="home" onAssigned={onAssigned} />
          </Suspense>
        ) : (
          <UnassignedList onAssigned={onAssigned} />
        )}
      </div>
    </section>
  );
}

/** The unassigned repairs as a list, each with Assign. */
function UnassignedList({ onAssigned }: { onAssigned: () => void }) {
  useSignals();
  const heading = useRef<HTMLElement | null>(null);
  const repairs = usePagedList((n, signal) => fetchRepairs("open", n, signal, { scope: "company", stage: "reported" }), byIssueId, [], {
    keep: "home:unassigned",
  });
  const items = repairs.list.items;
  const failed = repairs.error != null;
  const empty = repairs.list.done && !failed && items.length === 0;
  // After an assignment the card and its button are gone (and the sheet hands focus back to that button as it closes):
  // once that is over, keep the keyboard where the list is.
  const [landed, setLanded] = useState(0);
  useEffect(() => {
    if (landed) (heading.current ??= document.getElementById("unassigned-title"))?.focus();
  }, [landed]);

  const assigned = (issueId: number) => {
    // All loaded: drop it here. More pages on the server: they shifted by one, so load the list again from the start.
    if (repairs.list.done)
      repairs.update((l) => ({ ...l, items: l.items.filter((i) => i.issue_id !== issueId), total: l.total == null ? null : Math.max(0, l.total - 1) }));
    else repairs.reload();
    onAssigned();
    setLanded((n) => n + 1);
  };

  return (
    <div className={stack} aria-busy={repairs.loading}>
      {items.length > 0 && (
        <ul className={listCss} data-testid="unassigned-list">
          {items.map((issue) => (
            <li key={issue.issue_id} className={itemCss}>
              <RepairCard issue={issue} />
              <AssignButton issue={issue} onDone={() => assigned(issue.issue_id)} />
            </li>
          ))}
        </ul>
      )}
      {empty && (
        <p className={quietCss} data-testid="unassigned-empty">
          {t("places.unassignedEmpty")}
        </p>
      )}
      {failed && <LoadError retry={repairs.retry} text="managerHome.listError" />}
      <ListEnd paged={repairs} loadMoreLabel={t("managerHome.loadMore")} className={css`display: flex; justify-content: center; &:empty { display: none; }`} />
    </div>
  );
}

/**
 * /home for managers (LOOP.md section 3): the company's repair counts now, what the company runs, its staff and the
 * dashboard, then the repairs waiting for a technician, each with Assign.
 */
export function ManagerHome({ title }: ViewProps) {
  useSignals();
  usePropertyScreensSoon();
  // One row is enough: the answer's total is the company's count of properties.
  const props = useResource((signal) => fetchProperties(1, "", signal), [], { keep: "home:company-places" });
  const [version, setVersion] = useState(0);
  const refreshCounts = useCallback(() => setVersion((v) => v + 1), []);
  const counts = useSummary(version);
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <SavedAt at={props.savedAt} />
        <Counts {...counts} />
        <div className={tiles}>
          <a href={href(paths.properties)} className={cx(card, tile)} data-testid="properties-tile">
            <span className="n">{props.data ? props.data.total : "…"}</span>
            <span className="l">{t("places.companyProperties")}</span>
            <span className="go">{t("places.seeAll")}</span>
          </a>
          <a href={href(paths.resources)} className={cx(card, tile)} data-testid="staff-tile">
            {/* A server without the count (an older one) leaves the number out. */}
            {typeof counts.data?.staff === "number" && <span className="n">{counts.data.staff.toLocaleString(lang.value)}</span>}
            <span className="l">{t("titles.resources")}</span>
            <span className="go">{t("places.seeStaff")}</span>
          </a>
          <a href={href(paths.dashboard)} className={cx(card, tile)} data-testid="dashboard-tile">
            <span className="l">{t("managerHome.dashboard")}</span>
            <span className="go">{t("managerHome.dashboardHint")}</span>
          </a>
        </div>
        {props.error != null && <LoadError retry={props.retry} />}
        {props.data?.total === 0 && (
          <EmptyState text={t("places.companyEmpty")} testId="company-empty">
            <LinkButton to={paths.addProperty} primary>
              {t("places.addProperty")}
            </LinkButton>
          </EmptyState>
        )}
        <Unassigned onAssigned={refreshCounts} />
      </div>
    </main>
  );
}
