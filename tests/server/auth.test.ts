import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import type { Db, Queryable } from "../../server/db/db";
import { requireAuth } from "../../server/lib/auth";
import { clock } from "../../server/lib/clock";
import { purgeRateLimits } from "../../server/lib/rate-limit";
import { hashPassword, lowestHashCostInTests } from "../../server/lib/passwords";
import { hashToken } from "../../server/lib/tokens";
import { parseIdentifier } from "../../server/auth/identifier";
import { type Mail, logMailer, mailerFromEnv, outboxFile } from "../../server/mail/mailer";
import { codeIn, latestMails, latestMailsInFile } from "../../server/mail/outbox";
import { invitationMail, resetCodeMail } from "../../server/mail/templates";
import { fixtureHash } from "./factories";
import { resetDb, sharedApp, testApp, testDb } from "./helpers";

let db: Db;
let demoHash: string;
const PASSWORD = "Demo@1234";
// Today at 08:00 UTC, not a fixed day: a session is checked against the database's own clock (expires_at > now()), so
// a session signed in at a fixed T0 stopped working three days after it (the logout test failed from 26 Nov 2026 on).
const today = new Date();
const T0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 8);

beforeAll(async () => {
  db = await testDb();
  demoHash = await fixtureHash(PASSWORD);
});
afterAll(async () => db.close());
beforeEach(async () => {
  await resetDb(db);
  clock.set(T0);
});
afterEach(() => clock.set());

/** Moves the accounts clock forward. */
const advance = (ms: number) => clock.set(clock.now() + ms);

async function addUser(
  f: { email?: string | null; mob_no?: string; cntry_code?: string; role?: number; password_hash?: string | null; disabled?: boolean } = {},
) {
  const { rows } = await db.query<{ user_id: number }>(
    `insert into users (role, name, email, mob_no, cntry_code, password_hash, disabled, got_email_mob)
     values ($1, 'Ahmed Al Balushi', $2, $3, $4, $5, $6, 1) returning user_id`,
    [
      f.role ?? 1,
      f.email === undefined ? "tech@demo.om" : f.email,
      f.mob_no ?? "91000002",
      f.cntry_code ?? "+968",
      f.password_hash === undefined ? demoHash : f.password_hash,
      f.disabled ?? false,
    ],
  );
  return rows[0].user_id;
}

/** The app; the accounts clock drives its rate limits too (they read server/lib/clock.ts). */
const appWithClock = () => testApp(db);
/**
 * The calling test at D9's hashing cost (tests/server/setup.ts gives the others argon2's lowest): the tests of D9's
 * settings, and of a hash's time hiding whether an account exists.
 */
const atD9Cost = () => {
  lowestHashCostInTests(false);
  onTestFinished(() => lowestHashCostInTests(true));
};
const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;

