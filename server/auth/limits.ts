// D9's numbers in one place.

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
