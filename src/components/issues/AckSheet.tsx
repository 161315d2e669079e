import { css } from "goober";
import { type FormEvent, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { useFreshOnOpen } from "../../lib/use-fresh-on-open";
import { ackBody, acknowledgeAvailability } from "../../api/issues";
import { newKey } from "../../api/repairs";
import type { Issue, Slot } from "../../contract/issues";
import { lastSlotDay } from "../../contract/repairs";
import { errorDetail } from "../../api/client";
import { formatSlotDate, formatSlotTime, localNow, ymd } from "../../lib/dates";
import { moveStep, sendOrQueue } from "../../lib/outbox";
import { lang, t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { errorText, stack } from "../../styles/theme";
import { Overlay } from "../Overlay";
import { Button, TextField } from "../ui";
import { type DraftSlot, ackPayload, canAddAnother, canRemove, emptySlot } from "./ack-rules";

const choice = css`
  display: flex; gap: 10px; align-items: center; padding: 12px; border: 1px solid var(--line); border-radius: 10px; cursor: pointer;
  &:has(input:checked) { border-color: var(--brand); background: var(--brand-soft); }
  & input { width: 20px; height: 20px; accent-color: var(--brand); flex: none; }
`;
const slotBox = css`
  border: 1px solid var(--line); border-radius: 10px; padding: 12px; display: flex; flex-direction: column; gap: 10px;
  & legend { font-weight: 700; padding-inline: 4px; }
  & .times { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
`;
const fieldset = css`border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 8px; & legend { font-weight: 600; margin-bottom: 8px; }`;

const MESSAGES = {
  select: "ack.selectError",
  fill: "ack.fillError",
  order: "ack.orderError",
  same: "report.errors.slotsDistinct",
  past: "report.errors.slotInPast",
  far: "report.errors.slotTooFar",
} as const;

/** What an acknowledgement did: the slots sent, whether they were the technician's proposal, the issue if the server sent it. */
export interface AckOutcome {
  propose: boolean;
  issue?: Issue;
  /** No network: it waits in the outbox (D23) and goes when the phone is online. */
  queued?: boolean;
}

/**
 * The 'Acknowledge Tenant Availability' bottom sheet (SPEC.md sections 4 and 5): pick one of the tenant's slots,
 * or, when the tenant gave none, enter one or more slots; success toasts and closes. With the tenant's slots the
 * technician may also propose other times instead (issue 11: none of the tenant's suits; the tenant then picks one).
 */
export function AckSheet({
  issueId,
  tenantSlots,
  open,
  onClose,
  onDone,
  canPropose = false,
  title,
}: {
  issueId: number;
  /** The issue's title: names the acknowledgement in the outbox list when it waits to be sent. */
  title?: string;
  tenantSlots: Slot[];
  open: boolean;
  /** Offer "None of these suit: propose other times" (a server of issue 11, which takes `propose`). */
  canPropose?: boolean;
  onClose: () => void;
  onDone?: (techAvailable: Slot[], outcome: AckOutcome) => void;
}) {
  useSignals();
  const [chosen, setChosen] = useState<number | null>(null);
  const [slots, setSlots] = useState<DraftSlot[]>([emptySlot()]);
  const [propose, setPropose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useFreshOnOpen(open ? issueId : null, () => {
    setChosen(null);
    setSlots([emptySlot()]);
    setPropose(false);
    setError(null);
  });
  const proposing = propose && tenantSlots.length > 0;
  const switchMode = (next: boolean) => {
    setPropose(next);
    setError(null);
  };
  const locale = lang.value;

  const edit = (i: number, key: keyof DraftSlot, value: string) => {
    setSlots((s) => s.map((slot, j) => (j === i ? { ...slot, [key]: value } : slot)));
    setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = ackPayload(tenantSlots, chosen, slots, proposing, localNow());
    if (!result.ok) {
      setError(t(MESSAGES[result.error]));
      return;
    }
    setBusy(true);
    // One key per press (D23): a repeat after a lost answer, or the outbox's later sending, acknowledges once.
    const key = newKey();
    const picked = result.tech_available;
    try {
      const sent = await sendOrQueue(
        { kind: "acknowledge", issueId, label: title, steps: [moveStep("issue", issueId, key, ackBody(picked, proposing), "put")] },
        () => acknowledgeAvailability(issueId, picked, proposing, key),
      );
      if (sent.queued) showToast({ key: "outbox.queued.move" }, "info", { id: "ack" });
      else showToast({ key: proposing ? "repair.ack.proposed" : "ack.success" }, "success", { id: "ack" });
      onDone?.(picked, sent.queued ? { propose: proposing, queued: true } : { propose: proposing, issue: sent.value });
      onClose();
    } catch (err) {
      // SPEC.md's toast, and in the sheet the server's sentence saying why (a time that passed meanwhile, a job that
      // moved on), in the user's language: the toast alone left the technician guessing.
      setError((await errorDetail(err)) ?? null);
      showToast({ key: "ack.error" }, "error", { id: "ack" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Overlay open={open} kind="sheet" title={t("ack.title")} onClose={onClose}>
      <form className={stack} onSubmit={submit} noValidate>
        {tenantSlots.length && !proposing ? (
          <fieldset className={fieldset}>
            <legend>{t("ack.chooseSlot")}</legend>
            {tenantSlots.map((s, i) => (
              <label key={`${s.date}-${s.time_from}-${i}`} className={choice}>
                <input
                  type="radio"
                  name="tenant-slot"
                  checked={chosen === i}
                  onChange={() => {
                    setChosen(i);
                    setError(null);
                  }}
                />
                <span>
                  <strong>{formatSlotDate(s.date, locale)}</strong>{" "}
                  {t("issues.between", { from: formatSlotTime(s.time_from, locale), to: formatSlotTime(s.time_to, locale) })}
                </span>
              </label>
            ))}
            {canPropose && (
              <Button variant="ghost" className={css`align-self: flex-start;`} onClick={() => switchMode(true)}>
                {t("repair.ack.proposeOther")}
              </Button>
            )}
          </fieldset>
        ) : (
          <>
            {proposing && (
              <Button variant="ghost" className={css`align-self: flex-start;`} onClick={() => switchMode(false)}>
                {t("repair.ack.backToTenant")}
              </Button>
            )}
            <p className={css`margin: 0; font-weight: 600;`}>{t(proposing ? "repair.ack.proposeSlots" : "ack.enterSlots")}</p>
            {slots.map((s, i) => (
              <fieldset key={i} className={slotBox} data-testid="ack-slot">
                <legend>{t("ack.slot", { n: i + 1 })}</legend>
                <TextField
                  id={`ack-date-${i}`}
                  label={t("ack.date")}
                  type="date"
                  min={ymd(new Date())}
                  max={lastSlotDay(ymd(new Date()))}
                  value={s.date}
                  required
                  onChange={(e) => edit(i, "date", e.currentTarget.value)}
                />
                <div className="times">
                  <TextField
                    id={`ack-from-${i}`}
                    label={t("ack.from")}
                    type="time"
                    value={s.time_from}
                    required
                    onChange={(e) => edit(i, "time_from", e.currentTarget.value)}
                  />
                  <TextField
                    id={`ack-to-${i}`}
                    label={t("ack.to")}
                    type="time"
                    value={s.time_to}
                    required
                    onChange={(e) => edit(i, "time_to", e.currentTarget.value)}
                  />
                </div>
                {canRemove(slots) && (
                  <Button variant="ghost" onClick={() => setSlots((all) => all.filter((_, j) => j !== i))}>
                    {t("ack.remove")}
                  </Button>
                )}
              </fieldset>
            ))}
            <Button variant="secondary" disabled={!canAddAnother(slots)} onClick={() => setSlots((all) => [...all, emptySlot()])}>
              {t("ack.addAnother")}
            </Button>
          </>
        )}
        {error && (
          <p role="alert" className={errorText} data-testid="ack-error">
            {error}
          </p>
        )}
        <Button type="submit" block disabled={busy}>
          {busy ? t("ack.submitting") : t(proposing ? "repair.ack.proposeSubmit" : "ack.submit")}
        </Button>
      </form>
    </Overlay>
  );
}
