import { css } from "goober";
import { LoadError } from "../../components/property/parts";
import { Suspense, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type JobsStatus, fetchJobs } from "../../api/issues";
import { acceptJob, fetchOffers } from "../../api/jobs";
import { SavedAt } from "../../components/SavedAt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { StatusTabs } from "../../components/StatusTabs";
import { EmergencyMark, StageBadge } from "../../components/repair/StageBadge";
import { MapSpinner, type ListOrMap, ViewSwitch, viewOf } from "../../components/ViewSwitch";
import { Button, Spinner } from "../../components/ui";
import type { Issue } from "../../contract/issues";
import { formatDay } from "../../lib/dates";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { usePagedList, useResource } from "../../lib/use-resource";
import { useOutboxSent } from "../../components/OutboxList";
import { useNewsArrived } from "../../lib/use-news";
import { outboxItems } from "../../signals/outbox";
import { withQueuedMoves } from "./queued-moves";
import { type ViewProps, paths } from "../../paths";
import { SKILLS, skillName } from "../../data/skills";
import { lang, t } from "../../signals/language";
import { user } from "../../signals/session";
import { showToast } from "../../signals/toasts";
import { cx, muted, page } from "../../styles/theme";
import { failureOf } from "../property/failure";
import { lazyHeld } from "../../lib/lazy-held";
import { unitText } from "../../components/repair/unit-text";

const TABS: JobsStatus[] = ["open", "closed"];

// The map and Leaflet load only when the Map tab is opened (issue 17): never on the list's first load.
const JobsMap = lazyHeld(() => import("../../components/map/MapPanels").then((m) => m.JobsMap));

const list = css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;`;
const waitingCss = css`font-size: 12px; font-weight: 700; padding: 2px 8px; border-radius: 999px; background: #fef3c7; color: #78350f;`;
const item = css`
  display: flex; flex-direction: column; width: 100%; gap: 8px; align-items: flex-start; text-align: start;
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 14px; cursor: pointer;
  & > span:first-child { min-width: 0; max-width: 100%; }
  /* The stage on top, as on a repair's card; read after the title, which names the button. */
  & > .badges { order: -1; display: flex; flex-wrap: wrap; gap: 6px; }
  & .title { display: block; font-size: 16px; font-weight: 700; margin: 0 0 4px; color: var(--ink); overflow-wrap: anywhere; }
  & .sub { display: block; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
`;

const byIssueId = (issue: Issue) => issue.issue_id;

const offerCss = css`
  display: flex; flex-direction: column; gap: 10px; background: var(--card); border: 1px solid var(--brand); border-radius: var(--radius);
  padding: 14px;
  & .title { font-size: 16px; font-weight: 700; margin: 0; }
  & .sub { color: var(--muted); font-size: 14px; margin: 0; }
  & .buttons { display: flex; flex-wrap: wrap; gap: 10px; }
  & .buttons > * { flex: 1 1 120px; }
`;

/** An independent technician: no company (the sign-in answer's company_id is null). */
export const isIndependent = () => user.value?.role === 1 && user.value.company_id === null;

/**
 * Jobs offered to independent technicians near them (issue 12, LOOP.md section 4): each with View and Accept. The
 * first to accept takes it; a job someone else took first (409) says so and leaves the list.
 */
