// What the outbox holds, for the screens (D23): each user action waiting to be sent, being sent, refused by the server
// (with its sentence) or just sent. src/lib/outbox.ts does the sending and writes these signals; this module is all of
// the outbox the first screen loads (the header's indicator reads it), so it holds data only, no code that sends.
import { computed, signal } from "@preact/signals-react";

export type OutboxState = "waiting" | "sending" | "refused" | "sent";

/** What an entry is, for the screens: the move (or report) it sends. */
export type OutboxKind =
  | "accept"
  | "start"
  | "hold"
  | "resume"
  | "acknowledge"
  | "complete"
  | "report"
  | "photos"
  | "comment"
  | "pick_slot"
  | "request_slots"
  | "confirm";

/** One entry as the screens see it (without its files). */
export interface OutboxItem {
  readonly id: string;
  readonly kind: OutboxKind;
  /** The issue it acts on; none for a new report until the server has made it. */
  readonly issueId?: number;
  /** What to call it in a list (an issue's title). */
  readonly label?: string;
  /** The reason given with it (a hold's), to show the job as it will be meanwhile. */
  readonly reason?: string;
  /** Whose action it is (null: not known). */
  readonly userId: number | null;
  readonly state: OutboxState;
  /** The server's sentence when it refused the entry (in the user's language, D17). */
  readonly detail?: string;
  /** When the user pressed the button (ms since 1970). */
  readonly createdAt: number;
  /** Requests done and in all: "2 of 4". */
  readonly done: number;
  readonly total: number;
  /** Files (photos, a signature) among its requests. */
  readonly files: number;
  /** The last request's answer once sent (the issue as it is now, for a move). */
  readonly answer?: unknown;
}

const items = signal<readonly OutboxItem[]>([]);
// The signed-in account, as src/lib/outbox.ts copies it from the session (not imported here: this module is on the
// first load, and reading the session from here splits it into a chunk of its own there).
const owner = signal<number | null>(null);
/**
 * The signed-in account's entries, oldest first. On a phone two people share, one never sees (or sends) what the
 * other left waiting: those entries wait for their own account to sign in again.
 */
export const outboxItems = computed(() => {
  const me = owner.value;
  return items.value.filter((i) => i.userId == null || me == null || i.userId === me);
});
/** The entries not sent yet (waiting, sending or refused): the header's count. */
export const outboxPending = computed(() => outboxItems.value.filter((i) => i.state !== "sent"));

/** Written by the outbox only. */
export const setOutboxItems = (next: readonly OutboxItem[]) => {
  items.value = next;
};
/** Written by the outbox only: the signed-in account's id (null when none or not known). */
export const setOutboxOwner = (userId: number | null) => {
  owner.value = userId;
};
