// The technician's side of a job (issue 12, LOOP.md sections 2 and 4): what the job is at now (started when, on hold
// and why) and exactly the buttons the server's `actions` allow: accept (an assigned job, or an offer to independent
// technicians), decline with a reason, start at the agreed visit, hold with a reason and resume, and complete, which
// opens the work report form. Each move shows the server's sentence and the issue as it is afterwards.
import { css } from "goober";
import dayjs from "dayjs";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { isHttpError } from "../../api/client";
import { fetchIssue } from "../../api/issues";
import { acceptJob, declineJob, holdJob, resumeJob, startJob } from "../../api/jobs";
import { newKey } from "../../api/repairs";
import { OutboxNote } from "../../components/OutboxList";
import { useIssueSent } from "../../components/issues/use-issue-sent";
import { PushPrompt } from "../../components/PushPrompt";
import { section } from "../../components/issues/styles";
import { ReasonSheet } from "../../components/repair/ReasonSheet";
import { formatMoment, slotLine } from "../../components/repair/visit";
import { dialogActions } from "../../components/DiscardChanges";
import { Overlay } from "../../components/Overlay";
import { Button } from "../../components/ui";
import type { Issue } from "../../contract/issues";
import type { moveAnswer } from "../../contract/repairs";
import { navigate } from "../../lib/hash-location";
import { moveStep, sendOrQueue } from "../../lib/outbox";
import { type OutboxKind, outboxItems } from "../../signals/outbox";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { cx, muted } from "../../styles/theme";
import { failureOf } from "../property/failure";
import { type JobMove, QUEUED_MOVES, jobMovesOf, optimisticMove } from "./queued-moves";

type MoveAnswer = ReturnType<typeof moveAnswer.parse>;

const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;
/** A notice about the job (on hold, reopened): amber, with the person's own words quoted under it (quoteCss). */
export const heldCss = css`margin: 0; padding: 10px 12px; border-radius: 10px; background: #fef3c7; color: #78350f; font-weight: 600;`;
export const quoteCss = css`display: block; margin-top: 4px; font-weight: 400; white-space: pre-wrap; overflow-wrap: anywhere;`;
const dangerCss = css`color: var(--danger); border-color: var(--danger);`;

export interface JobActionsProps {
  issue: Issue;
  /** The issue as the server has it after a move (shown at once). */
  onMoved: (next: Issue) => void;
  /** Complete: the work report form takes over. */
  onComplete: () => void;
}

/**
 * The job's state and buttons. A move that failed says why (the server's sentence); a 409 or 403 (someone else moved
 * first, or the job went to another technician) shows the issue as it is now, or leads back to the jobs when the
 * technician may see it no more.
 */
/** The agreed visit is on a later day than today, by the phone's calendar. */
const startsEarly = (issue: Pick<Issue, "visit">, today = dayjs().format("YYYY-MM-DD")) => !!issue.visit && issue.visit.date > today;

