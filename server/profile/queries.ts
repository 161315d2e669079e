// SQL of the profile area.
import type { VerifyInfoPayload } from "../../src/contract/profile";
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";

/**
 * Stores the verify-info form on the account and sets got_email_mob = 1. The email and mobile number are not written
 * here: one the same as on file needs no write, and a different one waits for its code (server/account/codes.ts).
 */
export async function saveContact(q: Queryable, user: AuthUser, p: VerifyInfoPayload) {
  const tech = user.role === 1;
  const lat = p.location?.lat ?? null;
  const lng = p.location?.lng ?? null;
  const hasPlace = lat != null && lng != null;
  const addres = (p.addres ?? "").trim() || null;
  await q.query(
    `update users set
        include_whatsapp = $2,
        area_range = case when $3::boolean then $4::double precision else area_range end,
        respond_time = case when $3::boolean then $5::integer else respond_time end,
        addres = case when $3::boolean or $6::boolean then $7::text else addres end,
        addrs = case when $3::boolean or $6::boolean then $8::jsonb else addrs end,
        lat = case when $3::boolean or $6::boolean then $9::double precision else lat end,
        lng = case when $3::boolean or $6::boolean then $10::double precision else lng end,
        got_email_mob = 1,
        contact_verified_at = now()
      where user_id = $1`,
    [
      user.user_id,
      p.includeWhatsapp ?? false,
      tech,
      p.area_range ?? null,
      p.respond_time ?? null,
      hasPlace,
      addres,
      p.addrs ? JSON.stringify(p.addrs) : null,
      lat,
      lng,
    ],
  );
}
