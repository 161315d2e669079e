// SQL of the profile area.
import type { VerifyInfoPayload } from "../../src/contract/profile";
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";

/** Stores the verify-info form on the account and sets got_email_mob = 1. */
export async function saveContact(q: Queryable, user: AuthUser, p: VerifyInfoPayload) {
  // An empty email keeps the one on file (roles 1 and 3 may leave it out; a failed prefill must not erase it).
  const email = (p.email ?? "").trim().toLowerCase() || null;
  const tech = user.role === 1;
  const lat = p.location?.lat ?? null;
  const lng = p.location?.lng ?? null;
  const hasPlace = lat != null && lng != null;
  const addres = (p.addres ?? "").trim() || null;
  await q.query(
    `update users set
        email = coalesce($2, email),
        cntry_code = $3,
        mob_no = $4,
        include_whatsapp = $5,
        area_range = case when $6::boolean then $7::double precision else area_range end,
        respond_time = case when $6::boolean then $8::integer else respond_time end,
        addres = case when $6::boolean or $9::boolean then $10::text else addres end,
        addrs = case when $6::boolean or $9::boolean then $11::jsonb else addrs end,
        lat = case when $6::boolean or $9::boolean then $12::double precision else lat end,
        lng = case when $6::boolean or $9::boolean then $13::double precision else lng end,
        got_email_mob = 1,
        contact_verified_at = now()
      where user_id = $1`,
    [
      user.user_id,
      email,
      p.cntry_code,
      p.mob_no.trim(),
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
