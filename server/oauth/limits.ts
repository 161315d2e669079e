// Google sign-in's numbers (issue 14), beside the accounts area's (server/auth/limits.ts).
import { MINUTE } from "../auth/limits";
import { msg } from "../lib/i18n";
import type { Limit } from "../lib/rate-limit";

/** Sign-ins started per client address: each stores a flow and sends the browser to the provider. */
export const OAUTH_STARTS_PER_ADDRESS: Limit = { name: "oauth-start", limit: 30, windowMs: 10 * MINUTE, detail: msg("oauthTooManyStarts") };
/** Tickets traded per client address (the ticket is the credential: no guessing at speed). */
export const OAUTH_TICKETS_PER_ADDRESS: Limit = { name: "oauth-ticket", limit: 20, windowMs: MINUTE, detail: msg("oauthTooManyTickets") };

/** A started sign-in may come back within 10 minutes, once. */
export const FLOW_TTL_MS = 10 * MINUTE;
/** The callback's ticket lives 5 minutes; the registration's 30 (time to fill the form). */
export const SESSION_TICKET_TTL_MS = 5 * MINUTE;
export const REGISTER_TICKET_TTL_MS = 30 * MINUTE;
/** Used and expired flows and tickets are deleted after a day (as new ones are made). */
export const OAUTH_KEEP_MS = 24 * 60 * MINUTE;
