import { type Context, Hono } from "hono";
import { SAVED_MESSAGE, verifyInfoPayload, verifyInfoProblems } from "../../src/contract/profile";
import { type CodeTarget, codeSentText, emailTarget, isCurrent, mobileTarget, newCode, pendingChanges, sendCode, startChanges } from "../account/codes";
import type { Env } from "../lib/env";
import { type AuthedEnv, requireAuth } from "../lib/auth";
import { HttpError, body, conflictFrom } from "../lib/http";
import { langOf, t } from "../lib/i18n";
import { saveContact } from "./queries";

/**
 * Stores the verify-info form on the signed-in account and sets got_email_mob = 1, in one transaction. An email or
 * mobile number that differs from the one on file (also when none is) is not stored: a change waiting for its code
 * starts for each (the path of POST /user/change_contact), and the answer says where the code went and carries
 * `pending`. The same email or number as on file answers as before.
 */
async function saveContactInfo(c: Context<AuthedEnv>) {
  const user = c.var.user;
  const p = await body(c, verifyInfoPayload);
  const problems = verifyInfoProblems(p, user.role);
  const first = Object.values(problems)[0];
  if (first) throw new HttpError(422, first, problems);

  // An empty email keeps the one on file (roles 1 and 3 may leave it out; a failed prefill must not erase it).
  const email = (p.email ?? "").trim().toLowerCase();
  const targets: CodeTarget[] = [...(email ? [emailTarget(email)] : []), mobileTarget(p.cntry_code, p.mob_no.trim())].filter((x) => !isCurrent(user, x));
  const made = await Promise.all(targets.map(() => newCode()));
  const lang = langOf(c.req.header("accept-language"));
  let issued: Awaited<ReturnType<typeof startChanges>>;
  try {
    issued = await c.var.db.tx(async (q) => {
      const codes = await startChanges(q, user, targets, made, lang);
      await saveContact(q, user, p);
      return codes;
    });
  } catch (e) {
    throw conflictFrom(e) ?? e;
  }
  const saved = t(c, SAVED_MESSAGE);
  if (!targets.length) return c.json({ message: saved });
  for (const code of issued) await sendCode(c.var, code, lang);
  return c.json({
    message: [saved, ...targets.map((x) => codeSentText(lang, x.value))].join(" "),
    pending: await pendingChanges(c.var.db, user.user_id),
  });
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
