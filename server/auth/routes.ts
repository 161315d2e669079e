// Accounts (issue 3): sign-in, the three registrations, password recovery. D8 and D9 govern every line.
import { randomBytes, randomInt } from "node:crypto";
import { Hono } from "hono";
import * as z from "zod/mini";
import {
  AUTH_MESSAGES,
  companyRegister,
  customerRegister,
  forgotQuery,
  loginRequest,
  resetPasswordRequest,
  techRegister,
  verifyOtpRequest,
} from "../../src/contract/auth";
import type { Context } from "hono";
import type { Queryable } from "../db/db";
import type { Env } from "../lib/env";
import { type AuthUser, bearerOf, endSession, endSessions, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import { isDialCode, isLanguageCode } from "../lib/codes";
import {
  CODES_PER_HOUR,
  CODE_CHECKS_PER_ADDRESS,
  CODE_CHECKS_PER_EMAIL,
  CODE_MAX_TRIES,
  CODE_TTL_MS,
  FORGOT_PER_ADDRESS,
  LOGIN_PER_ADDRESS,
  REGISTER_PER_ADDRESS,
  RESEND_COOLDOWN_MS,
  RESET_TOKEN_TTL_MS,
} from "./limits";
import { assertPairMayTry, clearAccountPairs, clearPair, noteAccountFailure, pairKey, recordPairFailure } from "./access";
import { enforce, rateLimit } from "../lib/rate-limit";
import { type MessageKey, msg, t, translate } from "../lib/i18n";

/** A server sentence in English, where zod wants a string; it is translated by its text when answered. */
const english = (key: MessageKey) => translate("en", msg(key));
import { clientAddress } from "../lib/client-address";
import { HttpError, body, check, tooMany } from "../lib/http";
import { parseIdentifier } from "./identifier";
import { assertFree, findAccount, lockEmail, signedInAnswer, write } from "./queries";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { hashToken } from "../lib/tokens";
import { type OAuthClaims, takeRegisterTicket } from "../oauth/queries";
import { deliver } from "../mail/mailer";
import { resetCodeMail } from "../mail/templates";

// The data packages narrow what the shared contract only shapes. safeExtend keeps the contract's object-level
// checks (the mobile number for the chosen country, D16), which plain extend refuses to carry over.
const knownDial = {
  cntry_code: z._default(
    z.string("Please choose a country code.").check(
      z.trim(),
      z.overwrite((s) => (/^\d/.test(s) ? `+${s}` : s)),
      z.refine(isDialCode, english("dialUnknown")),
    ),
    "+968",
  ),
};
const serverCustomer = z.safeExtend(customerRegister, knownDial);
const serverCompany = z.safeExtend(companyRegister, knownDial);
const serverTech = z.safeExtend(techRegister, {
  ...knownDial,
  language: z.pipe(techRegister.shape.language, z.array(z.string().check(z.refine(isLanguageCode, english("languagesFromList"))))),
});

const codeWrong = (left: number) => (left === 1 ? msg("codeWrong1") : msg("codeWrong", { left }));

// Unknown identifiers still cost one argon2 verification, so timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

/** A new account's fields, as a session answers them. */
const NEW_ACCOUNT = "user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob";

/** The provider account of a Google registration (issue 14): its oauth_ticket, used up in the registration's transaction. */
const googleLink = (q: Queryable, r: { oauth_ticket?: string; email?: string | null }, now: number): Promise<OAuthClaims | null> =>
  r.oauth_ticket ? takeRegisterTicket(q, r.oauth_ticket, r.email, now) : Promise.resolve(null);

/** 201's body: the message; after a Google registration also a session, so the app signs the person in at once. */
const registeredAnswer = async (c: Context<Env>, q: Queryable, account: AuthUser, link: OAuthClaims | null, now: number) =>
  link ? signedInAnswer(q, account, t(c, AUTH_MESSAGES.registered), now) : { message: t(c, AUTH_MESSAGES.registered) };

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
const newResetToken = () => randomBytes(16).toString("base64url"); // 128 bits (D9)

export function authRoutes() {
  const app = new Hono<Env>();

  app.post("/user/login", rateLimit(LOGIN_PER_ADDRESS), async (c) => {
    const { db } = c.var;
    const { identifier, password } = await body(c, loginRequest);
    const id = parseIdentifier(identifier);
    const account = id ? await findAccount(db, id) : null;
    // An identifier that names no account still counts its own pair, so a 429 tells nothing about which accounts exist.
    const who = account ? `u${account.user_id}` : id?.kind === "email" ? id.email : (id?.digits ?? identifier.toLowerCase());
    const pair = pairKey(who, clientAddress(c));
    await assertPairMayTry(db, pair);

    const usable = account && !account.disabled && account.password_hash && password.length <= 128;
    let ok = false;
    if (usable) ok = await verifyPassword(account.password_hash, password);
    else await verifyPassword(await dummy(), password);
    if (!ok || !account) {
      await recordPairFailure(db, pair);
      if (account) await noteAccountFailure(db, c.var.mailer, c.var.log, account);
      throw new HttpError(401, AUTH_MESSAGES.invalidLogin);
    }
    await clearPair(db, pair);
    return c.json(await signedInAnswer(db, account, t(c, AUTH_MESSAGES.login), clock.now()));
  });

  // Ends the session of this token on the server (the app also forgets it); other sessions of the account stay.
  app.post("/user/logout", requireAuth(), async (c) => {
    const token = bearerOf(c.req.header("authorization"));
    if (token) await endSession(c.var.db, token);
    return c.json({ message: t(c, msg("loggedOut")) });
  });

  // The three registrations take a password, or the oauth_ticket of a Google sign-in (issue 14): its email must be the
  // body's, the account is linked to the Google account with no password, and the answer signs the person in.

  // Customer (property owner or tenant), role 0 (D6). Email and mobile are given, so no verify-info prompt follows.
  app.post("/user/register", rateLimit(REGISTER_PER_ADDRESS), async (c) => {
    const r = await body(c, serverCustomer);
    const passwordHash = r.password ? await hashPassword(r.password) : null;
    const now = new Date(clock.now());
    const answer = await write(c.var.db, async (q) => {
      const link = await googleLink(q, r, now.getTime());
      await assertFree(q, { email: r.email, mob_no: r.mob_no });
      const { rows } = await q.query<AuthUser>(
        `insert into users (role, name, email, mob_no, cntry_code, password_hash, got_email_mob, terms_accepted_at, oidc_issuer, oidc_sub)
         values (0, $1, $2, $3, $4, $5, 1, $6, $7, $8) returning ${NEW_ACCOUNT}`,
        [r.name, r.email, r.mob_no, r.cntry_code, passwordHash, now, link?.issuer ?? null, link?.sub ?? null],
      );
      return registeredAnswer(c, q, rows[0], link, now.getTime());
    });
    return c.json(answer, 201);
  });

  // Technician, role 1. got_email_mob stays 0: the verify-info step still asks for area, response time and location.
  app.post("/authn/tech_register", rateLimit(REGISTER_PER_ADDRESS), async (c) => {
    const r = await body(c, serverTech);
    const email = r.email || null;
    const passwordHash = r.password ? await hashPassword(r.password) : null;
    const now = new Date(clock.now());
    const answer = await write(c.var.db, async (q) => {
      const link = await googleLink(q, { oauth_ticket: r.oauth_ticket, email }, now.getTime());
      await assertFree(q, { email, mob_no: r.mob_no });
      const { rows } = await q.query<AuthUser>(
        `insert into users (role, name, email, mob_no, cntry_code, password_hash, got_email_mob, job_title, skills, languages, terms_accepted_at, oidc_issuer, oidc_sub)
         values (1, $1, $2, $3, $4, $5, 0, 'Technician', $6, $7, $8, $9, $10) returning ${NEW_ACCOUNT}`,
        [
          r.name,
          email,
          r.mob_no,
          r.cntry_code,
          passwordHash,
          [...new Set(r.skills)].sort((a, b) => a - b),
          [...new Set(r.language)],
          now,
          link?.issuer ?? null,
          link?.sub ?? null,
        ],
      );
      return registeredAnswer(c, q, rows[0], link, now.getTime());
    });
    return c.json(answer, 201);
  });

  // Maintenance company: the company and its owner's account (role 2), both or neither.
  app.post("/authn/company_register", rateLimit(REGISTER_PER_ADDRESS), async (c) => {
    const r = await body(c, serverCompany);
    const passwordHash = r.password ? await hashPassword(r.password) : null;
    const now = new Date(clock.now());
    const answer = await write(c.var.db, async (q) => {
      const link = await googleLink(q, r, now.getTime());
      await assertFree(q, { email: r.email, mob_no: r.mob_no, reg_no: r.reg_no });
      const company = await q.query<{ company_id: number }>(
        `insert into companies (name, email, mob_no, cntry_code, reg_no, created_at) values ($1, $2, $3, $4, $5, $6) returning company_id`,
        [r.name, r.email, r.mob_no, r.cntry_code, r.reg_no, now],
      );
      const { rows } = await q.query<AuthUser>(
        `insert into users (role, name, email, mob_no, cntry_code, password_hash, company_id, got_email_mob, job_title, terms_accepted_at, oidc_issuer, oidc_sub)
         values (2, $1, $2, $3, $4, $5, $6, 1, 'Owner', $7, $8, $9) returning ${NEW_ACCOUNT}`,
        [r.name, r.email, r.mob_no, r.cntry_code, passwordHash, company.rows[0].company_id, now, link?.issuer ?? null, link?.sub ?? null],
      );
      return registeredAnswer(c, q, rows[0], link, now.getTime());
    });
    return c.json(answer, 201);
  });

  // Sends (or resends) a code. The answer is the same whether the email has an account: a row is kept either way.
  app.post("/auth/forgotpassword", rateLimit(FORGOT_PER_ADDRESS), async (c) => {
    const { email } = check(forgotQuery, { email: c.req.query("email") ?? "" });
    const code = newCode();
    const codeHash = await hashPassword(code);
    const now = clock.now();
    const userId = await c.var.db.tx(async (q) => {
      await lockEmail(q, email);
      const recent = await q.query<{ created_at: Date }>(
        "select created_at from password_resets where email = $1 and created_at > $2 order by created_at desc",
        [email, new Date(now - 60 * 60_000)],
      );
      const latest = recent.rows[0] ? new Date(recent.rows[0].created_at).getTime() : null;
      if (latest !== null && now - latest < RESEND_COOLDOWN_MS) {
        const wait = RESEND_COOLDOWN_MS - (now - latest);
        throw tooMany(msg("resendWait", { seconds: Math.ceil(wait / 1000) }), wait);
      }
      if (recent.rows.length >= CODES_PER_HOUR) {
        const fifth = new Date(recent.rows[CODES_PER_HOUR - 1].created_at).getTime();
        throw tooMany(msg("tooManyCodes"), fifth + 60 * 60_000 - now);
      }
      const user = await q.query<{ user_id: number }>("select user_id from users where lower(email) = $1 and not disabled", [email]);
      const userId = user.rows[0]?.user_id ?? null;
      // A new code voids the previous one (D9).
      await q.query("update password_resets set voided_at = $2 where email = $1 and voided_at is null and used_at is null", [email, new Date(now)]);
      await q.query("insert into password_resets (email, user_id, code_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)", [
        email,
        userId,
        codeHash,
        new Date(now),
        new Date(now + CODE_TTL_MS),
      ]);
      await q.query("delete from password_resets where created_at < $1", [new Date(now - 24 * 60 * 60_000)]);
      return userId;
    });
    if (userId !== null) void deliver(c.var.mailer, resetCodeMail(email, code, CODE_TTL_MS / 60_000), c.var.log);
    return c.json({ message: t(c, AUTH_MESSAGES.resetSent) });
  });

  app.post("/auth/verifyotp", rateLimit(CODE_CHECKS_PER_ADDRESS), async (c) => {
    const { db } = c.var;
    const { email, otp } = await body(c, verifyOtpRequest);
    await enforce(db, CODE_CHECKS_PER_EMAIL, email);
    const now = clock.now();
    const token = newResetToken();
    const outcome = await db.tx(async (q) => {
      await lockEmail(q, email);
      const { rows } = await q.query<{ reset_id: number; user_id: number | null; code_hash: string; attempts: number; expires_at: Date }>(
        `select reset_id, user_id, code_hash, attempts, expires_at from password_resets
          where email = $1 and voided_at is null and used_at is null order by reset_id desc limit 1 for update`,
        [email],
      );
      const r = rows[0];
      if (!r) return { detail: msg("noCode") };
      if (new Date(r.expires_at).getTime() <= now) return { detail: msg("codeExpired") };
      if (r.attempts >= CODE_MAX_TRIES) return { detail: msg("codeExhausted") };
      // Rows of emails without an account have a code nobody was sent; they fail the same way, after the same work.
      const right = (await verifyPassword(r.code_hash, otp)) && r.user_id !== null;
      if (!right) {
        const attempts = r.attempts + 1;
        await q.query("update password_resets set attempts = $2 where reset_id = $1", [r.reset_id, attempts]);
        return { detail: attempts >= CODE_MAX_TRIES ? msg("codeExhausted") : codeWrong(CODE_MAX_TRIES - attempts) };
      }
      await q.query("update password_resets set used_at = $2, token_hash = $3, token_expires_at = $4 where reset_id = $1", [
        r.reset_id,
        new Date(now),
        hashToken(token),
        new Date(now + RESET_TOKEN_TTL_MS),
      ]);
      return { detail: null };
    });
    if (outcome.detail) throw new HttpError(400, outcome.detail, { otp: outcome.detail });
    return c.json({ message: t(c, AUTH_MESSAGES.otpVerified), reset_token: token });
  });

  app.post("/auth/resetpassword", rateLimit(CODE_CHECKS_PER_ADDRESS), async (c) => {
    const { db } = c.var;
    const r = await body(c, resetPasswordRequest);
    await enforce(db, CODE_CHECKS_PER_EMAIL, r.email);
    const passwordHash = await hashPassword(r.new_password);
    const now = clock.now();
    const userId = await db.tx(async (q) => {
      await lockEmail(q, r.email);
      const { rows } = await q.query<{ reset_id: number; user_id: number }>(
        `select reset_id, user_id from password_resets
          where email = $1 and token_hash = $2 and token_used_at is null and token_expires_at > $3 and user_id is not null
          for update`,
        [r.email, hashToken(r.reset_token), new Date(now)],
      );
      const row = rows[0];
      if (!row) throw new HttpError(400, msg("resetExpired"), { reset_token: msg("resetExpired") });
      await q.query("update users set password_hash = $2 where user_id = $1", [row.user_id, passwordHash]);
      await q.query("update password_resets set token_used_at = $2 where reset_id = $1", [row.reset_id, new Date(now)]);
      await q.query("update password_resets set voided_at = $2 where email = $1 and voided_at is null and used_at is null", [r.email, new Date(now)]);
      // A reset ends every session of the account (D9); it does not sign the user in.
      await endSessions(q, row.user_id);
      return row.user_id;
    });
    await clearAccountPairs(db, userId);
    return c.json({ message: t(c, AUTH_MESSAGES.passwordReset) });
  });

  return app;
}
