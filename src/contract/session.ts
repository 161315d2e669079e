/** How long a session lasts from its sign-in (SPEC.md section 8): the server's token and the app's stored session alike. */
export const SESSION_MS = 3 * 24 * 60 * 60 * 1000;

/** Whether a session signed in at `since` (ms since the epoch; none known: over) is over at `now`. */
export const sessionOver = (since: number | null | undefined, now: number) => since == null || now - since > SESSION_MS;
