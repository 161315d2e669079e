import { css } from "goober";
import { LimitNote } from "../LimitNote";
import { type FormEvent, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { useFreshOnOpen } from "../../lib/use-fresh-on-open";
import { cancelIssue, confirmIssue, newKey, pickSlot, reopenIssue, requestSlots } from "../../api/repairs";
import type { Issue, Slot } from "../../contract/issues";
import { COMMENT_MAX, REOPEN_HOURS, type moveAnswer } from "../../contract/repairs";
import { skillName, SKILLS } from "../../data/skills";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { cx, errorText, muted, stack } from "../../styles/theme";
import { ConfirmDelete } from "../ConfirmDelete";
import { ReasonSheet, SheetButtons } from "./ReasonSheet";
import { Overlay } from "../Overlay";
import { section } from "../issues/styles";
import { LinkButton } from "../property/parts";
import { openWithState } from "../../lib/open-link";
import { Button, Field } from "../ui";
import { EmergencyMark, StageBadge, isStage } from "./StageBadge";
import { formatMoment, slotLine } from "./visit";
import { personName } from "../../lib/person";
import { moveStep, sendOrQueue } from "../../lib/outbox";
import type { OutboxKind } from "../../signals/outbox";
import { OutboxNote } from "../OutboxList";
import { unitText } from "./unit-text";

type MoveAnswer = ReturnType<typeof moveAnswer.parse>;
/** Runs a move and applies its answer (toast, the issue as it is now, a fresh timeline); rejects when it failed. */
export type RunMove = (call: () => Promise<MoveAnswer>) => Promise<void>;

const slotKey = (s: Slot) => `${s.date} ${s.time_from}-${s.time_to}`;

/**
 * A move the customer may make without network (D23: picking a time, asking for others, confirming): made now, or
 * when the call gets no answer, kept in the outbox under the same key; the answer then is the outbox's sentence and
 * the issue as the move will leave it (`next`), shown until the server's arrives.
 */
export function queueableMove(kind: OutboxKind, issue: Issue, json: unknown, call: (key: string) => Promise<MoveAnswer>, next: Partial<Issue>) {
  return async (): Promise<MoveAnswer> => {
    const key = newKey();
    const sent = await sendOrQueue({ kind, issueId: issue.issue_id, label: issue.title, steps: [moveStep(kind, issue.issue_id, key, json)] }, () => call(key));
    if (!sent.queued) return sent.value;
    return { message: t("outbox.queued.move"), data: { ...issue, ...next } };
  };
}
/** The customer's moves on a proposed time are done once made: the other answer goes with them. */
const without = (issue: Issue, ...gone: string[]) => (issue.actions ?? []).filter((a) => !gone.includes(a));
const HOUR_MS = 3600 * 1000;

/** When a completed repair stops being reopenable and closes by itself (LOOP.md section 2), or null. */
const closedCss = css`margin: 0; padding: 10px 12px; border-radius: 10px; background: #dcfce7; color: #14532d; font-weight: 600;`;

export function reopenDeadline(completedAt: string | null | undefined): string | null {
  const at = completedAt ? Date.parse(completedAt) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at + REOPEN_HOURS * HOUR_MS).toISOString();
}

/** What is happening now, for the user: one sentence per stage, worded for whoever must act. */
function nowKey(issue: Issue, actions: Set<string>): string {
  const stage = issue.stage;
  if (stage === "proposed") return actions.has("pick_slot") ? "repair.now.proposedPick" : "repair.now.proposed";
  if (stage === "completed") return actions.has("confirm") ? "repair.now.completedConfirm" : "repair.now.completed";
  // On hold: "working on it" beside the On hold badge said the opposite (walked); the reason follows.
  if (stage === "in_progress" && issue.held_at) return "repair.now.held";
  return isStage(stage) ? `repair.now.${stage}` : "repair.now.unknown";
}

const factsCss = css`display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 10px;`;
const chipCss = css`font-size: 13px; font-weight: 600; padding: 3px 10px; border-radius: 999px; background: var(--bg); border: 1px solid var(--line);`;
const slotsCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;
  & li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; padding: 10px 12px;
    border-radius: 10px; background: var(--bg); }
  & li > span { font-weight: 600; }
