/** How long a session lasts from its sign-in (SPEC.md section 8): the server's token and the app's stored session alike. */
export const SESSION_MS = 3 * 24 * 60 * 60 * 1000;
