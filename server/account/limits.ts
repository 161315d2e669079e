// The numbers of the account area (issue 14) in one place. The codes follow D9's recovery codes: 6 digits, 10 minutes,
// 5 wrong tries, 60 s between two codes of one kind and at most 5 an hour per account (kept in contact_changes).
import { HOUR, MINUTE } from "../auth/limits";
import { msg } from "../lib/i18n";
import type { Limit } from "../lib/rate-limit";
import type { UploadRule } from "../lib/uploads";

export { CODE_MAX_TRIES, CODE_TTL_MS, CODES_PER_HOUR, RESEND_COOLDOWN_MS } from "../auth/limits";

/** Calls that send a code (each may mail or text any address): per client address, beside the per-account rules. */
export const ACCOUNT_CODES_PER_ADDRESS: Limit = { name: "account-code", limit: 30, windowMs: 10 * MINUTE, detail: msg("tooManyForgot") };
/** Code checks per account (the 5 tries of one code bound a code; this bounds a string of new ones). */
export const ACCOUNT_CHECKS_PER_CALLER: Limit = { name: "account-check", limit: 20, windowMs: 10 * MINUTE, detail: msg("tooManyChecks") };
/** Password changes and account deletions per account: each costs an argon2 verification, often a hash too. */
export const PASSWORD_CALLS_PER_CALLER: Limit = { name: "account-password", limit: 10, windowMs: 10 * MINUTE, detail: msg("tooManyChecks") };
/** Messages to support per account and per client address. */
export const SUPPORT_PER_CALLER: Limit = { name: "support-caller", limit: 5, windowMs: HOUR, detail: msg("tooManySupportMessages") };
export const SUPPORT_PER_ADDRESS: Limit = { name: "support-address", limit: 20, windowMs: HOUR, detail: msg("tooManySupportMessages") };

/** Photos and logos: what a browser shows (the app makes photos smaller first, D21), at most 5 MB. */
export const PICTURE_RULE: UploadRule = { kinds: ["jpeg", "png", "webp"], maxBytes: 5 * 1024 * 1024 };

/** The name a deleted account keeps (issues, work reports and receipts still name the row). */
export { DELETED_NAME } from "../../src/contract/common";
