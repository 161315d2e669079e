import { type Context, Hono } from "hono";
import { SAVED_MESSAGE, verifyInfoPayload, verifyInfoProblems } from "../../src/contract/profile";
import type { Env } from "../lib/env";
import { type AuthedEnv, requireAuth } from "../lib/auth";
import { HttpError, body, conflictFrom } from "../lib/http";
import { t } from "../lib/i18n";
import { saveContact } from "./queries";

/** Stores the verify-info form on the signed-in account and sets got_email_mob = 1, in one transaction. */
async function saveContactInfo(c: Context<AuthedEnv>) {
  const user = c.var.user;
  const p = await body(c, verifyInfoPayload);
  const problems = verifyInfoProblems(p, user.role);
  const first = Object.values(problems)[0];
  if (first) throw new HttpError(422, first, problems);

  try {
    await c.var.db.tx((q) => saveContact(q, user, p));
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
