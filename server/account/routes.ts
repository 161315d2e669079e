// The account area (issue 14, LOOP.md sections 3 and 4; wire shapes in src/contract/account.ts): the profile of every
// role, its photo and the company logo, verified contact changes, the password, deleting the account, and support.
import { type Context, Hono } from "hono";
import { ACCOUNT_MESSAGES, accountDelete, changeContact, passwordChange, profileUpdate, verifyContact } from "../../src/contract/account";
import { SUPPORT_MESSAGES, supportMessage } from "../../src/contract/support";
import { assertPairMayTry, clearPair, pairKey, recordPairFailure } from "../auth/access";
import { write } from "../auth/queries";
import { companyOf } from "../company/access";
import { type AuthedEnv, bearerOf, requireAuth } from "../lib/auth";
import { clientAddress } from "../lib/client-address";
import { clock } from "../lib/clock";
import { type Env, supportFromEnv } from "../lib/env";
import { HttpError, body } from "../lib/http";
import { langOf, msg, t } from "../lib/i18n";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { rateLimit } from "../lib/rate-limit";
import { receiveUpload, uploadLimit } from "../lib/uploads";
import { hashToken } from "../lib/tokens";
import { deliver } from "../mail/mailer";
import { supportMail } from "../mail/templates";
import {
  type CodeTarget,
  assertContactFree,
  checkCode,
  codeSentText,
  e164,
  emailTarget,
  isCurrent,
  keepCode,
  mobileTarget,
  newCode,
  pendingChanges,
  sendCode,
} from "./codes";
import {
  ACCOUNT_CHECKS_PER_CALLER,
  ACCOUNT_CODES_PER_ADDRESS,
  PASSWORD_CALLS_PER_CALLER,
  PICTURE_RULE,
  SUPPORT_PER_ADDRESS,
  SUPPORT_PER_CALLER,
} from "./limits";
import { assertMayChange, readProfile, saveProfile } from "./profile";
import { scrubAccount } from "./remove";

type C = Context<AuthedEnv>;
const lang = (c: Context) => langOf(c.req.header("accept-language"));
const perCaller = (c: C) => `u${c.var.user.user_id}`;

/** Removes a file this area stored (an upload under `prefix`); the demo's own pictures are never touched. */
async function removeStored(c: C, path: string | null, prefix: "photos/" | "logos/") {
  if (!path?.startsWith(prefix)) return;
  const key = `users/${path}`;
  await c.var.storage.delete(key).catch((e) => c.var.log({ msg: "stored file not removed", key, error: String((e as Error)?.message ?? e) }));
}

/** The password check of a password change or a deletion: counted like sign-in failures of this account and address (D9). */
async function assertPassword(c: C, stored: string, given: string, field: string) {
  const pair = pairKey(`u${c.var.user.user_id}`, clientAddress(c));
  await assertPairMayTry(c.var.db, pair);
  if (!(await verifyPassword(stored, given))) {
    await recordPairFailure(c.var.db, pair);
    throw new HttpError(422, ACCOUNT_MESSAGES.currentPasswordWrong, { [field]: ACCOUNT_MESSAGES.currentPasswordWrong });
  }
  await clearPair(c.var.db, pair);
}

async function passwordHashOf(c: C): Promise<string | null> {
  const { rows } = await c.var.db.query<{ password_hash: string | null }>("select password_hash from users where user_id = $1", [c.var.user.user_id]);
  return rows[0]?.password_hash ?? null;
}

/** Where the code confirming a deletion goes: the account's email, else its mobile number (as a kept text). */
function deleteTarget(u: AuthedEnv["Variables"]["user"]): CodeTarget | null {
  if (u.email) return { kind: "delete", value: u.email.toLowerCase(), channel: "mail" };
  if (u.mob_no) return { kind: "delete", value: e164(u.cntry_code, u.mob_no), channel: "sms" };
  return null;
}

