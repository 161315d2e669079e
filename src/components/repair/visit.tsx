// What a repair waits for next, and a visit slot as one line (D18): shared by the repair cards and the issue screen.
import { useSignals } from "@preact/signals-react/runtime";
import type { Issue, Slot } from "../../contract/issues";
import { formatDay, formatSlotDate, formatSlotTime } from "../../lib/dates";
import { lang, t } from "../../signals/language";

/** True when the user has to act: pick one of the proposed times, or confirm and rate the finished work. */
export const needsYou = (issue: Pick<Issue, "actions">) => !!issue.actions?.some((a) => a === "pick_slot" || a === "confirm");

export type NextStep = { kind: "pick" } | { kind: "rate" } | { kind: "visit"; slot: Slot } | { kind: "done"; at: string } | null;

/**
 * The card's "next" line: the user's own step first (pick a time, rate), else the agreed visit while the work is to
 * come, else the day a finished repair was done. A closed repair's visit is over, and may even lie ahead when the
 * technician came early (walked: "Visit: Thu 3 Dec" on a repair closed on 29 Nov).
 */
export function nextStep(issue: Pick<Issue, "actions" | "visit" | "issue_status" | "completed_at">): NextStep {
  if (issue.actions?.includes("pick_slot")) return { kind: "pick" };
  if (issue.actions?.includes("confirm")) return { kind: "rate" };
  if (issue.issue_status === 1) return issue.completed_at ? { kind: "done", at: issue.completed_at } : null;
  if (issue.visit) return { kind: "visit", slot: issue.visit };
  return null;
}

/** 'Wed 25 Nov 2026, 9:00 AM – 11:00 AM' in the user's language, Western digits, times that never break inside. */
export function slotLine(slot: Slot, locale: string) {
  return t("repair.slotLine", {
    date: formatSlotDate(slot.date, locale),
    from: formatSlotTime(slot.time_from, locale),
    to: formatSlotTime(slot.time_to, locale),
  });
}

export function SlotLine({ slot }: { slot: Slot }) {
  useSignals();
  return <>{slotLine(slot, lang.value)}</>;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A moment (ISO time) as its local day and time: '25 Nov 2026 9:05 AM' (D18). */
export function formatMoment(iso: string, locale: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDay(iso, locale)} ${formatSlotTime(`${pad(d.getHours())}:${pad(d.getMinutes())}`, locale)}`;
}
