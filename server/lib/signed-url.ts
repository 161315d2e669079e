// Links to private files that an <img> or <a> can load without a bearer header (D21): the link carries who it was
// made for, until when, and an HMAC-SHA256 over both, keyed by a secret made at first start and kept in the database
// (server_secrets), so every server process signs and checks alike (D25). The route that serves the file still asks
// whether that person may see it now: a tenant whose tenancy ended loses their links at once.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/db";
import { clock } from "./clock";

const SECRET_NAME = "file_link_hmac";
const HOUR_S = 3600;

/** The HMAC key, made by whichever process asks first; a race between two makes one row, read back by both. */
export async function fileLinkSecret(q: Queryable): Promise<Buffer> {
  const found = await q.query<{ value: string }>("select value from server_secrets where name = $1", [SECRET_NAME]);
  if (found.rows[0]) return Buffer.from(found.rows[0].value, "base64");
  await q.query("insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing", [SECRET_NAME, randomBytes(32).toString("base64")]);
  const made = await q.query<{ value: string }>("select value from server_secrets where name = $1", [SECRET_NAME]);
  return Buffer.from(made.rows[0].value, "base64");
}

/** What a link opens: a property's file (/api/property/file/…) or an issue's media (/api/issue/file/…). */
export type LinkScope = "property" | "issue";

const mac = (secret: Buffer, fileId: number, userId: number, exp: number, scope: LinkScope) =>
  createHmac("sha256", secret).update(`${scope}-file:${fileId}:${userId}:${exp}`).digest("base64url");

/**
 * Expiry of a link made now: the end of the next whole hour, so a link lives 1 to 2 hours and stays the same for an
 * hour (the browser's cache keeps the image instead of loading it again for every new list).
 */
export const linkExpiry = (now = clock.now()) => (Math.floor(now / 1000 / HOUR_S) + 2) * HOUR_S;

/** The signed link of a property file (or an issue's media) for one user, relative to the app's origin. */
export function signFileLink(secret: Buffer, fileId: number, userId: number, now = clock.now(), scope: LinkScope = "property"): string {
  const exp = linkExpiry(now);
  return `api/${scope}/file/${fileId}?u=${userId}&exp=${exp}&sig=${mac(secret, fileId, userId, exp, scope)}`;
}

/** True when `sig` was made by this server for this file, user and expiry, and the expiry has not passed. */
export function checkFileLink(
  secret: Buffer,
  fileId: number,
  userId: number,
  exp: number,
  sig: string,
  now = clock.now(),
  scope: LinkScope = "property",
): boolean {
  if (!Number.isSafeInteger(exp) || exp * 1000 <= now) return false;
  const want = Buffer.from(mac(secret, fileId, userId, exp, scope));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}
