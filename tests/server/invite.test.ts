// The invitation a new tenant opens (issue 10, LOOP.md section 1): one-time link, 7 days, stored hashed; it sets the
// password and signs the tenant in like POST /user/login.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { makeProperty, makeUnit, makeUser, signIn } from "./factories";
import { resetDb, testApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => resetDb(db));
afterEach(() => clock.set());

const AR = { "accept-language": "ar" };
const tokenIn = (text: string) => /#\/invite\?token=([\w-]+)/.exec(text)?.[1] ?? null;

/** An owner with a building and unit 102, and a tenant invited to it (with email unless `email: null`). */
async function invited(email: string | null = "new.tenant@test.om", headers: Record<string, string> = {}) {
  const owner = await makeUser(db, { role: 0, name: "Salim Owner" });
  const p = await makeProperty(db, { owner_id: owner.user_id, name: "Qurum Heights" });
  const unit = await makeUnit(db, { property_id: p.property_id, name: "102" });
  const t = testApp(db);
  const res = await t.json(
    "POST",
    "/api/property/assign_role",
    { unit_id: unit.unit_id, name: "New Tenant", cntry_code: "+968", mob_no: "91234567", email, start_date: "2026-11-01" },
    await signIn(db, owner),
    headers,
  );
  expect(res.status).toBe(200);
  return { ...t, owner, p, unit, answer: await res.json() };
}

