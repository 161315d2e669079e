// SQL of Google sign-in (issue 14): the started flows and the single-use tickets, both in the database so that any
// server process may answer any step (D25). Each is taken by one atomic update: two requests with the same state or
// ticket never both get it.
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";
import { hashToken } from "../lib/tokens";
import { OAUTH_KEEP_MS } from "./limits";

/** What the provider vouched for: its issuer, the person's subject there, the verified email (lower-cased), a name. */
export interface OAuthClaims {
  issuer: string;
  sub: string;
  email: string;
  name: string;
}

export interface FlowSecrets {
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  lang: string;
}

/** 128 random bits, URL-safe; only its SHA-256 is stored. */
export const newTicket = () => randomBytes(16).toString("base64url");

/** Stores a started sign-in under its state's hash, bound to the browser's cookie (and drops the day-old ones). */
export async function saveFlow(q: Queryable, state: string, browser: string, f: FlowSecrets, now: number, ttlMs: number) {
  await q.query("delete from oauth_flows where created_at < $1", [new Date(now - OAUTH_KEEP_MS)]);
  await q.query(
    `insert into oauth_flows (state_hash, browser_hash, code_verifier, nonce, redirect_uri, lang, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [hashToken(state), hashToken(browser), f.code_verifier, f.nonce, f.redirect_uri, f.lang, new Date(now), new Date(now + ttlMs)],
  );
}

/**
 * Marks the flow of `state` started by this browser used and answers its secrets; null when unknown, another
 * browser's, used or expired.
 */
export async function takeFlow(q: Queryable, state: string, browser: string, now: number): Promise<FlowSecrets | null> {
  const { rows } = await q.query<FlowSecrets>(
    `update oauth_flows set used_at = $3 where state_hash = $1 and browser_hash = $2 and used_at is null and expires_at > $3
     returning code_verifier, nonce, redirect_uri, lang`,
    [hashToken(state), hashToken(browser), new Date(now)],
  );
  return rows[0] ?? null;
}

export type TicketPurpose = "session" | "register";

/** Makes a single-use ticket carrying `claims` (and drops the day-old ones); answers the ticket, shown once. */
export async function createTicket(q: Queryable, purpose: TicketPurpose, claims: OAuthClaims, now: number, ttlMs: number): Promise<string> {
  const ticket = newTicket();
  await q.query("delete from oauth_tickets where created_at < $1", [new Date(now - OAUTH_KEEP_MS)]);
  await q.query(
    `insert into oauth_tickets (ticket_hash, purpose, issuer, sub, email, name, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [hashToken(ticket), purpose, claims.issuer, claims.sub, claims.email.toLowerCase(), claims.name, new Date(now), new Date(now + ttlMs)],
  );
  return ticket;
}

/** Uses up a ticket of `purpose` and answers its claims; null when unknown, used or expired. */
export async function takeTicket(q: Queryable, ticket: string, purpose: TicketPurpose, now: number): Promise<OAuthClaims | null> {
  const { rows } = await q.query<OAuthClaims>(
    `update oauth_tickets set used_at = $3 where ticket_hash = $1 and purpose = $2 and used_at is null and expires_at > $3
     returning issuer, sub, email, name`,
    [hashToken(ticket), purpose, new Date(now)],
  );
  return rows[0] ?? null;
}

/**
 * A registration's Google link: uses up the register ticket (in the registration's transaction, so a refused
 * registration keeps it) and answers its provider account. 410 for an unknown, used or expired ticket; 422 on
 * email when the body's email is not the ticket's.
 */
export async function takeRegisterTicket(q: Queryable, ticket: string, email: string | null | undefined, now: number): Promise<OAuthClaims> {
  const claims = await takeTicket(q, ticket, "register", now);
  if (!claims) throw new HttpError(410, msg("oauthExpired"), { oauth_ticket: msg("oauthExpired") });
  if (!email || email.trim().toLowerCase() !== claims.email) throw new HttpError(422, msg("oauthEmailMismatch"), { email: msg("oauthEmailMismatch") });
  return claims;
}

/** Links an account to the provider's account (replacing an older link of it). */
export async function linkAccount(q: Queryable, userId: number, claims: OAuthClaims) {
  await q.query("update users set oidc_issuer = $2, oidc_sub = $3 where user_id = $1", [userId, claims.issuer, claims.sub]);
}

const ACCOUNT = "user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob, disabled";

/** The account the provider's person signs in to: the one linked to their provider account, else the one with their email. */
export async function accountFor(q: Queryable, claims: OAuthClaims): Promise<(AuthUser & { disabled: boolean }) | null> {
  const linked = await q.query<AuthUser & { disabled: boolean }>(`select ${ACCOUNT} from users where oidc_issuer = $1 and oidc_sub = $2`, [
    claims.issuer,
    claims.sub,
  ]);
  if (linked.rows[0]) return linked.rows[0];
  const byEmail = await q.query<AuthUser & { disabled: boolean }>(`select ${ACCOUNT} from users where lower(email) = $1`, [claims.email]);
  return byEmail.rows[0] ?? null;
}
