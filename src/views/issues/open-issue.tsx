import { css } from "goober";
import { Suspense, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { AckOutcome } from "../../components/issues/AckSheet";
import { ReporterCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { Later } from "../../components/Later";
import { AgreedVisit, AvailabilityList, IssueScreen, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import { EmergencyMark, StageBadge } from "../../components/repair/StageBadge";
import { IssueTimeline } from "../../components/repair/IssueTimeline";
import { WorkReport } from "../../components/repair/WorkReport";
import { Button, Spinner } from "../../components/ui";
import { type ViewProps, paths } from "../../paths";
import { type Issue, type Slot, isAcknowledged } from "../../contract/issues";
import { navigate, thisPage, useHashSearch } from "../../lib/hash-location";
import { goBack, returnTo } from "../../lib/go-back";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { JobActions, heldCss, quoteCss } from "./job-actions";
import { withQueuedMoves } from "./queued-moves";
import { lazyHeld } from "../../lib/lazy-held";
import { lazyLater, useOpenedOnce } from "../../lib/lazy-later";
import { outboxItems } from "../../signals/outbox";
import { fetchIssue } from "../../api/issues";
import { useNewsArrived } from "../../lib/use-news";

// The work report form (with its uploads and signature) loads when Complete is pressed, not with every open issue.
const WorkReportForm = lazyHeld(() => import("./work-report-form").then((m) => m.WorkReportForm));
const AckSheet = lazyLater(() => import("../../components/issues/AckSheet").then((m) => m.AckSheet));

/**
 * What a successful acknowledgement changes: the issue the server sent back (issue 11), else what the acknowledgement
 * means (SPEC.md's server sends no body): the slots, the time, and for an issue with a stage its next stage, its visit
 * and no second acknowledgement. Also written into history state so a reload or back shows it too.
 */
function acknowledged(issue: Issue, slots: Slot[], outcome: AckOutcome): Issue {
  const patch: Partial<Issue> = { tech_available: slots, acknowledged_at: new Date().toISOString() };
  if (issue.stage !== undefined) {
    const proposed = outcome.propose || !issue.available.length;
    patch.stage = proposed ? "proposed" : "scheduled";
    patch.visit = proposed ? null : slots[0];
  }
  if (issue.actions) patch.actions = issue.actions.filter((a) => a !== "acknowledge");
  return remember(outcome.issue ?? { ...issue, ...patch });
}

/** The issue as it is now, written into history state (when the state is this issue's) for a reload or a step back. */
function remember(next: Issue): Issue {
  const state = history.state as { issue_id?: unknown } | null;
  if (state && state.issue_id === next.issue_id) history.replaceState(thisPage({ ...state, ...next }), "");
  return next;
}

/**
 * Whether to offer the acknowledgement: exactly when the server's `actions` list it (issue 11; it is offered again for
 * a reschedule); against a server that sends no `actions`, SPEC.md's rule: open and not acknowledged yet.
 */
export const offersAcknowledgement = (issue: Issue) =>
  issue.actions ? issue.actions.includes("acknowledge") : issue.issue_status !== 1 && !isAcknowledged(issue);

/** Opens the closed job's screen in place of this one, with the issue as read. */
function ToClosedJob({ issue }: { issue: Issue }) {
  useEffect(() => navigate(paths.closedIssue(issue.issue_id), { replace: true, state: issue }), [issue]);
  return <Spinner />;
}

/** Opens the work report form of `issue` once mounted (a reload on the form's entry). */
function ReopenForm({ issue, open }: { issue: Issue; open: (issue: Issue) => void }) {
  useEffect(() => open(issue), [issue, open]);
  return <Spinner />;
}

const actionBar = css`
  position: sticky; bottom: 0; padding: 12px 0 calc(12px + env(safe-area-inset-bottom));
  background: linear-gradient(to top, var(--bg) 70%, transparent);
`;
const badgesCss = css`display: flex; flex-wrap: wrap; gap: 6px; align-items: center;`;

/**
 * Issue details with availability acknowledgement (SPEC.md section 2, D4: /property/open-issues), and the technician's
 * job (issue 12): accept, decline, start, hold, resume, and complete, which opens the work report form in place.
 */
export function OpenIssueView(_: ViewProps) {
  useSignals();
  const [sheet, setSheet] = useState(false);
  const sheetShown = useOpenedOnce(sheet);
  // The issue after the acknowledgement or move just made, shown at once without reloading (keyed by issue: a new one starts clean).
  const [done, setDoneNow] = useState<Issue | null>(null);
  // Each move or acknowledgement adds to the timeline: it is read again.
  const [moves, setMoves] = useState(0);
  // Counts what was shown since: a read started before a move answers with the issue as it was, and must not undo it.
  const shownCount = useRef(0);
  const setDone = (next: Issue) => {
    shownCount.current++;
    setDoneNow(next);
    setMoves((n) => n + 1);
  };
  // Complete pressed: the work report form of this issue takes the screen until it is sent or left. It has a history
  // entry of its own (&report=1), so that back (the phone's, or the form's) returns to the job, not past it to the list.
  const [reporting, setReporting] = useState<Issue | null>(null);
  const query = new URLSearchParams(useHashSearch());
  const reportOpen = query.get("report") === "1";
  // A notification came while the job was on screen (the customer picked a time, commented, cancelled): read it again.
  const issueId = Number(query.get("issue_id"));
  useNewsArrived(() => {
    if (!Number.isInteger(issueId) || issueId < 1) return;
    const asked = shownCount.current;
    fetchIssue(issueId).then(
      (next) => asked === shownCount.current && setDone(remember(next)),
      () => undefined,
    );
  });
  const startReport = (issue: Issue) => {
    setReporting(issue);
    if (!reportOpen) navigate(`${paths.openIssue(issue.issue_id)}&report=1`, { state: history.state });
  };
  if (reporting && reportOpen)
    return (
      <Suspense fallback={<Spinner />}>
        <WorkReportForm
          issue={reporting}
          onCancel={() => goBack(paths.openIssue(reporting.issue_id))}
          onDone={(next, message) => {
            showToast(message, "success", { id: "job-move" });
            // Completed: the technician's closed job, as it is now, in place of the job (back from it goes to the list).
            returnTo(paths.closedIssue(reporting.issue_id), next ?? null);
          }}
        />
      </Suspense>
    );
  return (
    <IssueScreen>
      {(loaded) => {
        // With the moves that wait in the outbox (a reload offline brings back the issue as last read).
        const issue = withQueuedMoves(done?.issue_id === loaded.issue_id ? done : loaded, outboxItems.value);
        // An acknowledgement of this job waiting in the outbox (made offline, then the page reloaded): not offered
        // again, which queued a second one that quietly replaced the first (the job's actions say it waits).
        const ackWaits = outboxItems.value.some(
          (i) => i.issueId === issue.issue_id && i.kind === "acknowledge" && (i.state === "waiting" || i.state === "sending"),
        );
        const open = !ackWaits && offersAcknowledgement(issue);
        // A time is proposed or agreed: the same sheet changes it, offered quietly (the acknowledgement is made).
        const reschedule = !ackWaits && !open && !!issue.actions?.includes("reschedule");
        // A job that is over (a notification from when it was assigned, a reload after the customer cancelled) is the
        // closed job's screen, with its work report and timeline: this one showed "Completed" and nothing of the work.
        if (issue.issue_status === 1) return <ToClosedJob issue={issue} />;
        // The form's own entry (&report=1) opened by a reload: the form again, its draft with it (it showed the job).
        if (reportOpen && !reporting && issue.actions?.includes("complete")) return <ReopenForm issue={issue} open={setReporting} />;
        return (
          <>
            <PropertyCard issue={issue} unitLink={issue.actions?.includes("unit") === true} />
            {issue.stage !== undefined && (
              <div className={badgesCss}>
                <StageBadge stage={issue.stage} status={issue.issue_status} held={issue.held_at} />
                {issue.emergency && <EmergencyMark />}
              </div>
            )}
            <IssueSummary issue={issue} />
            {/* A repair the customer reopened: what is still wrong comes first. */}
            {issue.reopen_reason && (
              <p className={heldCss} data-testid="reopen-reason">
                {t("issues.reopenedBecause")}
                <span className={quoteCss} dir="auto">
                  {issue.reopen_reason}
                </span>
              </p>
            )}
            <JobActions issue={issue} onMoved={(next) => setDone(remember(next))} onComplete={() => startReport(issue)} />
            <AgreedVisit issue={issue} />
            <AvailabilityList slots={issue.available} />
            {/* Below the fold on a phone: a frame later when the page opened here. */}
            <Later>
              {/* A reopened job: what was done at the visit before. */}
              <WorkReport issue={issue} />
              {/* What the customer and the company said of it (comments, a hold's reason), as on their screen. */}
              {issue.stage !== undefined && <IssueTimeline issue={issue} version={moves} />}
              <ReporterCard issue={issue} title={t("contact.title")} />
              <LocationSection issue={issue} fallback={[0, 0]} />
              <Gallery images={issue.issue_images} videos={issue.issue_videos} />
            </Later>
            {open && (
              <div className={actionBar}>
                <Button block onClick={() => setSheet(true)}>
                  {t("issues.acknowledgeButton")}
                </Button>
              </div>
            )}
            {reschedule && (
              <Button variant="secondary" block onClick={() => setSheet(true)}>
                {t("repair.ack.reschedule")}
              </Button>
            )}
            {sheetShown && (
              <Suspense fallback={null}>
                <AckSheet
                  issueId={issue.issue_id}
                  title={issue.title}
                  tenantSlots={issue.available}
                  open={sheet && (open || reschedule)}
                  canPropose={issue.actions !== undefined}
                  onClose={() => setSheet(false)}
                  onDone={(slots, outcome) => setDone(acknowledged(issue, slots, outcome))}
                />
              </Suspense>
            )}
          </>
        );
      }}
    </IssueScreen>
  );
}