export function JobActions({ issue, onMoved, onComplete }: JobActionsProps) {
  useSignals();
  const moves = jobMovesOf(issue);
  const [busy, setBusy] = useState<JobMove | null>(null);
  const [dialog, setDialog] = useState<null | "decline" | "hold" | "early">(null);
  // After an accept, the one-time question about push notifications (issue 13).
  const [accepted, setAccepted] = useState(false);
  const held = !!issue.held_at;
  const started = issue.stage === "in_progress" && issue.started_at;
  // Something of this job in the outbox (waiting, refused, or just sent: "Sent" shows for a moment).
  const waiting = outboxItems.value.some((i) => i.issueId === issue.issue_id);
  // A move of this job sent from the outbox: the issue as the server has it now replaces the guess shown meanwhile.
  useIssueSent(issue.issue_id, onMoved);
  if (!moves.length && !held && !started && !accepted && !waiting) return null;

  /**
   * Runs a move with a key made at the press; resolves with whether it went through or waits in the outbox (a dialog
   * stays open when it did neither). Without network, accept, start, hold and resume wait in the outbox.
   */
  async function run(name: JobMove, call: (key: string) => Promise<MoveAnswer>, body?: { reason: string }): Promise<boolean> {
    if (busy) return false;
    setBusy(name);
    const key = newKey();
    try {
      const sent = QUEUED_MOVES.includes(name)
        ? await sendOrQueue({ kind: name as OutboxKind, issueId: issue.issue_id, label: issue.title, steps: [moveStep(name, issue.issue_id, key, body)] }, () =>
            call(key),
          )
        : { queued: false as const, value: await call(key) };
      if (sent.queued) {
        showToast({ key: "outbox.queued.move" }, "info", { id: "job-move" });
        const next = optimisticMove(name, issue, body);
        if (next) onMoved(next);
        return true;
      }
      const answer = sent.value;
      showToast({ key: `job.done.${name}`, message: answer.message }, "success", { id: "job-move" });
      if (name === "decline") {
        // Back to the managers: the job is no longer this technician's.
        navigate(paths.jobs, { replace: true });
        return true;
      }
      if (name === "accept") setAccepted(true);
      const next = answer.data ?? (await fetchIssue(issue.issue_id).catch(() => undefined));
      if (next) onMoved(next);
      return true;
    } catch (e) {
      const failure = await failureOf(e);
      // An offer someone else took first (the server: "Another technician has already taken this job.").
      const taken = name === "accept" && failure.status === 409 && (!!issue.offered || issue.stage === "reported");
      showToast(taken ? { key: "offers.taken" } : { key: "job.failed", message: failure.detail }, "error", { id: "job-move" });
      if (isHttpError(e) && (failure.status === 409 || failure.status === 403))
        fetchIssue(issue.issue_id).then(onMoved, () => {
          // The job went to someone else: nothing here to act on any more.
          navigate(paths.jobs, { replace: true });
        });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const label = (m: JobMove) => (busy === m ? t("job.busy") : t(`job.${m}`));
  const start = () => run("start", (key) => startJob(issue.issue_id, key));
  return (
    <section className={section} aria-labelledby="job-title" data-testid="job-actions">
      <h2 id="job-title">{t("job.title")}</h2>
      {held ? (
        <p className={heldCss} data-testid="job-held">
          {t("job.onHold")}
          {issue.hold_reason && (
            <span className={quoteCss} dir="auto">
              {issue.hold_reason}
            </span>
          )}
        </p>
      ) : (
        started && (
          <p className={css`margin: 0;`} data-testid="job-started">
            {t("job.startedAt", { time: formatMoment(started, lang.value) })}
          </p>
        )
      )}
      <OutboxNote issueId={issue.issue_id} />
      {moves.includes("accept") && issue.offered && <p className={cx(muted, css`margin: 0 0 8px;`)}>{t("offers.acceptHint")}</p>}
      {moves.length > 0 && (
        <div className={cx(actionsCss, css`margin-top: 12px;`)}>
          {moves.map((m) => {
            if (m === "accept")
              return <MoveButton key={m} busy={busy} onClick={() => void run("accept", (key) => acceptJob(issue.issue_id, key))} label={label(m)} />;
            if (m === "start")
              return <MoveButton key={m} busy={busy} onClick={() => (startsEarly(issue) ? setDialog("early") : void start())} label={label(m)} />;
            if (m === "resume")
              return <MoveButton key={m} busy={busy} onClick={() => void run("resume", (key) => resumeJob(issue.issue_id, key))} label={label(m)} />;
            if (m === "complete") return <MoveButton key={m} busy={busy} onClick={onComplete} label={t("job.complete")} />;
            if (m === "hold") return <MoveButton key={m} busy={busy} variant="secondary" onClick={() => setDialog("hold")} label={t("job.hold")} />;
            return <MoveButton key={m} busy={busy} variant="secondary" className={dangerCss} onClick={() => setDialog("decline")} label={t("job.decline")} />;
          })}
        </div>
      )}
      {/* Just accepted, nothing more to press here: what comes next, so the card is never left empty (until times go). */}
      {accepted && issue.stage === "accepted" && !moves.length && !held && !started && (
        <p className={css`margin: 0;`} data-testid="job-accepted">
          {t("job.acceptedNext")}
        </p>
      )}
      {accepted && (
        <div className={css`margin-top: 12px;`}>
          <PushPrompt title="notifications.prompt.jobTitle" />
        </div>
      )}
      {/* A start days before the agreed visit is most likely a slip: the customer would be told the technician is coming. */}
      <Overlay open={dialog === "early"} title={t("job.earlyTitle")} onClose={() => setDialog(null)}>
        <p className={css`margin: 0 0 12px;`}>{issue.visit && t("job.earlyText", { slot: slotLine(issue.visit, lang.value) })}</p>
        <div className={dialogActions}>
          <Button variant="secondary" onClick={() => setDialog(null)}>
            {t("job.earlyWait")}
          </Button>
          <Button
            onClick={() => {
              setDialog(null);
              void start();
            }}
          >
            {t("job.earlyStart")}
          </Button>
        </div>
      </Overlay>
      <ReasonSheet
        kind="modal"
        required
        danger
        open={dialog === "decline"}
        title={t("job.declineTitle")}
        intro={t("job.declineIntro")}
        label={t("job.declineReason")}
        submit={t("job.declineSubmit")}
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          if (await run("decline", () => declineJob(issue.issue_id, reason))) setDialog(null);
        }}
      />
      <ReasonSheet
        kind="modal"
        required
        open={dialog === "hold"}
        title={t("job.holdTitle")}
        intro={t("job.holdIntro")}
        label={t("job.holdReason")}
        submit={t("job.holdSubmit")}
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          if (await run("hold", (key) => holdJob(issue.issue_id, reason, key), { reason })) setDialog(null);
        }}
      />
    </section>
  );
}

function MoveButton({
  label,
  busy,
  onClick,
  variant,
  className,
}: {
  label: string;
  busy: JobMove | null;
  onClick: () => void;
  variant?: "primary" | "secondary";
  className?: string;
}) {
  return (
    <Button variant={variant} className={className} disabled={busy != null} aria-busy={busy != null || undefined} onClick={onClick}>
      {label}
    </Button>
  );
}
