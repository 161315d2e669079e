// The names the page's outbox (src/lib/outbox.ts) and the service worker (src/sw.ts) share for Background Sync: a leaf,
// so the worker takes these two strings and nothing of the outbox's code.

/** The Background Sync tag the outbox registers when a send found no network. */
export const SYNC_TAG = "fixit-outbox";
/** The message the worker sends the open windows when the browser fires that sync: "send what waits now". */
export const SYNC_MESSAGE = "outbox-sync";
