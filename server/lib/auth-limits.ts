// D9's numbers in one place.
import type { Context } from "hono";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sign-in attempts per client address a minute; LOGIN_RATE_LIMIT raises it for test rigs that sign in from one address. */
export const loginPerAddress = () => ({ limit: Number(process.env.LOGIN_RATE_LIMIT) || 10, windowMs: MINUTE });
/** Failed sign-ins per account (or per unknown identifier) an hour. */
export const LOGIN_FAILURES = { limit: 100, windowMs: HOUR };
/** Code and reset-token checks per client address, and per email. */
export const CODE_CHECKS_PER_ADDRESS = { limit: 20, windowMs: MINUTE };
export const CODE_CHECKS_PER_EMAIL = { limit: 20, windowMs: 10 * MINUTE };
/** Forgot-password calls per client address (the per-email limits live in the database). */
export const FORGOT_PER_ADDRESS = { limit: 20, windowMs: 10 * MINUTE };
/** Registrations per client address: each costs an argon2 hash. */
export const REGISTER_PER_ADDRESS = { limit: 30, windowMs: 10 * MINUTE };

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_TRIES = 5;
export const RESEND_COOLDOWN_MS = MINUTE;
export const CODES_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 10 * MINUTE;

/** The client's address for rate limits: the connection's peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export const clientAddress = (c: Context): string => {
  // X-Forwarded-For is only believed behind a proxy the operator names (TRUST_PROXY=1): otherwise any client could
  // send a fresh address with each request and never meet a per-address limit. Without a socket (app.request() in
  // tests) the header stands in for the peer.
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (process.env.TRUST_PROXY === "1") return forwarded || socket || "local";
  return socket || forwarded || "local";
};
