import { css } from "goober";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { errorDetail, isHttpError } from "../../api/client";
import { Later } from "../../components/Later";
import { fetchIssue } from "../../api/issues";
import { ContactCard, ReporterCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { AgreedVisit, AvailabilityList, IssueScreen, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import { section } from "../../components/issues/styles";
import { RepairStatus, type RunMove } from "../../components/repair/RepairStatus";
import { IssueTimeline } from "../../components/repair/IssueTimeline";
import { useIssueSent } from "../../components/issues/use-issue-sent";
import { useNewsArrived } from "../../lib/use-news";
import { useOutboxSent } from "../../components/OutboxList";
import { WorkReport } from "../../components/repair/WorkReport";
import type { Issue } from "../../contract/issues";
import type { Stage } from "../../contract/repairs";
import { thisPage } from "../../lib/hash-location";
import { offerIssue } from "../../api/jobs";
import { LinkButton } from "../../components/property/parts";
import { AssignButton } from "../../components/repair/AssignSheet";
import { Button } from "../../components/ui";
import { type ViewProps, paths } from "../../paths";
import { muted } from "../../styles/theme";
import { t } from "../../signals/language";
import { pendingUploads } from "../../signals/pending-uploads";
import { showToast } from "../../signals/toasts";
import { user } from "../../signals/session";

/** Default map centre for an issue without coordinates: Muscat. */
export const MUSCAT: [number, number] = [23.588, 58.3829];

const closedNote = css`
  display: flex; gap: 10px; align-items: center; margin: 0; padding: 12px; border-radius: 10px;
  background: #dcfce7; color: #14532d; font-weight: 600;
`;

/**
 * The issue as it is now, also written into history state (when the state is this issue's, or empty) so that a
 * reload or a step back shows it rather than the list's older copy.
 */
function remember(issue: Issue) {
  const state = history.state as { issue_id?: unknown } | null;
  if (!state || state.issue_id === issue.issue_id) history.replaceState(thisPage(issue), "");
}

/** SPEC.md's read-only screen as it was, for an issue a server sends without a stage (no moves, no timeline). */
function ClassicDetails({ issue }: { issue: Issue }) {
  useSignals();
  return (
    <>
      <PropertyCard issue={issue} />
      <IssueSummary issue={issue} />
      <AgreedVisit issue={issue} />
      <ContactCard title={t("contact.creatorTitle")} name={issue.creater_name} mobile={issue.creater_mob_no} profile={issue.creater_profile[0]?.path} />
      <LocationSection issue={issue} fallback={MUSCAT} />
      <Gallery images={issue.issue_images} videos={issue.issue_videos} />
      <section className={section} aria-labelledby="repair-title">
        <h2 id="repair-title">{t("issues.repairAction")}</h2>
        {issue.issue_status === 1 ? (
          <p className={closedNote} data-testid="closed-message">
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="11" fill="#15803d" />
              <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t("issues.closedMessage")}
          </p>
        ) : (
          <p className={css`margin: 0;`}>{t("issues.repairPending")}</p>
        )}
      </section>
    </>
  );
}

/**
 * What the server allows beside the customer's moves (issue 12): assign or reassign (managers; an owner whose property
 * no company runs), offer the job to independent technicians nearby, and open the e-receipt.
 */
function JobLinks({ issue, run, onAssigned }: { issue: Issue; run: RunMove; onAssigned: (next: Issue | undefined) => void }) {
  useSignals();
  const a = issue.actions ?? [];
  if (!a.includes("assign") && !a.includes("offer") && !a.includes("receipt") && !issue.offered) return null;
  return (
    <div className={jobLinks} data-testid="job-links">
      {issue.offered && a.includes("assign") && <p className={css`margin: 0;`}>{t("issueLinks.offered")}</p>}
      <AssignButton issue={issue} onDone={onAssigned} />
      {a.includes("offer") && (
        <>
          <Button variant="secondary" onClick={() => run(() => offerIssue(issue.issue_id)).catch(() => undefined)}>
            {t("issueLinks.offer")}
          </Button>
          <p className={muted}>{t("issueLinks.offerHint")}</p>
        </>
      )}
      {a.includes("receipt") && (
        <LinkButton to={paths.receipt(issue.issue_id)} primary data-testid="receipt-link">
          {t("issueLinks.receipt")}
        </LinkButton>
      )}
    </div>
  );
}

const jobLinks = css`display: flex; flex-direction: column; gap: 8px;`;
/** Stages before the technician proposes or sets a visit. */
const BEFORE_TIMES: readonly Stage[] = ["reported", "assigned", "accepted"];

/**
 * An issue with its stage (issue 11): the read-only parts plus its state and the moves the server allows, the
 * timeline with comments, and the technician's contact. After a move the server's answer shows at once.
 */
function RepairDetails({ loaded }: { loaded: Issue }) {
  useSignals();
  const [moved, setMoved] = useState<Issue | null>(null);
  const issue = moved ?? loaded;
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  // Counts what was shown since: a read started before a move answers with the repair as it was, and must not undo it.
  const shownCount = useRef(0);
  const apply = useCallback((next: Issue) => {
    shownCount.current++;
    setMoved(next);
    remember(next);
  }, []);

  // Photos of the report still on their way (sent from the report screen): say so, and show them once they arrived.
  const sending = pendingUploads.value[loaded.issue_id];
  const wasSending = useRef(!!sending);
  useEffect(() => {
    if (sending) wasSending.current = true;
    else if (wasSending.current) {
      wasSending.current = false;
      fetchIssue(loaded.issue_id).then(apply, () => undefined);
    }
  }, [sending, loaded.issue_id, apply]);

  // A move, completion or comment of this repair sent from the outbox (D23): the repair as it is now, even when the
  // screen read the server's older copy while it still waited (a reload offline, then the network back).
  useIssueSent(loaded.issue_id, (next) => {
    apply(next);
    refresh();
  });
  // Photos of the report that waited on the phone (the network failed as they went) have arrived: show them.
  useOutboxSent(
    () => {
      const asked = shownCount.current;
      fetchIssue(loaded.issue_id).then(
        (next) => asked === shownCount.current && apply(next),
        () => undefined,
      );
    },
    { kinds: ["photos"], issueId: loaded.issue_id },
  );
  // A notification came while the repair was on screen (completed, a visit set, a comment): read it again, with its
  // timeline (walked: the tenant's screen still said On hold after the job was completed).
  useNewsArrived(() => {
    const asked = shownCount.current;
    fetchIssue(loaded.issue_id).then(
      (next) => asked === shownCount.current && apply(next),
      () => undefined,
    );
    refresh();
  });

  const run: RunMove = async (call) => {
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call();
    } catch (e) {
      showToast({ key: "repair.moveError", message: await errorDetail(e) }, "error", { id: "repair-move" });
      // 409 or 403: the repair moved on meanwhile (or the user may no longer act); show it as it is now.
      if (isHttpError(e) && (e.response.status === 409 || e.response.status === 403)) fetchIssue(loaded.issue_id).then(apply, () => undefined);
      throw e;
    }
    showToast({ key: "repair.moveDone", message: answer.message }, "success", { id: "repair-move" });
    const next = answer.data ?? (await fetchIssue(loaded.issue_id).catch(() => undefined));
    if (next) apply(next);
    refresh();
  };

  return (
    <>
      <PropertyCard issue={issue} />
      <IssueSummary issue={issue} />
      <RepairStatus issue={issue} run={run} />
      {/* The times the reporter offered, until a visit is proposed or set: they were seen only in the edit form. */}
      {issue.available.length > 0 && BEFORE_TIMES.includes(issue.stage as Stage) && (
        <AvailabilityList slots={issue.available} title={issue.mine ? t("repair.yourTimes") : undefined} />
      )}
      <JobLinks issue={issue} run={run} onAssigned={(next) => (next ? (apply(next), refresh()) : fetchIssue(loaded.issue_id).then(apply, () => undefined))} />
      {/* Below the fold on a phone: a frame later when the page opened here (a push, an email's link). */}
      <Later>
        <WorkReport issue={issue} />
        <IssueTimeline issue={issue} version={version} />
        {!issue.mine && <ReporterCard issue={issue} title={t("contact.creatorTitle")} />}
        {issue.tech_name && issue.tech_mob_no && (issue.tech_id == null || issue.tech_id !== user.value?.user_id) && (
          <ContactCard id="tech-contact-title" title={t("repair.techContact")} name={issue.tech_name} mobile={issue.tech_mob_no} repair={issue.title} />
        )}
        <LocationSection issue={issue} fallback={MUSCAT} />
        {sending && (
          <p role="status" className={css`margin: 0;`} data-testid="issue-uploading">
            {t("repair.card.uploading", { sent: sending.sent, total: sending.total })}
          </p>
        )}
        <Gallery images={issue.issue_images} videos={issue.issue_videos} />
      </Later>
    </>
  );
}

/**
 * Issue details for everyone concerned (SPEC.md section 2, D4, LOOP.md section 3): /property/issues-view, and the
 * technician's /property/closed-issue.
 */
export function IssueReadOnlyView(_: ViewProps) {
  useSignals();
  return (
    <IssueScreen>
      {(issue) => (issue.stage === undefined ? <ClassicDetails issue={issue} /> : <RepairDetails key={issue.issue_id} loaded={issue} />)}
    </IssueScreen>
  );
}