function Offers() {
  useSignals();
  const offers = useResource((signal) => fetchOffers(1, signal), []);
  const [gone, setGone] = useState<number[]>([]);
  const [taking, setTaking] = useState<number | null>(null);
  const items = (offers.data?.data ?? []).filter((i) => !gone.includes(i.issue_id));
  if (offers.loading || (!offers.error && !items.length)) return null;

  const accept = async (issue: Issue) => {
    if (taking != null) return;
    setTaking(issue.issue_id);
    try {
      const answer = await acceptJob(issue.issue_id);
      showToast({ key: "offers.accepted", message: answer.message }, "success", { id: "offer" });
      navigate(paths.openIssue(issue.issue_id), answer.data ? { state: answer.data } : {});
    } catch (e) {
      const failure = await failureOf(e);
      if (failure.status === 409 || failure.status === 404) {
        showToast({ key: "offers.taken" }, "error", { id: "offer" });
        setGone((g) => [...g, issue.issue_id]);
      } else showToast({ key: "offers.failed", message: failure.detail }, "error", { id: "offer" });
    } finally {
      setTaking(null);
    }
  };

  return (
    <section aria-labelledby="offers-title" data-testid="offers" className={css`margin-bottom: 18px;`}>
      <h2 id="offers-title" className={css`font-size: 18px; margin: 0 0 4px;`}>
        {t("offers.title")}
      </h2>
      <p className={cx(muted, css`margin: 0 0 10px;`)}>{t("offers.hint")}</p>
      {offers.error != null ? (
        <LoadError retry={offers.retry} text="offers.loadError" />
      ) : (
        <ul className={list}>
          {items.map((issue) => {
            const category = SKILLS.find((s) => s.id === issue.category);
            return (
              <li key={issue.issue_id} className={offerCss} data-testid="offer">
                {/* Isolated rather than dir="auto": an English title on an Arabic screen keeps the row's right edge. */}
                <p className="title">
                  <bdi>{issue.title}</bdi>
                </p>
                <p className="sub">
                  {category && <bdi>{skillName(category, lang.value)}</bdi>}
                  {category && " · "}
                  <bdi>{issue.name}</bdi>
                </p>
                <p className="sub">
                  <time dateTime={issue.created_at}>{formatDay(issue.created_at, lang.value)}</time>
                </p>
                <div className="buttons">
                  <Button
                    variant="secondary"
                    aria-label={t("offers.viewNamed", { title: issue.title })}
                    onClick={() => navigate(paths.openIssue(issue.issue_id), { state: issue })}
                  >
                    {t("offers.view")}
                  </Button>
                  <Button
                    disabled={taking != null}
                    aria-busy={taking === issue.issue_id || undefined}
                    aria-label={t("offers.acceptNamed", { title: issue.title })}
                    onClick={() => void accept(issue)}
                  >
                    {taking === issue.issue_id ? t("offers.accepting") : t("offers.accept")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The job list on its Open and Closed tabs; a tab switch aborts the other tab's page on its way. */
function JobsList({ tab }: { tab: JobsStatus }) {
  useSignals();
  // Kept on the phone per tab (D23): offline, the technician still sees the jobs with their addresses.
  const jobs = usePagedList((page, signal) => fetchJobs(tab, page, signal), byIssueId, [tab], { keep: `jobs:${tab}` });
  // Loaded again when the outbox has sent a move (a start or a completion made offline goes as the connection returns):
  // the list read on reconnecting may have come before it.
  useOutboxSent(() => jobs.reload());
  // A notification came while the list was up (a job assigned, cancelled): its first page again, quietly.
  useNewsArrived(() => jobs.refresh());
  const items = jobs.list.items;
  const failed = jobs.error != null;

  const select = (next: JobsStatus) => navigate(paths.jobsTab(next), { replace: true });
  const open = (issue: Issue) => navigate(issue.issue_status === 1 ? paths.closedIssue(issue.issue_id) : paths.openIssue(issue.issue_id), { state: issue });

  return (
    <>
      <StatusTabs
        tabs={TABS}
        value={tab}
        onSelect={select}
        label={t("issues.tabsLabel")}
        labelOf={(s) => (s === "open" ? t("issues.tabOpen") : t("issues.tabClosed"))}
        idPrefix="jobs"
        className={css`margin-bottom: 14px;`}
      />
      <section id="jobs-panel" role="tabpanel" aria-labelledby={`jobs-tab-${tab}`} aria-busy={jobs.loading}>
        <SavedAt at={jobs.savedAt} className={css`margin-bottom: 12px;`} />
        {failed && <LoadError retry={jobs.retry} text="issues.loadError" />}
        {!jobs.loading && !failed && items.length === 0 && (
          <p>{tab === "closed" ? t("issues.emptyClosed") : t(isIndependent() ? "issues.emptyOpenOwn" : "issues.emptyOpen")}</p>
        )}
        {items.length > 0 && (
          <ul className={list} data-testid="jobs-list">
            {items.map((read) => {
              // A move made offline shows as it will be once sent (as on the job's screen), marked as waiting to send.
              const waits = outboxItems.value.some((i) => i.issueId === read.issue_id && (i.state === "waiting" || i.state === "sending"));
              const issue = waits ? withQueuedMoves(read, outboxItems.value) : read;
              const unit = unitText(issue);
              return (
                <li key={issue.issue_id}>
                  <button type="button" className={item} onClick={() => open(issue)}>
                    <span>
                      {/* Isolated rather than dir="auto": an English title on an Arabic screen keeps the row's right edge. */}
                      <span className="title">
                        <bdi>{issue.title}</bdi>
                      </span>
                      <span className="sub">
                        <bdi>{issue.name}</bdi>
                        {unit && (
                          <>
                            {" · "}
                            <bdi>{unit}</bdi>
                          </>
                        )}
                      </span>
                      <span className="sub">
                        <time dateTime={issue.created_at}>{formatDay(issue.created_at, lang.value)}</time>
                      </span>
                    </span>
                    <span className="badges">
                      <StageBadge stage={issue.stage} status={issue.issue_status} held={issue.held_at} />
                      {issue.emergency && <EmergencyMark />}
                      {waits && (
                        <span className={waitingCss} data-testid="job-waiting">
                          {t("outbox.title")}
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {jobs.loading && (
          <div className={css`display: flex; justify-content: center; padding: 24px;`}>
            <Spinner />
          </div>
        )}
        {!jobs.loading && !failed && !jobs.list.done && (
          <Button variant="secondary" block className={css`margin-top: 12px;`} onClick={jobs.loadMore}>
            {t("issues.loadMore")}
          </Button>
        )}
      </section>
    </>
  );
}

/**
 * The technician's jobs (D4: /jobs): a List | Map switch (issue 17), the list with Open and Closed tabs, or the open
 * jobs on a map in visit order. The choice and the tab live in the query, so Back from a job returns to the same one.
 */
export function JobsView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  const view = viewOf(search);
  const tab: JobsStatus = new URLSearchParams(search).get("tab") === "closed" ? "closed" : "open";
  const show = (next: ListOrMap) => navigate(next === "map" ? paths.jobsMap : paths.jobsTab(tab), { replace: true });

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      {isIndependent() && <Offers />}
      <ViewSwitch value={view} onSelect={show} />
      <div id="view-panel" role="tabpanel" aria-labelledby={`view-tab-${view}`}>
        {view === "map" ? (
          <Suspense fallback={<MapSpinner />}>
            <JobsMap />
          </Suspense>
        ) : (
          <JobsList tab={tab} />
        )}
      </div>
    </main>
  );
}
