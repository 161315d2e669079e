// The unread count of the bell (issue 13, DECISIONS.md D22), read by the header, the bottom bar and /notifications.
// A leaf module (signals only), so the bell adds next to nothing to the first load; unread-watch.ts keeps it fresh.
import { signal } from "@preact/signals-react";

/** Unread notifications of the signed-in user; 0 while signed out or not known yet. */
export const unread = signal(0);

let version = 0;
/** Bumped by every change made here, so an older answer that comes later is dropped (unread-watch.ts). */
export const unreadVersion = () => version;

/** The count as the user changed it on /notifications (read one, read all), shown at once without asking. */
export function setUnread(n: number) {
  version++;
  unread.value = Math.max(0, Math.floor(n));
}

/**
 * Bumped when the user changed a repair (a move, a comment, an edit), now or from the outbox: the server has marked that
 * repair's notifications read for them, and the bell asks again (unread-watch.ts) rather than keep the old count for a
 * minute.
 */
export const issuesChanged = signal(0);

/**
 * Bumped when the bell's count grows while the app is open: a notification came, so a repair of this user moved
 * elsewhere (assigned, completed, commented). Open lists and repair screens read theirs again (use-news.ts): a job
 * assigned while the technician looked at /jobs did not show until they left the screen (walked).
 */
export const newsArrived = signal(0);
