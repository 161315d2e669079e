import { type Context, Hono } from "hono";
import { SAVED_MESSAGE, verifyInfoPayload, verifyInfoProblems } from "../../src/contract/profile";
import type { Env } from "../app";
import { type AuthedEnv, requireAuth } from "../lib/auth";
import { HttpError, body, conflictFrom } from "../lib/http";
import { t } from "../lib/i18n";

/** Stores the verify-info form on the signed-in account and sets got_email_mob = 1, in one transaction. */
async function saveContactInfo(c: Context<AuthedEnv>) {
  const user = c.var.user;
  const p = await body(c, verifyInfoPayload);
  const problems = verifyInfoProblems(p, user.role);
  const first = Object.values(problems)[0];
  if (first) throw new HttpError(422, first, problems);

  // An empty email keeps the one on file (roles 1 and 3 may leave it out; a failed prefill must not erase it).
  const email = (p.email ?? "").trim().toLowerCase() || null;
  const tech = user.role === 1;
  const lat = p.location?.lat ?? null;
  const lng = p.location?.lng ?? null;
  const hasPlace = lat != null && lng != null;
  const addres = (p.addres ?? "").trim() || null;
  try {
    await c.var.db.tx(async (q) => {
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
    });
  } catch (e) {
    throw conflictFrom(e) ?? e;
  }
  return c.json({ message: t(c, SAVED_MESSAGE) });
}

/** Contact verification: GET /get_email_mob, PUT /update_user_email_mob (roles 0 and 3), POST /tech/update (role 1). */
export function profileRoutes() {
  const app = new Hono<Env>();
  app.get("/get_email_mob", requireAuth(), (c) => {
    const { email, mob_no, cntry_code } = c.var.user;
    return c.json({ status: 1, data: { email, mob_no, cntry_code } });
  });
  app.put("/update_user_email_mob", requireAuth(0, 3), saveContactInfo);
  app.post("/tech/update", requireAuth(1), saveContactInfo);
  return app;
}