describe("POST /api/user/login", () => {
  it("signs in with the email and answers the token, role, got_email_mob and the user fields", async () => {
    const id = await addUser();
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/login", { identifier: "tech@demo.om", password: PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      role: 1,
      got_email_mob: 1,
      user_id: id,
      name: "Ahmed Al Balushi",
      email: "tech@demo.om",
      mob_no: "91000002",
      cntry_code: "+968",
      company_id: null,
    });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(body)).not.toContain("argon2");
    // Stored hashed, valid three days.
    const { rows } = await db.query<{ token_hash: string; expires_at: Date }>("select token_hash, expires_at from sessions");
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashToken(body.access_token));
    expect(new Date(rows[0].expires_at).getTime()).toBe(T0 + 3 * 24 * 3600_000);
  });

  it.each(["+96891000002", "96891000002", "91000002", "+968 9100 0002", "0096891000002", "TECH@Demo.om "])("signs in with %j", async (identifier) => {
    await addUser();
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/login", { identifier, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe(1);
  });

  it("the token opens protected routes until the server-side expiry", async () => {
    await addUser();
    clock.set();
    const { app, json } = testApp(db);
    app.get("/api-me", requireAuth(), (c) => c.json(c.var.user));
    const { access_token } = await (await json("POST", "/api/user/login", { identifier: "tech@demo.om", password: PASSWORD })).json();
    expect((await json("GET", "/api-me", undefined, access_token)).status).toBe(200);
    await db.query("update sessions set expires_at = now() - interval '1 second'");
    expect((await json("GET", "/api-me", undefined, access_token)).status).toBe(401);
  });

  it.each([
    ["a wrong password", { identifier: "tech@demo.om", password: "Demo@12345" }],
    ["an unknown email", { identifier: "nobody@demo.om", password: PASSWORD }],
    ["an unknown mobile number", { identifier: "99999999", password: PASSWORD }],
    ["a right number with the wrong dial code", { identifier: "+97191000002", password: PASSWORD }],
    ["an identifier that is neither", { identifier: "not an identifier", password: PASSWORD }],
    ["a password over 128 characters", { identifier: "tech@demo.om", password: `${PASSWORD}${"x".repeat(130)}` }],
  ])("answers 401 'Invalid identifier or password' for %s", async (_what, creds) => {
    await addUser();
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/login", creds);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Invalid identifier or password" });
    expect(await count("sessions")).toBe(0);
  });

  it("refuses a disabled account and an invited account with no password yet, with the same 401", async () => {
    await addUser({ disabled: true });
    await addUser({ email: "new@demo.om", mob_no: "91000009", password_hash: null });
    const { json } = sharedApp(db);
    for (const identifier of ["tech@demo.om", "new@demo.om"]) {
      const res = await json("POST", "/api/user/login", { identifier, password: PASSWORD });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: "Invalid identifier or password" });
    }
  });

  it("answers 422 for missing fields and 400 for a body that is not JSON", async () => {
    const { json } = sharedApp(db);
    const missing = await json("POST", "/api/user/login", { identifier: "tech@demo.om" });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.password).toBeTruthy();
    expect((await json("POST", "/api/user/login", "{nope")).status).toBe(400);
    // Walked: a pasted 5,000 characters were told to enter an email or number.
    const long = await json("POST", "/api/user/login", { identifier: "a".repeat(5000), password: "whatever1" });
    expect(long.status).toBe(422);
    expect((await long.json()).errors.identifier).toBe("An email or mobile number is at most 254 characters.");
    const longAr = await json("POST", "/api/user/login", { identifier: "a".repeat(300), password: "whatever1" }, undefined, { "accept-language": "ar" });
    expect((await longAr.json()).errors.identifier).toBe("البريد الإلكتروني أو رقم الجوال لا يزيد على 254 حرفًا.");
  });

  it("allows 10 attempts a minute per address, then 429 with Retry-After; another address is not affected", async () => {
    await addUser();
    const { json } = appWithClock();
    // Ten different unknown identifiers, so only the per-address limit can answer 429.
    const from = (ip: string, identifier: string, password = "wrong-password") =>
      json("POST", "/api/user/login", { identifier, password }, undefined, { "x-forwarded-for": ip });
    for (let i = 0; i < 10; i++) expect((await from("10.0.0.1", `nobody${i}@demo.om`)).status).toBe(401);
    const blocked = await from("10.0.0.1", "tech@demo.om", PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).detail).toMatch(/Too many/);
    expect((await from("10.0.0.2", "tech@demo.om", PASSWORD)).status).toBe(200);
    advance(61_000);
    expect((await from("10.0.0.1", "tech@demo.om", PASSWORD)).status).toBe(200);
  });

  it("the per-address limit holds across two app instances over one database (D25), and LOGIN_RATE_LIMIT raises it", async () => {
    await addUser();
    const one = testApp(db);
    const two = testApp(db);
    const from = (app: typeof one, i: number) =>
      app.json("POST", "/api/user/login", { identifier: `nobody${i}@demo.om`, password: "x" }, undefined, { "x-forwarded-for": "10.0.5.1" });
    for (let i = 0; i < 5; i++) expect((await from(one, i)).status).toBe(401);
    for (let i = 5; i < 10; i++) expect((await from(two, i)).status).toBe(401);
    expect((await from(one, 10)).status).toBe(429);
    process.env.LOGIN_RATE_LIMIT = "12";
    try {
      expect((await from(two, 11)).status).toBe(401);
    } finally {
      delete process.env.LOGIN_RATE_LIMIT;
    }
  });

  it("the right password from another address still signs in after 100 failures elsewhere (nobody can lock an account from afar)", async () => {
    await addUser();
    const { json } = appWithClock();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push(
        (
          await json("POST", "/api/user/login", { identifier: "91000002", password: "wrong-password" }, undefined, {
            "x-forwarded-for": `10.1.${Math.floor(i / 5)}.1`,
          })
        ).status,
      );
    expect(statuses.every((s) => s === 401)).toBe(true);
    const right = await json("POST", "/api/user/login", { identifier: "tech@demo.om", password: PASSWORD }, undefined, { "x-forwarded-for": "10.9.9.9" });
    expect(right.status).toBe(200);
  }, 60_000);

  it("after 5 failures one account and address pair waits 1 minute, doubling up to 15; other addresses and accounts are not held", async () => {
    await addUser();
    await addUser({ email: "other@demo.om", mob_no: "91000009" });
    const { json } = appWithClock();
    const login = (identifier: string, password: string, ip = "10.2.0.1") =>
      json("POST", "/api/user/login", { identifier, password }, undefined, { "x-forwarded-for": ip });
    for (let i = 0; i < 5; i++) expect((await login("tech@demo.om", "wrong-password")).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 6; round++) {
      // Held: even the right password from this address waits, and says how long.
      const held = await login("tech@demo.om", PASSWORD);
      expect(held.status).toBe(429);
      const wait = Number(held.headers.get("retry-after"));
      waits.push(wait);
      expect((await held.json()).detail).toContain(String(wait));
      // Another address, and another account from this address, are not held.
      expect((await login("other@demo.om", PASSWORD)).status).toBe(200);
      advance(wait * 1000);
      expect((await login("tech@demo.om", "wrong-password")).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
    expect((await login("tech@demo.om", PASSWORD, "10.2.0.2")).status).toBe(200);
    // The right password, once the wait is over, ends the pair's count.
    advance(900_000);
    expect((await login("tech@demo.om", PASSWORD)).status).toBe(200);
    expect((await login("tech@demo.om", "wrong-password")).status).toBe(401);
    expect((await login("tech@demo.om", PASSWORD)).status).toBe(200);
  }, 60_000);

  it("many failures on one account mail its owner once an hour, not once per failure", async () => {
    await addUser();
    const { json, sent } = appWithClock();
    const fail = (i: number) =>
      json("POST", "/api/user/login", { identifier: "tech@demo.om", password: "wrong-password" }, undefined, { "x-forwarded-for": `10.3.${i % 50}.1` });
    for (let i = 0; i < 60; i++) await fail(i);
    const alerts = () => sent.filter((m) => m.to === "tech@demo.om" && /failed sign-ins/.test(m.subject));
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0].text).toContain("not locked");
    expect(alerts()[0].text).toContain("حسابك غير مقفل");
    advance(30 * 60_000);
    for (let i = 0; i < 30; i++) await fail(100 + i);
    expect(alerts()).toHaveLength(1);
    advance(31 * 60_000);
    for (let i = 0; i < 30; i++) await fail(200 + i);
    expect(alerts()).toHaveLength(2);
  }, 60_000);

  it("purgeRateLimits deletes counters whose window has ended and keeps running ones", async () => {
    await addUser();
    const { json } = appWithClock();
    await json("POST", "/api/user/login", { identifier: "tech@demo.om", password: "wrong-password" }, undefined, { "x-forwarded-for": "10.4.0.1" });
    expect(await count("rate_limits")).toBeGreaterThan(0);
    expect(await purgeRateLimits(db)).toBe(0);
    advance(2 * 3600_000);
    expect(await purgeRateLimits(db)).toBeGreaterThan(0);
    expect(await count("rate_limits")).toBe(0);
  });
});

