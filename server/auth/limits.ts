// D9's numbers in one place: every limit of the accounts area and the company's invitations, for rateLimit/enforce.
import { msg } from "../lib/i18n";

export { RESEND_COOLDOWN_MS } from "../../src/contract/auth";
import type { Limit } from "../lib/rate-limit";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Sign-in attempts per client address a minute; LOGIN_RATE_LIMIT raises it for test rigs that sign in from one address. */
export const LOGIN_PER_ADDRESS: Limit = {
  name: "login",
  limit: () => Number(process.env.LOGIN_RATE_LIMIT) || 10,
  windowMs: MINUTE,
  detail: msg("tooManyLogins"),
};
/** Failures one pair of account and address may make before it waits; the wait doubles from 1 minute up to 15. */
export const PAIR_FREE_FAILURES = 5;
export const PAIR_FIRST_WAIT_MS = MINUTE;
export const PAIR_MAX_WAIT_MS = 15 * MINUTE;
/** A pair's failures are forgotten an hour after its last one. */
export const PAIR_MEMORY_MS = HOUR;
/** Failures on one account (from anywhere) in an hour that mail its owner; at most one such mail an hour. */
export const ACCOUNT_ALERT_FAILURES = 20;
export const ACCOUNT_ALERT_EVERY_MS = HOUR;

/** Code and reset-token checks per client address, and per email. */
export const CODE_CHECKS_PER_ADDRESS: Limit = { name: "code", limit: 20, windowMs: MINUTE, detail: msg("tooManyChecks") };
export const CODE_CHECKS_PER_EMAIL: Limit = { name: "code-email", limit: 20, windowMs: 10 * MINUTE, detail: msg("tooManyChecks") };
/** Forgot-password calls per client address (the per-email limits live in password_resets). */
export const FORGOT_PER_ADDRESS: Limit = { name: "forgot", limit: 20, windowMs: 10 * MINUTE, detail: msg("tooManyForgot") };
/** Registrations per client address: each costs an argon2 hash and makes an account. */
export const REGISTER_PER_ADDRESS: Limit = { name: "register", limit: 30, windowMs: 10 * MINUTE, detail: msg("tooManyRegistrations") };
/** Employees a company may add (each makes an account and mails an invitation): per company, per caller, per address. */
export const EMPLOYEES_PER_COMPANY: Limit = { name: "employee-company", limit: 20, windowMs: HOUR, detail: msg("tooManyEmployees") };
export const EMPLOYEES_PER_CALLER: Limit = { name: "employee-caller", limit: 20, windowMs: HOUR, detail: msg("tooManyEmployees") };
export const EMPLOYEES_PER_ADDRESS: Limit = { name: "employee-address", limit: 30, windowMs: HOUR, detail: msg("tooManyEmployees") };
/** Error reports per client address. */
export const ERRORS_PER_ADDRESS: Limit = { name: "error", limit: 30, windowMs: MINUTE, detail: msg("tooManyErrors") };

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_TRIES = 5;
export const CODES_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 10 * MINUTE;

/** Tenants added (each may make an account and mail an invitation, LOOP.md section 1): per caller and per address. */
export const TENANTS_PER_CALLER: Limit = { name: "tenant-caller", limit: 30, windowMs: HOUR, detail: msg("tooManyTenants") };
export const TENANTS_PER_ADDRESS: Limit = { name: "tenant-address", limit: 60, windowMs: HOUR, detail: msg("tooManyTenants") };
/** Invitation look-ups and acceptances per client address (the token is the credential: no guessing at speed). */
export const INVITES_PER_ADDRESS: Limit = { name: "invite", limit: 20, windowMs: MINUTE, detail: msg("tooManyInviteTries") };
/** An invitation link lives 7 days. */
export const INVITE_TTL_MS = 7 * 24 * HOUR;