export function accountRoutes() {
  const app = new Hono<Env>();

  app.get("/user/profile", requireAuth(), async (c) => c.json({ status: 1, data: await readProfile(c.var.db, c.var.user.user_id) }));

  app.put("/user/profile", requireAuth(), async (c) => {
    const u = c.var.user;
    const p = await body(c, profileUpdate);
    assertMayChange(u, p);
    await write(c.var.db, (q) => saveProfile(q, u, p));
    return c.json({ message: t(c, ACCOUNT_MESSAGES.saved), data: await readProfile(c.var.db, u.user_id) });
  });

  // The photo: one image as the raw body (like POST /issue/media); the old file goes once the new one is on the row.
  app.post("/user/photo", requireAuth(), uploadLimit(PICTURE_RULE), async (c) => {
    const u = c.var.user;
    const stored = await receiveUpload(c, PICTURE_RULE, c.var.storage, "users/photos");
    let old: string | null;
    try {
      old = await c.var.db.tx(async (q) => {
        const { rows } = await q.query<{ profile_path: string | null }>("select profile_path from users where user_id = $1 for update", [u.user_id]);
        await q.query("update users set profile_path = $2 where user_id = $1", [u.user_id, stored.key.replace(/^users\//, "")]);
        return rows[0]?.profile_path ?? null;
      });
    } catch (e) {
      await c.var.storage.delete(stored.key).catch(() => undefined);
      throw e;
    }
    await removeStored(c, old, "photos/");
    return c.json({ message: t(c, ACCOUNT_MESSAGES.photoSaved), data: await readProfile(c.var.db, u.user_id) });
  });

  app.delete("/user/photo", requireAuth(), async (c) => {
    const u = c.var.user;
    const old = await c.var.db.tx(async (q) => {
      const { rows } = await q.query<{ profile_path: string | null }>("select profile_path from users where user_id = $1 for update", [u.user_id]);
      await q.query("update users set profile_path = null where user_id = $1", [u.user_id]);
      return rows[0]?.profile_path ?? null;
    });
    await removeStored(c, old, "photos/");
    return c.json({ message: t(c, ACCOUNT_MESSAGES.photoRemoved), data: await readProfile(c.var.db, u.user_id) });
  });

  app.post("/company/logo", requireAuth(2), uploadLimit(PICTURE_RULE), async (c) => {
    const u = c.var.user;
    const companyId = companyOf(c);
    const stored = await receiveUpload(c, PICTURE_RULE, c.var.storage, "users/logos");
    let old: string | null;
    try {
      old = await c.var.db.tx(async (q) => {
        const { rows } = await q.query<{ logo_path: string | null }>("select logo_path from companies where company_id = $1 for update", [companyId]);
        await q.query("update companies set logo_path = $2 where company_id = $1", [companyId, stored.key.replace(/^users\//, "")]);
        return rows[0]?.logo_path ?? null;
      });
    } catch (e) {
      await c.var.storage.delete(stored.key).catch(() => undefined);
      throw e;
    }
    await removeStored(c, old, "logos/");
    return c.json({ message: t(c, ACCOUNT_MESSAGES.logoSaved), data: await readProfile(c.var.db, u.user_id) });
  });

  // A code to the NEW email or mobile number; the account keeps the old one until POST /user/verify_contact.
  app.post("/user/change_contact", requireAuth(), rateLimit<AuthedEnv>(ACCOUNT_CODES_PER_ADDRESS), async (c) => {
    const u = c.var.user;
    const input = await body(c, changeContact);
    const target = input.kind === "email" ? emailTarget(input.email) : mobileTarget(input.cntry_code, input.mob_no);
    const field = input.kind === "email" ? "email" : "mob_no";
    if (isCurrent(u, target)) throw new HttpError(422, ACCOUNT_MESSAGES.sameContact, { [field]: ACCOUNT_MESSAGES.sameContact });
    const made = await newCode();
    const issued = await c.var.db.tx(async (q) => {
      await assertContactFree(q, u.user_id, target);
      return keepCode(q, u.user_id, target, made, lang(c));
    });
    if (issued) await sendCode(c.var, issued, lang(c));
    return c.json({ message: codeSentText(lang(c), target.value), pending: await pendingChanges(c.var.db, u.user_id) });
  });

  app.post("/user/verify_contact", requireAuth(), rateLimit<AuthedEnv>({ ...ACCOUNT_CHECKS_PER_CALLER, key: perCaller }), async (c) => {
    const u = c.var.user;
    const { kind, otp } = await body(c, verifyContact);
    const outcome = await write(c.var.db, async (q) => {
      const checked = await checkCode(q, u.user_id, kind, otp);
      if (!checked.row) return checked.detail;
      const r = checked.row;
      const target = kind === "email" ? emailTarget(r.value) : mobileTarget(r.cntry_code ?? "", r.mob_no ?? "");
      // Taken meanwhile by someone who confirmed first: 409, and the code stays unused (the transaction rolls back).
      await assertContactFree(q, u.user_id, target);
      if (kind === "email") {
        await q.query("update users set email = $2, contact_verified_at = $3 where user_id = $1", [u.user_id, target.value, new Date(clock.now())]);
        // Recovery codes sent to the old address die with it.
        await q.query("update password_resets set voided_at = $2 where user_id = $1 and voided_at is null and used_at is null", [
          u.user_id,
          new Date(clock.now()),
        ]);
      } else
        await q.query("update users set cntry_code = $2, mob_no = $3, contact_verified_at = $4 where user_id = $1", [
          u.user_id,
          target.cntry_code,
          target.mob_no,
          new Date(clock.now()),
        ]);
      return null;
    });
    if (outcome) throw new HttpError(422, outcome, { otp: outcome });
    return c.json({ message: t(c, ACCOUNT_MESSAGES.contactChanged), data: await readProfile(c.var.db, u.user_id) });
  });

  // Every other session of the account ends; this one stays.
  app.put("/user/password", requireAuth(), rateLimit<AuthedEnv>({ ...PASSWORD_CALLS_PER_CALLER, key: perCaller }), async (c) => {
    const u = c.var.user;
    const input = await body(c, passwordChange);
    const stored = await passwordHashOf(c);
    // An account made through Google sign-in that never set a password may set one without it.
    if (stored) {
      if (!input.current_password)
        throw new HttpError(422, ACCOUNT_MESSAGES.currentPasswordRequired, { current_password: ACCOUNT_MESSAGES.currentPasswordRequired });
      await assertPassword(c, stored, input.current_password, "current_password");
    }
    const hash = await hashPassword(input.new_password);
    const token = bearerOf(c.req.header("authorization")) ?? "";
    await c.var.db.tx(async (q) => {
      await q.query("update users set password_hash = $2 where user_id = $1", [u.user_id, hash]);
      await q.query("delete from sessions where user_id = $1 and token_hash <> $2", [u.user_id, hashToken(token)]);
      await q.query("update password_resets set voided_at = $2 where user_id = $1 and voided_at is null and used_at is null", [
        u.user_id,
        new Date(clock.now()),
      ]);
    });
    return c.json({ message: t(c, ACCOUNT_MESSAGES.passwordChanged) });
  });

  // A code for DELETE /user/account (accounts without a password need it; any account may use it).
  app.post("/user/delete_code", requireAuth(), rateLimit<AuthedEnv>(ACCOUNT_CODES_PER_ADDRESS), async (c) => {
    const u = c.var.user;
    const target = deleteTarget(u);
    if (!target) throw new HttpError(422, msg("noAddressForCode"));
    const made = await newCode();
    const issued = await c.var.db.tx((q) => keepCode(q, u.user_id, target, made, lang(c)));
    if (issued) await sendCode(c.var, issued, lang(c));
    return c.json({ message: t(c, ACCOUNT_MESSAGES.deleteCodeSent) });
  });

  app.delete("/user/account", requireAuth(), rateLimit<AuthedEnv>({ ...PASSWORD_CALLS_PER_CALLER, key: perCaller }), async (c) => {
    const u = c.var.user;
    const input = await body(c, accountDelete);
    const password = input.password ?? "";
    if (password) {
      const stored = await passwordHashOf(c);
      if (!stored) throw new HttpError(422, ACCOUNT_MESSAGES.currentPasswordWrong, { password: ACCOUNT_MESSAGES.currentPasswordWrong });
      await assertPassword(c, stored, password, "password");
    } else if (!input.otp) throw new HttpError(422, ACCOUNT_MESSAGES.deleteNeedsProof, { password: ACCOUNT_MESSAGES.deleteNeedsProof });
    const now = clock.now();
    const outcome = await c.var.db.tx(async (q) => {
      if (!password && input.otp) {
        const checked = await checkCode(q, u.user_id, "delete", input.otp, now);
        if (!checked.row) return { detail: checked.detail, photo: null };
      }
      const before = await scrubAccount(q, u.user_id, now);
      return { detail: null, photo: before.profile_path };
    });
    if (outcome.detail) throw new HttpError(422, outcome.detail, { otp: outcome.detail });
    await removeStored(c, outcome.photo, "photos/");
    return c.json({ message: t(c, ACCOUNT_MESSAGES.accountDeleted) });
  });

  app.get("/support/info", requireAuth(), (c) => {
    const s = supportFromEnv();
    return c.json({ status: 1, data: { phone: s.phone, whatsapp: s.whatsapp, email: s.email } });
  });

  // Kept, then mailed to the support address with who sent it.
  app.post(
    "/support/contact",
    requireAuth(),
    rateLimit<AuthedEnv>({ ...SUPPORT_PER_CALLER, key: perCaller }),
    rateLimit<AuthedEnv>(SUPPORT_PER_ADDRESS),
    async (c) => {
      const u = c.var.user;
      const input = await body(c, supportMessage);
      const subject = input.subject ?? "";
      await c.var.db.query("insert into support_messages (user_id, subject, message, created_at) values ($1, $2, $3, $4)", [
        u.user_id,
        subject,
        input.message,
        new Date(clock.now()),
      ]);
      const mobile = u.mob_no ? e164(u.cntry_code, u.mob_no) : null;
      const mail = supportMail({ to: supportFromEnv().email, subject, message: input.message, sender: { ...u, mobile } });
      await deliver(c.var.mailer, mail, c.var.log);
      return c.json({ message: t(c, SUPPORT_MESSAGES.sent) }, 201);
    },
  );

  return app;
}