const customer = { name: "Salim Al Harthy", email: "Salim@Example.om", cntry_code: "+968", mob_no: "9123 4567", password: "Secret@123", terms_service: true };

describe("POST /api/user/register (customer, D6)", () => {
  it("creates a role 0 account with an argon2id hash, answers 201 'Registration successful!', and the account can sign in", async () => {
    atD9Cost();
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/register", customer);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Registration successful!" });
    const { rows } = await db.query<Record<string, unknown>>("select * from users");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      role: 0,
      name: "Salim Al Harthy",
      email: "salim@example.om",
      mob_no: "91234567",
      cntry_code: "+968",
      got_email_mob: 1,
      company_id: null,
    });
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0].terms_accepted_at).toBeTruthy();
    const login = await json("POST", "/api/user/login", { identifier: "+96891234567", password: "Secret@123" });
    expect(login.status).toBe(200);
    expect((await login.json()).role).toBe(0);
  });

  it("defaults cntry_code to +968 and drops unknown fields (a client cannot choose its role)", async () => {
    const { json } = sharedApp(db);
    const { cntry_code: _omit, ...rest } = customer;
    const res = await json("POST", "/api/user/register", { ...rest, role: 2, company_id: 1, got_email_mob: 0 });
    expect(res.status).toBe(201);
    const { rows } = await db.query<Record<string, unknown>>("select role, cntry_code, company_id from users");
    expect(rows[0]).toEqual({ role: 0, cntry_code: "+968", company_id: null });
  });

  it.each([
    ["name", { name: "  " }],
    ["name", { name: undefined }],
    ["email", { email: "not-an-email" }],
    ["email", { email: undefined }],
    ["mob_no", { mob_no: "9123abcd" }],
    ["mob_no", { mob_no: "12345" }],
    ["mob_no", { mob_no: "1234567890123456" }],
    ["mob_no", { mob_no: undefined }],
    ["mob_no", { mob_no: "9123456789" }],
    ["mob_no", { cntry_code: "+966", mob_no: "91234567" }],
    ["email", { email: "a@b..com" }],
    ["email", { email: "a@b" }],
    ["password", { password: "Short@1" }],
    ["password", { password: "x".repeat(129) }],
    ["terms_service", { terms_service: false }],
    ["terms_service", { terms_service: undefined }],
    ["cntry_code", { cntry_code: "+999" }],
    ["cntry_code", { cntry_code: "Oman" }],
  ])("answers 422 naming %s for %j and writes nothing", async (field, change) => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/register", { ...customer, ...change });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.detail).toBeTruthy();
    expect(Object.keys(body.errors)).toContain(field);
    expect(await count("users")).toBe(0);
  });

  it("says 'You must accept the terms of service to proceed.' without the terms", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/register", { ...customer, terms_service: false });
    expect((await res.json()).errors.terms_service).toBe("You must accept the terms of service to proceed.");
  });

  it("answers 409 naming the email or the mobile number already taken (email case-insensitively)", async () => {
    await addUser({ email: "salim@example.om", mob_no: "99990000" });
    await addUser({ email: "other@example.om", mob_no: "91234567" });
    const { json } = sharedApp(db);
    const email = await json("POST", "/api/user/register", { ...customer, mob_no: "95555555" });
    expect(email.status).toBe(409);
    expect(await email.json()).toEqual({ detail: "This email is already registered.", errors: { email: "This email is already registered." } });
    const mob = await json("POST", "/api/user/register", { ...customer, email: "fresh@example.om" });
    expect(mob.status).toBe(409);
    expect((await mob.json()).errors).toEqual({ mob_no: "This mobile number is already registered." });
    const both = await json("POST", "/api/user/register", customer);
    expect(Object.keys((await both.json()).errors).sort()).toEqual(["email", "mob_no"]);
    expect(await count("users")).toBe(2);
  });
});

const technician = {
  name: "Yusuf Al Hinai",
  email: "yusuf@example.om",
  mob_no: "92223333",
  password: "Secret@123",
  terms_service: true,
  skills: [1, 3, 33, 3],
  language: ["ar", "en"],
  cntry_code: "+968",
};

