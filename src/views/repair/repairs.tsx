import { css } from "goober";
import { Suspense } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type RepairsStatus, fetchRepairs } from "../../api/repairs";
import { ListEnd } from "../../components/ListEnd";
import { OutboxWaiting, useOutboxSent } from "../../components/OutboxList";
import { useNewsArrived } from "../../lib/use-news";
import { SavedAt } from "../../components/SavedAt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { StatusTabs } from "../../components/StatusTabs";
import { type ListOrMap, MapSpinner, ViewSwitch, viewOf } from "../../components/ViewSwitch";
import { EmptyState, LinkButton, LoadError, NestedTitle, PlusIcon, centerCss } from "../../components/property/parts";
import { RepairCards } from "../../components/repair/RepairCard";
import type { Issue } from "../../contract/issues";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { keptRepairs } from "../../lib/kept";
import { type PagedResource, usePagedList } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { user } from "../../signals/session";
import { cx, page, stack } from "../../styles/theme";
import { lazyHeld } from "../../lib/lazy-held";

const TABS: RepairsStatus[] = ["open", "closed"];

/**
 * The counts on the manager's /home, opened (/repair?show=): the open repairs each stands for, as GET /issue/issues
 * selects them (the counts and these lists share their conditions on the server), with a title and an empty state.
 */
const SHOWS = {
  unassigned: { query: { stage: "reported" }, title: "repair.show.unassigned", empty: "repair.show.emptyUnassigned" },
  waiting: { query: { stage: "assigned" }, title: "repair.show.waiting", empty: "repair.show.emptyWaiting" },
  today: { query: { visit: "today" }, title: "repair.show.today", empty: "repair.show.emptyToday" },
  overdue: { query: { visit: "overdue" }, title: "repair.show.overdue", empty: "repair.show.emptyOverdue" },
} as const;
type Show = keyof typeof SHOWS;
const showOf = (search: string): Show | null => {
  const name = new URLSearchParams(search).get("show") ?? "";
  return Object.hasOwn(SHOWS, name) ? (name as Show) : null;
};

const byIssueId = (issue: Issue) => issue.issue_id;

// The managers' map (issue 17) and Leaflet load only when its tab is opened.
const CompanyMap = lazyHeld(() => import("../../components/map/MapPanels").then((m) => m.CompanyMap));
const NO_FILTER = {};

/**
 * /repair (LOOP.md section 3; roles 0, 2, 3): the repairs the caller may see (a manager's company's) in Open and
 * Closed tabs. The tab lives in the query (a link or back keeps it); a switch aborts the other tab's page on its way.
 * Managers also get List | Map (issue 17): the open repairs on a map with their technicians, and each count of their
 * /home opens here (?show=, SHOWS) as a nested screen of the repairs it counts.
 */
export function RepairsView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  const tab: RepairsStatus = new URLSearchParams(search).get("tab") === "closed" ? "closed" : "open";
  const mapped = user.value?.role === 2;
  const shown = showOf(search);
  if (shown) return <ShownRepairs show={shown} company={mapped} />;
  const view = mapped ? viewOf(search) : "list";
  const show = (next: ListOrMap) => navigate(next === "map" ? paths.repairMap : paths.repairTab(tab), { replace: true });

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <OutboxWaiting />
        {mapped && <ViewSwitch value={view} onSelect={show} />}
        {view === "map" ? (
          <div id="view-panel" role="tabpanel" aria-labelledby="view-tab-map">
            <Suspense fallback={<MapSpinner />}>
              <CompanyMap query={NO_FILTER} viewKey="repair" />
            </Suspense>
          </div>
        ) : (
          <RepairsList tab={tab} />
        )}
      </div>
    </main>
  );
}

/** The open repairs one count of the manager's /home stands for: a nested screen, back to /home. */
function ShownRepairs({ show, company }: { show: Show; company: boolean }) {
  useSignals();
  const { query, title, empty: emptyText } = SHOWS[show];
  // A manager's counts are over their company's repairs (scope=company); anyone else who opens the address gets theirs.
  const extra = company ? { scope: "company", ...query } : query;
  const repairs = usePagedList((n, signal) => fetchRepairs("open", n, signal, extra), byIssueId, [show], { keep: keptRepairs(show) });
  const empty = repairs.list.done && repairs.error == null && repairs.list.items.length === 0;
  return (
    <main className={page}>
      <NestedTitle title={t(title)} />
      <section className={stack} aria-busy={repairs.loading} data-testid="repair-show">
        <RepairsItems repairs={repairs} />
        {empty && (
          <EmptyState text={t(emptyText)} testId="repair-empty">
            <LinkButton to={paths.repair}>{t("repair.show.all")}</LinkButton>
          </EmptyState>
        )}
      </section>
    </main>
  );
}

/** A page of repairs as loaded so far: saved-at, the cards, a failed load and the list's end. */
function RepairsItems({ repairs }: { repairs: PagedResource<Issue> }) {
  useSignals();
  const items = repairs.list.items;
  return (
    <>
      <SavedAt at={repairs.savedAt} />
      {items.length > 0 && <RepairCards issues={items} testId="repair-list" />}
      {repairs.error != null && <LoadError retry={repairs.retry} text="repair.list.loadError" />}
      <ListEnd paged={repairs} loadMoreLabel={t("repair.list.loadMore")} className={cx(centerCss, css`&:empty { padding: 0; }`)} testId="list-end" />
    </>
  );
}

/** The list on its Open and Closed tabs. */
function RepairsList({ tab }: { tab: RepairsStatus }) {
  useSignals();
  const repairs = usePagedList((n, signal) => fetchRepairs(tab, n, signal), byIssueId, [tab], { keep: keptRepairs(tab) });
  const empty = repairs.list.done && repairs.error == null && repairs.list.items.length === 0;

  // A report that waited in the outbox (issue 15) has arrived, or a move (a confirmation, a slot picked): the list loads
  // again to show it as it is now.
  useOutboxSent(() => repairs.reload());
  // A notification came while the list was up (assigned, completed): its first page again, quietly.
  useNewsArrived(() => repairs.refresh());

  const select = (next: RepairsStatus) => navigate(paths.repairTab(next), { replace: true });

  return (
    <>
      <StatusTabs
        tabs={TABS}
        value={tab}
        onSelect={select}
        label={t("repair.list.tabsLabel")}
        labelOf={(s) => t(s === "open" ? "repair.list.open" : "repair.list.closed")}
        idPrefix="repair"
      />
      <section id="repair-panel" role="tabpanel" aria-labelledby={`repair-tab-${tab}`} aria-busy={repairs.loading} className={stack}>
        <RepairsItems repairs={repairs} />
        {empty &&
          (tab === "open" ? (
            <EmptyState text={t("repair.list.emptyOpen")} testId="repair-empty">
              <LinkButton to={paths.addIssue()} primary>
                <PlusIcon />
                {t("repair.reportProblem")}
              </LinkButton>
            </EmptyState>
          ) : (
            <EmptyState text={t("repair.list.emptyClosed")} testId="repair-empty" />
          ))}
      </section>
    </>
  );
}
