// The one-time link (LOOP.md section 1: 128 random bits, stored hashed, valid 7 days, used once) that a tenant an owner
// added, or an employee a company added ("Employees get the same link"), opens on /invite to set a password and sign
// in. Made here for POST /property/assign_role and /property/reinvite, POST /company/create_user and /company/reinvite.
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { INVITE_TTL_MS } from "../auth/limits";
import type { Queryable } from "../db/db";
import { langOf } from "./i18n";
import { hashToken } from "./tokens";

/** A new invitation token: 128 random bits. */
export const newInviteToken = () => randomBytes(16).toString("base64url");

/** Keeps the token's hash for `userId`, invited by `invitedBy` (to a tenancy, or none for an employee). */
export async function storeInvitation(q: Queryable, token: string, userId: number, invitedBy: number, tenancyId: number | null, now: number) {
  await q.query("insert into invitations (token_hash, user_id, invited_by, tenancy_id, expires_at) values ($1, $2, $3, $4, $5)", [
    hashToken(token),
    userId,
    invitedBy,
    tenancyId,
    new Date(now + INVITE_TTL_MS),
  ]);
}

/** Where the app lives, for links in mails: APP_URL, else the origin the request came to. */
export const appOrigin = (c: Context) => (process.env.APP_URL?.trim() || new URL(c.req.url).origin).replace(/\/+$/, "");

/** The invitation's address; it opens in Arabic when the one who made it asked in Arabic (their message is Arabic). */
export function inviteLink(c: Context, token: string): string {
  const inLang = langOf(c.req.header("accept-language")) === "ar" ? "&lang=ar" : "";
  return `${appOrigin(c)}/#/invite?token=${token}${inLang}`;
}