describe("POST /api/authn/tech_register", () => {
  it("creates a role 1 account with its skills and languages; got_email_mob stays 0 for the verify-info step", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/authn/tech_register", technician);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Registration successful!" });
    const { rows } = await db.query<Record<string, unknown>>("select role, email, mob_no, skills, languages, got_email_mob from users");
    expect(rows[0]).toEqual({ role: 1, email: "yusuf@example.om", mob_no: "92223333", skills: [1, 3, 33], languages: ["ar", "en"], got_email_mob: 0 });
    const login = await (await json("POST", "/api/user/login", { identifier: "92223333", password: "Secret@123" })).json();
    expect(login).toMatchObject({ role: 1, got_email_mob: 0 });
  });

  it.each([{ email: undefined }, { email: "" }, { email: null }])("accepts a technician without an email (%j)", async (change) => {
    const { json } = sharedApp(db);
    expect((await json("POST", "/api/authn/tech_register", { ...technician, ...change })).status).toBe(201);
    expect((await db.query("select email from users")).rows[0]).toEqual({ email: null });
  });

  it("accepts any known dial code, such as +1 and +44", async () => {
    const { json } = sharedApp(db);
    expect((await json("POST", "/api/authn/tech_register", { ...technician, mob_no: "07400 123456", cntry_code: "+44" })).status).toBe(201);
    expect((await json("POST", "/api/authn/tech_register", { ...technician, email: "b@example.om", mob_no: "201 555 0123", cntry_code: "+1" })).status).toBe(
      201,
    );
  });

  it.each([
    ["skills", { skills: [] }],
    ["skills", { skills: undefined }],
    ["skills.0", { skills: [34] }],
    ["skills.1", { skills: [1, 0] }],
    ["skills.0", { skills: ["1"] }],
    ["language", { language: [] }],
    ["language.0", { language: ["xx"] }],
    ["language.0", { language: ["english"] }],
    ["cntry_code", { cntry_code: "+999" }],
    ["mob_no", { mob_no: "" }],
    ["email", { email: "yusuf@" }],
    ["password", { password: "1234567" }],
    ["terms_service", { terms_service: "yes" }],
    ["name", { name: "" }],
  ])("answers 422 naming %s for %j", async (field, change) => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/authn/tech_register", { ...technician, ...change });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(field);
    expect(await count("users")).toBe(0);
  });

  it("answers 409 for a taken mobile number or email", async () => {
    await addUser({ email: "yusuf@example.om", mob_no: "93000000" });
    const { json } = sharedApp(db);
    const email = await json("POST", "/api/authn/tech_register", technician);
    expect(email.status).toBe(409);
    expect((await email.json()).errors).toEqual({ email: "This email is already registered." });
    const mob = await json("POST", "/api/authn/tech_register", { ...technician, email: undefined, mob_no: "9300 0000" });
    expect(mob.status).toBe(409);
    expect((await mob.json()).detail).toBe("This mobile number is already registered.");
  });
});

const company = {
  name: "Muscat Repairs LLC",
  email: "info@muscatrepairs.om",
  password: "Secret@123",
  mob_no: "92001122",
  cntry_code: "+968",
  reg_no: "CR-7654321",
  terms_service: true,
};

describe("POST /api/authn/company_register", () => {
  it("creates the company and its owner (role 2) together", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/authn/company_register", company);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Registration successful!" });
    const c = (await db.query<Record<string, unknown>>("select company_id, name, email, mob_no, reg_no from companies")).rows;
    expect(c).toEqual([{ company_id: 1, name: "Muscat Repairs LLC", email: "info@muscatrepairs.om", mob_no: "92001122", reg_no: "CR-7654321" }]);
    // A registration number typed on an Arabic keyboard is kept in 0-9, so owners find the company by either.
    const second = { ...company, email: "b@muscatrepairs.om", mob_no: "92001123", reg_no: " CR-١٢٣٤٥ " };
    expect((await json("POST", "/api/authn/company_register", second)).status).toBe(201);
    expect((await db.query("select reg_no from companies where company_id = 2")).rows).toEqual([{ reg_no: "CR-12345" }]);
    const login = await (await json("POST", "/api/user/login", { identifier: "info@muscatrepairs.om", password: "Secret@123" })).json();
    expect(login).toMatchObject({ role: 2, company_id: 1, got_email_mob: 1, name: "Muscat Repairs LLC" });
  });

  it.each([
    ["reg_no", { reg_no: " " }],
    ["reg_no", { reg_no: undefined }],
    ["email", { email: undefined }],
    ["password", { password: "short" }],
    ["mob_no", { mob_no: "24-00" }],
    ["cntry_code", { cntry_code: "+0" }],
    ["terms_service", { terms_service: false }],
    ["name", { name: undefined }],
  ])("answers 422 naming %s for %j and writes nothing", async (field, change) => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/authn/company_register", { ...company, ...change });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(field);
    expect(await count("companies")).toBe(0);
    expect(await count("users")).toBe(0);
  });

  it("answers 409 for a taken registration number (any case) or email, leaving no company behind", async () => {
    const { json } = sharedApp(db);
    expect((await json("POST", "/api/authn/company_register", company)).status).toBe(201);
    const reg = await json("POST", "/api/authn/company_register", { ...company, email: "x@example.om", mob_no: "92009999", reg_no: "cr-7654321" });
    expect(reg.status).toBe(409);
    expect((await reg.json()).errors).toEqual({ reg_no: "This registration number is already registered." });
    const email = await json("POST", "/api/authn/company_register", { ...company, mob_no: "92009999", reg_no: "CR-1" });
    expect(email.status).toBe(409);
    expect((await email.json()).errors).toEqual({ email: "This email is already registered." });
    expect(await count("companies")).toBe(1);
    expect(await count("users")).toBe(1);
  });

  it("answers one of two simultaneous registrations of the same company with 409", async () => {
    const { json } = sharedApp(db);
    const both = await Promise.all([json("POST", "/api/authn/company_register", company), json("POST", "/api/authn/company_register", company)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count("companies")).toBe(1);
    expect(await count("users")).toBe(1);
  });

  it("rolls the company back when its owner cannot be written (a race past the duplicate check)", async () => {
    // The owner's insert fails the way a concurrent registration of the same email makes it fail.
    const racing: Db = {
      ...db,
      tx: (fn) =>
        db.tx((q) =>
          fn({
            query: (sql, params) =>
              /insert into users/.test(sql)
                ? Promise.reject(
                    Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
                      code: "23505",
                      constraint: "users_email_key",
                    }),
                  )
                : q.query(sql, params),
          } as Queryable),
        ),
    };
    const { json } = testApp(racing);
    const res = await json("POST", "/api/authn/company_register", company);
    expect(res.status).toBe(409);
    expect((await res.json()).errors).toEqual({ email: "This email is already registered." });
    expect(await count("companies")).toBe(0);
  });
});