describe("the invitation, end to end", () => {
  it("opens in the language the owner wrote it in: an Arabic owner's link says lang=ar, an English one nothing", async () => {
    const arabic = await invited("ar.tenant@test.om", AR);
    expect(arabic.answer.invite_url).toMatch(/#\/invite\?token=[\w-]+&lang=ar$/);
    await resetDb(db);
    const english = await invited();
    expect(english.answer.invite_url).toMatch(/#\/invite\?token=[\w-]+$/);
  });

  it("assign → mail with the link → info → accept → signed in as role 3 → the tenant sees that unit's property", async () => {
    const { json, sent, p, answer } = await invited();
    expect(sent).toHaveLength(1);
    const token = tokenIn(sent[0].text) as string;
    expect(token).toBeTruthy();
    expect(answer.invite_url).toContain(token);

    const info = await json("GET", `/api/invite/info?token=${token}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({
      status: 1,
      data: { name: "New Tenant", inviter_name: "Salim Owner", property_name: "Qurum Heights", unit_name: "102", company_name: null, role: 3 },
    });

    const accept = await json("POST", "/api/invite/accept", { token, password: "Tenant@2026", terms_service: true });
    expect(accept.status).toBe(200);
    const session = await accept.json();
    expect(session).toMatchObject({
      message: "Login successful!",
      role: 3,
      user_id: answer.user_id,
      name: "New Tenant",
      email: "new.tenant@test.om",
      got_email_mob: 1,
    });
    expect(session.access_token).toBeTruthy();
    // The same fields as POST /user/login answers.
    const login = await (await json("POST", "/api/user/login", { identifier: "new.tenant@test.om", password: "Tenant@2026" })).json();
    expect(Object.keys(session).sort()).toEqual(Object.keys(login).sort());

    const list = await (await json("GET", "/api/property/properties", undefined, session.access_token)).json();
    expect(list.data.map((x: { property_id: number; relation: string }) => [x.property_id, x.relation])).toEqual([[p.property_id, "tenant"]]);

    // Used once: the link now says so, with 410 (never 404, which the app turns into the not-found screen).
    const again = await json("POST", "/api/invite/accept", { token, password: "Other@2026", terms_service: true });
    expect(again.status).toBe(410);
    expect((await again.json()).detail).toBe("This invitation has already been used. Sign in, or use Forgot password.");
    expect((await json("GET", `/api/invite/info?token=${token}`, undefined, undefined, AR)).status).toBe(410);
    expect((await json("POST", "/api/user/login", { identifier: "new.tenant@test.om", password: "Other@2026" })).status).toBe(401);
  });

  it("a tenant with only a mobile gets no mail but the owner gets the link for WhatsApp; no verify-info step (got_email_mob 1)", async () => {
    const { json, sent, answer } = await invited(null);
    expect(sent).toHaveLength(0);
    const token = tokenIn(answer.invite_url) as string;
    const session = await (await json("POST", "/api/invite/accept", { token, password: "Tenant@2026", terms_service: true })).json();
    // A tenant needs only the mobile the owner gave (SPEC.md: the email is required of role 0 only).
    expect(session).toMatchObject({ role: 3, email: null, mob_no: "91234567", got_email_mob: 1 });
    expect((await json("POST", "/api/user/login", { identifier: "+96891234567", password: "Tenant@2026" })).status).toBe(200);
  });

  it("an unknown, expired or malformed token answers 410 with a detail, in Arabic too; never 404", async () => {
    const { json, answer } = await invited();
    const token = tokenIn(answer.invite_url) as string;
    const unknown = await json("GET", "/api/invite/info?token=AAAAAAAAAAAAAAAAAAAAAA", undefined, undefined, AR);
    expect(unknown.status).toBe(410);
    expect((await unknown.json()).detail).toBe("رابط الدعوة هذا غير صالح أو انتهت صلاحيته. اطلب دعوة جديدة أو استخدم نسيت كلمة المرور.");
    expect((await json("GET", "/api/invite/info")).status).toBe(410);
    clock.set(Date.now() + 7 * 24 * 3600_000 + 60_000);
    expect((await json("GET", `/api/invite/info?token=${token}`)).status).toBe(410);
    const late = await json("POST", "/api/invite/accept", { token, password: "Tenant@2026", terms_service: true });
    expect(late.status).toBe(410);
    expect((await db.query("select password_hash from users where user_id = $1", [answer.user_id])).rows[0].password_hash).toBeNull();
  });

  it("accept checks the password and the terms (422, Arabic), and leaves the link usable after a refusal", async () => {
    const { json, answer } = await invited();
    const token = tokenIn(answer.invite_url) as string;
    const bad = await json("POST", "/api/invite/accept", { token, password: "short", terms_service: false }, undefined, AR);
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.errors.password).toBe("يجب ألا تقل كلمة المرور عن 8 أحرف.");
    expect(body.errors.terms_service).toBe("يجب قبول شروط الخدمة للمتابعة.");
    expect((await json("POST", "/api/invite/accept", { token, password: "Tenant@2026", terms_service: true })).status).toBe(200);
  });

  it("ending the tenancy before the link is opened voids it", async () => {
    const { json, answer, owner } = await invited();
    const token = tokenIn(answer.invite_url) as string;
    expect((await json("PUT", `/api/property/end_tenancy?tenancy_id=${answer.tenancy_id}`, {}, await signIn(db, owner))).status).toBe(200);
    const info = await json("GET", `/api/invite/info?token=${token}`);
    expect(info.status).toBe(410);
    // Not "already used": nobody used it, and the invitee has no password to sign in with.
    expect((await info.json()).detail).toBe("This invitation no longer works: the tenancy it was for has ended. Ask whoever invited you for a new one.");
    const accept = await json("POST", "/api/invite/accept", { token, password: "Tenant@2026", terms_service: true }, undefined, { "accept-language": "ar" });
    expect(accept.status).toBe(410);
    expect((await accept.json()).detail).toBe("لم تعد هذه الدعوة صالحة: انتهى الإيجار الذي أُرسلت من أجله. اطلب دعوة جديدة ممن دعاك.");
  });

  it("is rate limited per address", async () => {
    const { json } = await invited();
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await json("GET", "/api/invite/info?token=AAAAAAAAAAAAAAAAAAAAAA", undefined, undefined, { "x-forwarded-for": "10.9.9.9" })).status;
    expect(last).toBe(429);
    // Another address is not held up.
    expect((await json("GET", "/api/invite/info?token=AAAAAAAAAAAAAAAAAAAAAA", undefined, undefined, { "x-forwarded-for": "10.9.9.10" })).status).toBe(410);
  });
});

describe("a new invitation for a tenant who has not opened theirs (POST /property/reinvite)", () => {
  it("is marked pending on the property, replaces the lost link with a new one (mailed too), and stops once the tenant joined", async () => {
    const { json, sent, owner, p, answer } = await invited();
    const ownerToken = await signIn(db, owner);
    const unitOf = async (token: string) =>
      (await (await json("GET", `/api/property/property?property_id=${p.property_id}`, undefined, token)).json()).data.units[0];
    expect((await unitOf(ownerToken)).tenant).toMatchObject({ tenancy_id: answer.tenancy_id, invite_pending: true });
    const first = tokenIn(sent[0].text) as string;

    const again = await json("POST", `/api/property/reinvite?tenancy_id=${answer.tenancy_id}`, {}, ownerToken, AR);
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.message).toBe("الدعوة الجديدة جاهزة. الرابط السابق لم يعد يعمل.");
    const second = tokenIn(body.invite_url) as string;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(body.invite_url).toMatch(/&lang=ar$/);
    expect(sent).toHaveLength(2);
    expect(sent[1].text).toContain(second);
    // The lost link no longer works; the new one does.
    expect((await json("GET", `/api/invite/info?token=${first}`)).status).toBe(410);
    const accept = await json("POST", "/api/invite/accept", { token: second, password: "Tenant@2026", terms_service: true });
    expect(accept.status).toBe(200);

    expect((await unitOf(ownerToken)).tenant.invite_pending).toBeUndefined();
    const joined = await json("POST", `/api/property/reinvite?tenancy_id=${answer.tenancy_id}`, {}, ownerToken);
    expect(joined.status).toBe(409);
    expect((await joined.json()).detail).toBe("The tenant already has their account: they sign in with it.");
    // Nothing more was mailed.
    expect(sent).toHaveLength(2);
  });

  it("is refused to someone who does not manage the property, for an ended tenancy, and for one that does not exist", async () => {
    const { json, owner, answer } = await invited();
    const stranger = await makeUser(db, { role: 0, name: "Other Owner" });
    const refused = await json("POST", `/api/property/reinvite?tenancy_id=${answer.tenancy_id}`, {}, await signIn(db, stranger));
    expect(refused.status).toBe(404);
    expect((await refused.json()).detail).toBe("This tenancy does not exist.");
    const ownerToken = await signIn(db, owner);
    expect((await json("POST", "/api/property/reinvite?tenancy_id=99999", {}, ownerToken)).status).toBe(404);
    expect((await json("PUT", `/api/property/end_tenancy?tenancy_id=${answer.tenancy_id}`, {}, ownerToken)).status).toBe(200);
    const ended = await json("POST", `/api/property/reinvite?tenancy_id=${answer.tenancy_id}`, {}, ownerToken);
    expect(ended.status).toBe(409);
    expect((await ended.json()).detail).toBeTruthy();
  });
});