`;
const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;
const quoteCss = css`margin: 6px 0 0; padding: 8px 10px; border-radius: 10px; background: var(--bg); white-space: pre-wrap; overflow-wrap: anywhere;`;
const h3Css = css`font-size: 16px; margin: 14px 0 8px;`;
const againCss = css`display: flex; flex-direction: column; gap: 8px; margin-top: 14px;`;

/**
 * The repair's state and what the user may do now (LOOP.md sections 2 and 3): stage, technician, the agreed visit or
 * the proposed times, and exactly the buttons the server's `actions` allow: pick a time, ask for others, confirm and
 * rate, reopen, edit, cancel.
 */
export function RepairStatus({ issue, run }: { issue: Issue; run: RunMove }) {
  useSignals();
  const locale = lang.value;
  const actions = new Set(issue.actions ?? []);
  const again = `${paths.addIssue(issue.property_id, issue.unit_id)}&again_of=${issue.issue_id}`;
  const [dialog, setDialog] = useState<null | "confirm" | "reopen" | "request" | "cancel">(null);
  const [picking, setPicking] = useState<string | null>(null);

  const pick = async (slot: Slot) => {
    setPicking(slotKey(slot));
    try {
      const picked = { date: slot.date, time_from: slot.time_from, time_to: slot.time_to };
      await run(
        queueableMove("pick_slot", issue, picked, (key) => pickSlot(issue.issue_id, picked, key), {
          stage: "scheduled",
          visit: picked,
          actions: without(issue, "pick_slot", "request_slots"),
        }),
      );
    } catch {
      // run has said what went wrong.
    } finally {
      setPicking(null);
    }
  };
  /** A dialog's move: the dialog closes on success and stays open (usable again) on failure. */
  const move = async (call: () => Promise<MoveAnswer>) => {
    await run(call);
    setDialog(null);
  };

  const category = SKILLS.find((s) => s.id === issue.category);
  const unit = unitText(issue);
  const proposed = issue.stage === "proposed" ? (issue.tech_available ?? []) : [];
  const deadline = issue.stage === "completed" ? reopenDeadline(issue.completed_at) : null;
  const busy = picking != null;

  return (
    <section className={section} aria-labelledby="status-title" data-testid="repair-status">
      {/* SPEC.md's read-only details name this section 'repair action'. */}
      <h2 id="status-title">{t("issues.repairAction")}</h2>
      <OutboxNote issueId={issue.issue_id} />
      <div className={factsCss}>
        <StageBadge stage={issue.stage} status={issue.issue_status} held={issue.held_at} />
        {issue.emergency && <EmergencyMark />}
        {category && <span className={chipCss}>{skillName(category, locale)}</span>}
        {unit && (
          <span className={chipCss}>
            <bdi>{unit}</bdi>
          </span>
        )}
      </div>
      {issue.stage === "closed" ? (
        // SPEC.md: a closed issue says 'This issue is resolved and now closed.'
        <p className={closedCss} data-testid="closed-message">
          {t("issues.closedMessage")}
        </p>
      ) : (
        <p className={css`margin: 0;`} data-testid="repair-now">
          {t(nowKey(issue, actions))}
        </p>
      )}
      {issue.tech_name && (
        <p className={cx(muted, css`margin: 6px 0 0;`)}>
          {t("repair.card.technician")} <bdi>{personName(issue.tech_name)}</bdi>
        </p>
      )}
      {issue.stage === "in_progress" && issue.held_at && issue.hold_reason && (
        <p className={quoteCss} dir="auto" data-testid="hold-reason">
          {issue.hold_reason}
        </p>
      )}
      {issue.stage === "cancelled" && issue.cancel_reason && (
        <p className={quoteCss} dir="auto" data-testid="cancel-reason">
          {issue.cancel_reason}
        </p>
      )}
      {issue.stage === "closed" && issue.rating != null && (
        <div data-testid="rating">
          <p className={css`margin: 8px 0 0; font-weight: 600;`}>
            <span aria-hidden="true" className={css`color: #b45309; letter-spacing: 2px;`}>
              {"★".repeat(issue.rating)}
              {"☆".repeat(Math.max(0, 5 - issue.rating))}
            </span>{" "}
            {t("repair.confirm.rated", { n: issue.rating })}
          </p>
          {issue.rating_comment && (
            <p className={quoteCss} dir="auto">
              {issue.rating_comment}
            </p>
          )}
        </div>
      )}

      {issue.reported_again != null && (
        <div className={againCss} data-testid="reported-again">
          <p className={css`margin: 0;`}>{t("repair.again.reported")}</p>
          <LinkButton to={paths.issueView(issue.reported_again)}>{t("repair.again.openNew")}</LinkButton>
        </div>
      )}
      {actions.has("report_again") && (
        <div className={againCss} data-testid="report-again">
          <p className={cx(muted, css`margin: 0;`)}>{t("repair.again.hint")}</p>
          {/* paths.addIssue with the link's again_of added here, not in paths.ts: an argument there cost the first load 24
              bytes of gzip it has not got (measured). The form is handed this repair, which fills it even offline. */}
          <LinkButton to={again} onClick={openWithState(again, issue)} primary>
            {t("repair.again.button")}
          </LinkButton>
        </div>
      )}

      {proposed.length > 0 && (
        <div data-testid="proposed-times">
          <h3 className={h3Css}>{t("repair.visit.proposed")}</h3>
          <ul className={slotsCss}>
            {proposed.map((s) => {
              const line = slotLine(s, locale);
              return (
                <li key={slotKey(s)}>
                  <span>{line}</span>
                  {actions.has("pick_slot") && (
                    <Button disabled={busy} aria-label={t("repair.visit.pickLabel", { slot: line })} onClick={() => pick(s)}>
                      {picking === slotKey(s) ? t("repair.visit.picking") : t("repair.visit.pick")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {proposed.length === 0 && issue.visit && (
        <div data-testid="agreed-visit">
          <h3 className={h3Css}>{t("repair.visit.agreed")}</h3>
          <ul className={slotsCss}>
            <li className={css`font-weight: 600;`}>{slotLine(issue.visit, locale)}</li>
          </ul>
        </div>
      )}
      {actions.has("request_slots") && (
        <Button variant="ghost" disabled={busy} className={css`margin-top: 6px; padding-inline: 0;`} onClick={() => setDialog("request")}>
          {t("repair.visit.noneSuit")}
        </Button>
      )}

      {deadline && (actions.has("reopen") || actions.has("confirm")) && (
        <p className={cx(muted, css`margin: 10px 0 0;`)} data-testid="reopen-rule">
          {t("repair.reopen.rule", { hours: REOPEN_HOURS, date: formatMoment(deadline, locale) })}
        </p>
      )}

      {(actions.has("confirm") || actions.has("reopen") || actions.has("edit") || actions.has("cancel")) && (
        <div className={cx(actionsCss, css`margin-top: 14px;`)} data-testid="repair-actions">
          {actions.has("confirm") && (
            <Button disabled={busy} onClick={() => setDialog("confirm")}>
              {t("repair.confirm.button")}
            </Button>
          )}
          {actions.has("reopen") && (
            <Button variant="secondary" disabled={busy} onClick={() => setDialog("reopen")}>
              {t("repair.reopen.button")}
            </Button>
          )}
          {actions.has("edit") && <LinkButton to={paths.editIssue(issue.issue_id)}>{t("repair.edit")}</LinkButton>}
          {actions.has("cancel") && (
            <Button variant="secondary" disabled={busy} className={css`color: var(--danger); border-color: var(--danger);`} onClick={() => setDialog("cancel")}>
              {t("repair.cancel.button")}
            </Button>
          )}
        </div>
      )}

      <ConfirmRateSheet
        open={dialog === "confirm"}
        onClose={() => setDialog(null)}
        onSubmit={(rating, comment) =>
          move(
            queueableMove("confirm", issue, { rating, comment }, (key) => confirmIssue(issue.issue_id, rating, comment, key), {
              stage: "closed",
              issue_status: 1,
              rating,
              rating_comment: comment || null,
              actions: [],
            }),
          )
        }
      />
      <ReasonSheet
        open={dialog === "reopen"}
        title={t("repair.reopen.title")}
        intro={
          deadline
            ? t("repair.reopen.rule", { hours: REOPEN_HOURS, date: formatMoment(deadline, locale) })
            : t("repair.reopen.ruleShort", { hours: REOPEN_HOURS })
        }
        label={t("repair.reopen.reason")}
        required
        submit={t("repair.reopen.submit")}
        onClose={() => setDialog(null)}
        onSubmit={(reason) => move(() => reopenIssue(issue.issue_id, reason))}
      />
      <ReasonSheet
        open={dialog === "request"}
        title={t("repair.visit.requestTitle")}
        intro={t("repair.visit.requestIntro")}
        label={t("repair.visit.requestNote")}
        submit={t("repair.visit.requestSubmit")}
        onClose={() => setDialog(null)}
        onSubmit={(note) =>
          move(
            queueableMove("request_slots", issue, { note }, (key) => requestSlots(issue.issue_id, note, key), {
              stage: "accepted",
              actions: without(issue, "pick_slot", "request_slots"),
            }),
          )
        }
      />
      <ConfirmDelete
        open={dialog === "cancel"}
        title={t("repair.cancel.title")}
        what={
          <p className={css`margin: 0;`}>
            {t("repair.cancel.what")} <bdi>{issue.title}</bdi>
          </p>
        }
        reason="required"
        reasonLabel={t("repair.cancel.reason")}
        confirmLabel={t("repair.cancel.confirm")}
        dismissLabel={t("repair.cancel.keep")}
        busyLabel={t("repair.cancel.busy")}
        onCancel={() => setDialog(null)}
        onConfirm={(reason) => move(() => cancelIssue(issue.issue_id, reason))}
      />
    </section>
  );
}

const starsCss = css`
  border: 0; padding: 0; margin: 0;
  & legend { font-weight: 600; margin-bottom: 8px; }
  & .stars { display: flex; gap: 4px; }
  & label { position: relative; display: inline-flex; align-items: center; justify-content: center; width: 48px; height: 48px;
    border-radius: 10px; cursor: pointer; color: #9aa5b1; }
  & label.on { color: #b45309; }
  & input { position: absolute; inset: 0; opacity: 0; margin: 0; cursor: pointer; }
  & label:has(input:focus-visible) { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

/** Confirm and rate (LOOP.md section 2): 1 to 5 stars as radio buttons (required) and an optional comment. */
function ConfirmRateSheet({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (rating: number, comment: string) => Promise<void> }) {
  useSignals();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useFreshOnOpen(open, () => {
    setRating(0);
    setComment("");
    setError(null);
  });
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (rating < 1) {
      setError(t("repair.confirm.ratingRequired"));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(rating, comment.trim());
    } catch {
      // The toast said why; the sheet stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Overlay open={open} kind="sheet" title={t("repair.confirm.title")} onClose={busy ? undefined : onClose}>
      <form className={stack} noValidate onSubmit={send}>
        <p className={cx(muted, css`margin: 0;`)}>{t("repair.confirm.intro")}</p>
        <fieldset className={starsCss} aria-describedby={error ? "rating-error" : "rating-chosen"}>
          <legend>{t("repair.confirm.ratingLabel")}</legend>
          <div className="stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={rating >= n ? "on" : undefined}>
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  disabled={busy}
                  onChange={() => {
                    setRating(n);
                    setError(null);
                  }}
                />
                <svg width="34" height="34" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" fill="currentColor" />
                </svg>
                <span className="sr-only">{t(`repair.confirm.star.${n}`)}</span>
              </label>
            ))}
          </div>
          <p id="rating-chosen" className={cx(muted, css`margin: 6px 0 0;`)} aria-live="polite">
            {rating ? t("repair.confirm.rated", { n: rating }) : t("repair.confirm.noRating")}
          </p>
          {error && (
            <p id="rating-error" role="alert" className={errorText}>
              {error}
            </p>
          )}
        </fieldset>
        <Field id="rating-comment" label={t("repair.optional", { label: t("repair.confirm.comment") })}>
          <textarea id="rating-comment" rows={3} maxLength={COMMENT_MAX} value={comment} disabled={busy} onChange={(e) => setComment(e.currentTarget.value)} />
          <LimitNote length={comment.length} max={COMMENT_MAX} />
        </Field>
        <SheetButtons busy={busy} submit={t("repair.confirm.submit")} onClose={onClose} />
      </form>
    </Overlay>
  );
}