/** Runs forgot password for `email` and returns the code mailed (or null). */
async function requestCode(app: ReturnType<typeof testApp>, email = "tech@demo.om") {
  const before = app.sent.length;
  const res = await app.json("POST", `/api/auth/forgotpassword?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const mail = app.sent.slice(before).at(-1);
  return mail ? codeIn(mail.text) : null;
}

describe("POST /api/auth/forgotpassword", () => {
  it("mails a 6-digit code that is stored only hashed, answering 'Password reset link sent to your email.'", async () => {
    const userId = await addUser();
    const app = appWithClock();
    const res = await app.json("POST", "/api/auth/forgotpassword?email=TECH@demo.om");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Password reset link sent to your email." });
    expect(app.sent).toHaveLength(1);
    expect(app.sent[0].to).toBe("tech@demo.om");
    const code = codeIn(app.sent[0].text);
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await db.query<{ user_id: number; code_hash: string; expires_at: Date }>("select user_id, code_hash, expires_at from password_resets");
    expect(rows[0].user_id).toBe(userId);
    expect(rows[0].code_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].code_hash).not.toContain(code);
    expect(new Date(rows[0].expires_at).getTime()).toBe(T0 + 10 * 60_000);
  });

  it("answers an unknown email exactly as a known one, sends nothing, and takes a comparable time", async () => {
    atD9Cost();
    await addUser();
    const app = appWithClock();
    // A new app compiles its router on its first request: not part of either time.
    await app.json("GET", "/api/health");
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await app.json("POST", `/api/auth/forgotpassword?email=${email}`);
      return { status: res.status, body: await res.json(), ms: performance.now() - started };
    };
    // Three rounds a minute apart (the resend cooldown), each side's fastest compared: a pause of the whole process (its
    // garbage collector, another process on the CPU) lands in one round, not in all three, and what the first code pays
    // once (the mail's template, argon2's memory at D9's cost) in the first round only.
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 3; round++) {
      if (round) advance(61_000);
      const known = await timed("tech@demo.om");
      const unknown = await timed("ghost@demo.om");
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      times.known.push(known.ms);
      times.unknown.push(unknown.ms);
    }
    expect(app.sent.map((m) => m.to)).toEqual(["tech@demo.om", "tech@demo.om", "tech@demo.om"]);
    // Both hash a code; neither waits for the mail.
    const [known, unknown] = [Math.min(...times.known), Math.min(...times.unknown)];
    expect(unknown).toBeGreaterThan(known / 5);
    expect(unknown).toBeLessThan(known * 5 + 50);
    // The cooldown answers alike too.
    const k2 = await timed("tech@demo.om");
    const u2 = await timed("ghost@demo.om");
    expect([k2.status, u2.status]).toEqual([429, 429]);
    expect(u2.body).toEqual(k2.body);
  });

  it.each(["", "?email=", "?email=not-an-email"])("answers 422 for %j", async (query) => {
    const { json } = sharedApp(db);
    const res = await json("POST", `/api/auth/forgotpassword${query}`);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.email).toBeTruthy();
  });

  it("refuses a new code within 60 seconds (429, Retry-After), then a resend voids the previous code", async () => {
    await addUser();
    const app = appWithClock();
    const first = await requestCode(app);
    advance(20_000);
    const early = await app.json("POST", "/api/auth/forgotpassword?email=tech@demo.om");
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("40");
    expect((await early.json()).detail).toBe("Please wait 40 seconds before requesting a new code.");
    advance(41_000);
    const second = await requestCode(app);
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      const old = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: first });
      expect(old.status).toBe(400);
    }
    const fresh = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: second });
    expect(fresh.status).toBe(200);
  });

  it("lets only one of two simultaneous requests through (the cooldown holds under a race)", async () => {
    await addUser();
    const app = appWithClock();
    const both = await Promise.all(
      [0, 1].map(() => app.json("POST", "/api/auth/forgotpassword?email=tech@demo.om", undefined, undefined, { "x-forwarded-for": "10.4.0.1" })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(app.sent).toHaveLength(1);
    expect(await count("password_resets")).toBe(1);
  });

  it("allows 5 codes an hour per email, then 429 until the oldest leaves the hour", async () => {
    await addUser();
    const app = appWithClock();
    for (let i = 0; i < 5; i++) {
      expect(await requestCode(app)).toMatch(/^\d{6}$/);
      advance(61_000);
    }
    const sixth = await app.json("POST", "/api/auth/forgotpassword?email=tech@demo.om");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBe(3600 - 5 * 61);
    expect((await sixth.json()).detail).toMatch(/Too many codes/);
    advance((3600 - 5 * 61) * 1000);
    expect(await requestCode(app)).toMatch(/^\d{6}$/);
  });
});

describe("POST /api/auth/verifyotp", () => {
  it("answers 'Otp verified successfully' and a 128-bit reset_token stored hashed", async () => {
    await addUser();
    const app = appWithClock();
    const otp = await requestCode(app);
    const res = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("Otp verified successfully");
    expect(Buffer.from(body.reset_token, "base64url")).toHaveLength(16);
    const { rows } = await db.query<{ token_hash: string; used_at: Date }>("select token_hash, used_at from password_resets");
    expect(rows[0].token_hash).toBe(hashToken(body.reset_token));
    expect(rows[0].used_at).toBeTruthy();
  });

  it("counts wrong codes and dies after 5, even for the right code then", async () => {
    await addUser();
    const app = appWithClock();
    const otp = (await requestCode(app)) as string;
    const wrong = otp === "000000" ? "111111" : "000000";
    const details: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: wrong });
      expect(res.status).toBe(400);
      details.push((await res.json()).detail);
    }
    expect(details[0]).toBe("The code is incorrect. 4 attempts left.");
    expect(details[3]).toBe("The code is incorrect. 1 attempt left.");
    expect(details[4]).toBe("Too many wrong attempts. Please request a new code.");
    const right = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp });
    expect(right.status).toBe(400);
    expect((await right.json()).detail).toBe("Too many wrong attempts. Please request a new code.");
  });

  it("refuses a code after 10 minutes", async () => {
    await addUser();
    const app = appWithClock();
    const otp = await requestCode(app);
    advance(10 * 60_000 + 1);
    const res = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: "This code has expired. Please request a new one.",
      errors: { otp: "This code has expired. Please request a new one." },
    });
  });

  it("accepts a code once", async () => {
    await addUser();
    const app = appWithClock();
    const otp = await requestCode(app);
    expect((await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp })).status).toBe(200);
    const again = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp });
    expect(again.status).toBe(400);
    expect((await again.json()).detail).toBe("Invalid or expired code. Please request a new one.");
  });

  it("answers an unknown email like a known one: no code, then wrong codes counted alike", async () => {
    await addUser();
    const app = appWithClock();
    const none = [
      await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: "123456" }),
      await app.json("POST", "/api/auth/verifyotp", { email: "ghost@demo.om", otp: "123456" }),
    ];
    const [a, b] = await Promise.all(none.map(async (r) => [r.status, await r.json()]));
    expect(b).toEqual(a);
    const otp = await requestCode(app);
    await requestCode(app, "ghost@demo.om");
    const wrong = otp === "123456" ? "654321" : "123456";
    const k = await app.json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: wrong });
    const u = await app.json("POST", "/api/auth/verifyotp", { email: "ghost@demo.om", otp: wrong });
    expect(u.status).toBe(k.status);
    expect(await u.json()).toEqual(await k.json());
  });

  it.each([{ otp: "12345" }, { otp: "12345a" }, { otp: undefined }, { email: "nope" }])("answers 422 for %j", async (change) => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: "123456", ...change });
    expect(res.status).toBe(422);
  });

  it("rate-limits code checks per address (429 with Retry-After)", async () => {
    const { json } = appWithClock();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await json("POST", "/api/auth/verifyotp", { email: `p${i}@demo.om`, otp: "123456" }, undefined, { "x-forwarded-for": "10.2.0.1" })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("rate-limits code checks per email across addresses", async () => {
    const { json } = appWithClock();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await json("POST", "/api/auth/verifyotp", { email: "tech@demo.om", otp: "123456" }, undefined, { "x-forwarded-for": `10.3.${i}.1` })).status,
      );
    expect(statuses[19]).toBe(400);
    expect(statuses[20]).toBe(429);
  });
});

describe("POST /api/auth/resetpassword", () => {
  async function verified(app: ReturnType<typeof testApp>, email = "tech@demo.om") {
    const otp = await requestCode(app, email);
    return (await (await app.json("POST", "/api/auth/verifyotp", { email, otp })).json()).reset_token as string;
  }
  const reset = (app: ReturnType<typeof testApp>, reset_token: string, change: Record<string, unknown> = {}) =>
    app.json("POST", "/api/auth/resetpassword", {
      email: "tech@demo.om",
      new_password: "NewPass@123",
      confirm_password: "NewPass@123",
      reset_token,
      ...change,
    });

  it("sets the new password, ends every session, does not sign in, and the old password stops working", async () => {
    const userId = await addUser();
    const app = appWithClock();
    app.app.get("/api-me", requireAuth(), (c) => c.json(c.var.user));
    const login = async (password: string) => app.json("POST", "/api/user/login", { identifier: "tech@demo.om", password });
    clock.set();
    const t1 = (await (await login(PASSWORD)).json()).access_token;
    const t2 = (await (await login(PASSWORD)).json()).access_token;
    expect((await app.json("GET", "/api-me", undefined, t1)).status).toBe(200);

    const token = await verified(app);
    const res = await reset(app, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ message: "Password has been successfully reset." });
    for (const t of [t1, t2]) expect((await app.json("GET", "/api-me", undefined, t)).status).toBe(401);
    expect((await db.query("select 1 from sessions where user_id = $1", [userId])).rows).toHaveLength(0);
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login("NewPass@123")).status).toBe(200);
  });

  it("uses the reset_token up", async () => {
    await addUser();
    const app = appWithClock();
    const token = await verified(app);
    expect((await reset(app, token)).status).toBe(200);
    const again = await reset(app, token, { new_password: "Other@1234", confirm_password: "Other@1234" });
    expect(again.status).toBe(400);
    expect((await again.json()).detail).toBe("Your reset session has expired. Please verify your email again.");
  });

  it("refuses a reset_token after 10 minutes, a made-up one, and one bound to another email", async () => {
    await addUser();
    await addUser({ email: "other@demo.om", mob_no: "91000099" });
    const app = appWithClock();
    const token = await verified(app);
    expect((await reset(app, "A".repeat(22))).status).toBe(400);
    expect((await reset(app, token, { email: "other@demo.om" })).status).toBe(400);
    advance(10 * 60_000 + 1);
    expect((await reset(app, token)).status).toBe(400);
    expect((await app.json("POST", "/api/user/login", { identifier: "tech@demo.om", password: PASSWORD })).status).toBe(200);
  });

  it("answers 422 'Passwords do not match!' and changes nothing", async () => {
    await addUser();
    const app = appWithClock();
    const token = await verified(app);
    const res = await reset(app, token, { confirm_password: "NewPass@124" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: "Passwords do not match!", errors: { confirm_password: "Passwords do not match!" } });
    // The token survives a form mistake.
    expect((await reset(app, token)).status).toBe(200);
  });

  it.each([
    ["new_password", { new_password: "short", confirm_password: "short" }],
    ["reset_token", { reset_token: undefined }],
    ["email", { email: "bad" }],
    ["confirm_password", { confirm_password: undefined }],
  ])("answers 422 naming %s", async (field, change) => {
    await addUser();
    const app = appWithClock();
    const res = await reset(app, "x", change);
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toContain(field);
  });

  it("lets an invited employee (no password yet) set one through recovery", async () => {
    await addUser({ email: "new@demo.om", mob_no: "91000055", password_hash: null });
    const app = appWithClock();
    const token = await verified(app, "new@demo.om");
    expect((await reset(app, token, { email: "new@demo.om" })).status).toBe(200);
    expect((await app.json("POST", "/api/user/login", { identifier: "91000055", password: "NewPass@123" })).status).toBe(200);
  });
});

describe("mail", () => {
  it("logMailer writes each mail to the log and the outbox; scripts/outbox.ts reads it back", async () => {
    const logs: Record<string, unknown>[] = [];
    const mailer = logMailer(db, (e) => logs.push(e));
    await mailer.send(resetCodeMail("tech@demo.om", "042137"));
    await mailer.send(
      invitationMail({ to: "new@demo.om", name: "Huda", companyName: "Gulf Fix Maintenance LLC", role: "technician", link: "https://app/#/invite?token=x" }),
    );
    expect(logs.map((l) => l.to)).toEqual(["tech@demo.om", "new@demo.om"]);
    const mails = await latestMails(db);
    expect(mails.map((m) => m.recipient)).toEqual(["new@demo.om", "tech@demo.om"]);
    const [code] = await latestMails(db, { to: "TECH@demo.om" });
    expect(codeIn(code.body)).toBe("042137");
  });

  it("without SMTP_URL, recovery fills the outbox table and the outbox file scripts/outbox.ts reads", async () => {
    await addUser();
    const dir = mkdtempSync(join(tmpdir(), "auth-outbox-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "outbox.jsonl");
    const { createApp } = await import("../../server/app");
    const app = createApp({ db, log: () => undefined, mailer: mailerFromEnv(db, () => undefined, { OUTBOX_FILE: file }) });
    const res = await app.request("/api/auth/forgotpassword?email=tech@demo.om", { method: "POST" });
    expect(res.status).toBe(200);
    await expect.poll(() => latestMailsInFile(file, { to: "TECH@demo.om" }).length).toBe(1);
    const [row] = await latestMails(db, { to: "tech@demo.om" });
    expect(codeIn(row.body)).toMatch(/^\d{6}$/);
    expect(codeIn(latestMailsInFile(file)[0].body)).toBe(codeIn(row.body));
    expect(latestMailsInFile(file, { to: "nobody@demo.om" })).toEqual([]);
  });

  it("puts the outbox file in the PGlite directory unless OUTBOX_FILE says otherwise, and has none with DATABASE_URL", () => {
    expect(outboxFile({ DATA_DIR: "/srv/fixit" })).toBe("/srv/fixit/outbox.jsonl");
    expect(outboxFile({})).toBe(".data/outbox.jsonl");
    expect(outboxFile({ OUTBOX_FILE: "/tmp/o.jsonl", DATABASE_URL: "postgres://x" })).toBe("/tmp/o.jsonl");
    expect(outboxFile({ DATABASE_URL: "postgres://x" })).toBeUndefined();
  });

  it("sends through SMTP when SMTP_URL is set", async () => {
    const received = await withFakeSmtp(async (port) => {
      const mailer = mailerFromEnv(db, () => undefined, { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, MAIL_FROM: "Fixit <fixit@example.om>" });
      await mailer.send(resetCodeMail("tech@demo.om", "123456"));
    });
    expect(received).toContain("RCPT TO:<tech@demo.om>");
    expect(received).toContain("MAIL FROM:<fixit@example.om>");
    expect(received).toMatch(/123456/);
    expect(await count("outbox")).toBe(0);
  });

  it("the invitation gives the employee the one-time link, and 'Forgot password' on the sign-in screen once it has expired", () => {
    const link = "https://app.example/#/invite?token=abc";
    const mail: Mail = invitationMail({ to: "new@demo.om", name: "Huda", companyName: "Gulf Fix Maintenance LLC", role: "manager", link });
    expect(mail.text.split("\n").filter((l) => l === link)).toHaveLength(2);
    expect(mail.to).toBe("new@demo.om");
    expect(mail.subject).toContain("Gulf Fix Maintenance LLC");
    expect(mail.text).toContain("'Forgot password'");
    expect(mail.text).toContain("sign-in screen");
    expect(mail.text).toContain("new@demo.om");
    expect(mail.text).toMatch(/[\u0600-\u06ff]/);
    expect(codeIn(mail.text)).toBeNull();
  });
});

describe("identifiers", () => {
  it("reads emails and numbers with or without the dial code", () => {
    expect(parseIdentifier(" A@B.om ")).toEqual({ kind: "email", email: "a@b.om" });
    expect(parseIdentifier("+968 9100-0002")).toEqual({ kind: "mobile", digits: "96891000002", hasDialCode: true });
    expect(parseIdentifier("0096891000002")).toEqual({ kind: "mobile", digits: "96891000002", hasDialCode: true });
    expect(parseIdentifier("91000002")).toEqual({ kind: "mobile", digits: "91000002", hasDialCode: false });
    expect(parseIdentifier("abc")).toBeNull();
    expect(parseIdentifier("12345")).toBeNull();
  });

  it("a number registered as 96891000002 under +1 does not take over the sign-in of +968 91000002 (D16)", async () => {
    const tech = await addUser({ email: "tech@demo.om", mob_no: "91000002", cntry_code: "+968" });
    const newcomer = await addUser({ email: "new@demo.om", mob_no: "96891000002", cntry_code: "+1", password_hash: await hashPassword("Newcomer@1") });
    const { json } = sharedApp(db);
    const login = (identifier: string, password: string) => json("POST", "/api/user/login", { identifier, password });
    const who = async (identifier: string, password = PASSWORD) => {
      const res = await login(identifier, password);
      return res.status === 200 ? (await res.json()).user_id : res.status;
    };
    for (const id of ["96891000002", "+96891000002", "0096891000002", "91000002"]) expect(await who(id)).toBe(tech);
    // As an Arabic keyboard types it (registration takes it so too).
    for (const id of ["٩١٠٠٠٠٠٢", "+٩٦٨ ٩١٠٠٠٠٠٢", "۹۱۰۰۰۰۰۲"]) expect(await who(id)).toBe(tech);
    // The technician's number opens the technician's account only: the newcomer's password gets the usual 401.
    expect(await who("96891000002", "Newcomer@1")).toBe(401);
    expect(await who("+196891000002", "Newcomer@1")).toBe(newcomer);
    expect(await who("0196891000002", "Newcomer@1")).toBe(401);
  });

  it("a bare number that is not +968 matches only when exactly one account has it; otherwise the same 401", async () => {
    await addUser({ email: "a@demo.om", mob_no: "5550001", cntry_code: "+1" });
    const { json } = sharedApp(db);
    const login = (identifier: string) => json("POST", "/api/user/login", { identifier, password: PASSWORD });
    expect((await login("5550001")).status).toBe(200);
    expect((await login("15550001")).status).toBe(200);
    // 16845550002 reads as +1 684 555 0002 and as +1684 555 0002: two accounts, so neither.
    await addUser({ email: "b@demo.om", mob_no: "6845550002", cntry_code: "+1" });
    await addUser({ email: "c@demo.om", mob_no: "5550002", cntry_code: "+1684" });
    const ambiguous = await login("16845550002");
    expect(ambiguous.status).toBe(401);
    expect((await ambiguous.json()).detail).toBe("Invalid identifier or password");
    // The default +968 is tried first.
    const omani = await addUser({ email: "d@demo.om", mob_no: "16845550002", cntry_code: "+968" });
    expect((await (await login("16845550002")).json()).user_id).toBe(omani);
  });
});

/** A minimal SMTP server on a free port: accepts one message and returns the whole dialogue. */
async function withFakeSmtp(run: (port: number) => Promise<void>): Promise<string> {
  let log = "";
  const server: Server = createServer((socket) => {
    let inData = false;
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      log += chunk.toString();
      for (const line of chunk.toString().split("\r\n")) {
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          }
          continue;
        }
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250 fake\r\n");
        else if (/^(MAIL|RCPT|RSET|NOOP)/i.test(line)) socket.write("250 ok\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 go\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    await run((server.address() as { port: number }).port);
  } finally {
    server.close();
  }
  return log;
}

describe("POST /api/user/logout", () => {
  it("ends the current session on the server: the token then gets 401, other sessions of the account stay", async () => {
    await addUser();
    const { app, json } = testApp(db);
    app.get("/api-me", requireAuth(), (c) => c.json({ user_id: c.var.user.user_id }));
    const signIn = async () =>
      (await (await json("POST", "/api/user/login", { identifier: "tech@demo.om", password: PASSWORD })).json()).access_token as string;
    const phone = await signIn();
    const laptop = await signIn();
    const res = await json("POST", "/api/user/logout", {}, phone);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("You have been signed out.");
    expect(await count("sessions")).toBe(1);
    expect((await json("GET", "/api-me", undefined, phone)).status).toBe(401);
    expect((await json("POST", "/api/user/logout", {}, phone)).status).toBe(401);
    expect((await json("GET", "/api-me", undefined, laptop)).status).toBe(200);
  });

  it("answers 401 with a detail without a token", async () => {
    const res = await sharedApp(db).json("POST", "/api/user/logout", {});
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBeTruthy();
  });
});
