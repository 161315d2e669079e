import { type Slot, distinctSlots } from "../../contract/issues";
import { slotsInFuture, slotsNotTooFar } from "../../contract/repairs";

// The acknowledgement sheet's rules (SPEC.md section 5) as pure functions, so they are tested without a browser.

export interface DraftSlot {
  date: string;
  time_from: string;
  time_to: string;
}
export const emptySlot = (): DraftSlot => ({ date: "", time_from: "", time_to: "" });
export const isComplete = (s: DraftSlot) => !!(s.date && s.time_from && s.time_to);
/** 'Add Another Availability' stays disabled until the first slot is fully filled. */
export const canAddAnother = (slots: DraftSlot[]) => slots.length > 0 && isComplete(slots[0]);
/** 'Remove Availability' appears only when more than one slot exists. */
export const canRemove = (slots: DraftSlot[]) => slots.length > 1;

export type AckResult = { ok: true; tech_available: Slot[] } | { ok: false; error: "select" | "fill" | "order" | "same" | "past" | "far" };

/**
 * The PUT body: with tenant slots, exactly the chosen one ('select' when none is chosen); otherwise, or when the
 * technician proposes other times (`propose`, issue 11), every entered slot, each complete ('fill'), starting before
 * it ends ('order') and after `now` on the phone's clock, "YYYY-MM-DD HH:mm" ('past': the server refuses it too).
 */
export function ackPayload(tenantSlots: Slot[], chosen: number | null, entered: DraftSlot[], propose = false, now?: string): AckResult {
  if (tenantSlots.length && !propose) {
    const slot = chosen == null ? undefined : tenantSlots[chosen];
    if (!slot) return { ok: false, error: "select" };
    return { ok: true, tech_available: [{ date: slot.date, time_from: slot.time_from, time_to: slot.time_to }] };
  }
  if (!entered.length || !entered.every(isComplete)) return { ok: false, error: "fill" };
  if (entered.some((s) => s.time_from >= s.time_to)) return { ok: false, error: "order" };
  if (!distinctSlots(entered)) return { ok: false, error: "same" };
  if (now !== undefined && !slotsInFuture(entered, now)) return { ok: false, error: "past" };
  if (now !== undefined && !slotsNotTooFar(entered, now)) return { ok: false, error: "far" };
  return { ok: true, tech_available: entered.map((s) => ({ date: s.date, time_from: s.time_from, time_to: s.time_to })) };
}
