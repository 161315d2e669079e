// The account area (issue 14), part two: a new email or mobile number is stored only once its code is entered, and
// deleting an account removes what is personal while the receipts others need still read.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { diskStorage } from "../../server/lib/storage";
import { codeIn } from "../../server/mail/outbox";
import { makeIssue, makeUser, PASSWORD, signIn } from "./factories";
import { testApp } from "./helpers";
import { HOUR, NOW, REPORT, S1, jpeg, repairSuite, repairWorld } from "./repair-helpers";

let db: Db;
let dir: string;
repairSuite((d, tmp) => {
  db = d;
  dir = tmp;
}, "fixit-account-contact-");

const AR = { "accept-language": "ar" };
const MINUTE = 60_000;
let address = 0;

function client() {
  const t = testApp(db, { storage: diskStorage(dir) });
  const login = (identifier: string, password = PASSWORD) =>
    t.json("POST", "/api/user/login", { identifier, password }, undefined, { "x-forwarded-for": `10.7.0.${++address}` });
  /** The code of the newest mail to `to`. */
  const mailedCode = (to: string) => codeIn([...t.sent].reverse().find((m) => m.to === to)?.text ?? "") as string;
  return { ...t, login, mailedCode };
}
/** The code of the newest text message kept in the outbox for `to` (E.164). */
const textedCode = async (to: string) =>
  codeIn((await db.query<{ body: string }>("select body from outbox where recipient = $1 order by mail_id desc limit 1", [to])).rows[0]?.body ?? "") as string;
const other = (code: string) => (code === "000000" ? "111111" : "000000");

describe("changing the email or mobile number", () => {
  it("stores a new email only once its code is entered: until then the old one signs in and the new one does not", async () => {
    const u = await makeUser(db, { role: 0, email: "old@test.om" });
    const token = await signIn(db, u);
    const c = client();
    const res = await c.json("POST", "/api/user/change_contact", { kind: "email", email: " New@Test.om " }, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("We sent a code to new@test.om. Enter it to confirm the change.");
    expect(body.pending).toEqual([{ kind: "email", value: "new@test.om", expires_at: new Date(NOW + 10 * MINUTE).toISOString() }]);
    expect(c.sent.map((m) => m.to)).toEqual(["new@test.om"]);

    expect((await db.query("select email from users where user_id = $1", [u.user_id])).rows[0]).toEqual({ email: "old@test.om" });
    expect((await c.login("old@test.om")).status).toBe(200);
    expect((await c.login("new@test.om")).status).toBe(401);
    expect((await (await c.json("GET", "/api/user/profile", undefined, token)).json()).data.pending).toHaveLength(1);

    const wrong = await c.json("POST", "/api/user/verify_contact", { kind: "email", otp: other(c.mailedCode("new@test.om")) }, token, AR);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.otp).toBe("الرمز غير صحيح. المحاولات المتبقية: 4.");
    const right = await c.json("POST", "/api/user/verify_contact", { kind: "email", otp: c.mailedCode("new@test.om") }, token);
    expect(right.status).toBe(200);
    const done = await right.json();
    expect(done.message).toBe("Your contact details have been changed.");
    expect(done.data).toMatchObject({ email: "new@test.om", pending: [] });
    expect((await c.login("new@test.om")).status).toBe(200);
    expect((await c.login("old@test.om")).status).toBe(401);
    // Used once.
    const again = await c.json("POST", "/api/user/verify_contact", { kind: "email", otp: c.mailedCode("new@test.om") }, token);
    expect(again.status).toBe(422);
    expect((await again.json()).detail).toBe("There is no change waiting for a code. Please start again.");
  });

  it("texts a code to a new mobile number (kept in the outbox) and stores dial code and number once entered", async () => {
    const u = await makeUser(db, { role: 1, mob_no: "91000001" });
    const token = await signIn(db, u);
    const c = client();
    const res = await c.json("POST", "/api/user/change_contact", { kind: "mobile", cntry_code: "+971", mob_no: "050 123 4567" }, token);
    expect(res.status).toBe(200);
    expect((await res.json()).pending).toEqual([
      { kind: "mobile", value: "+971501234567", cntry_code: "+971", mob_no: "501234567", expires_at: new Date(NOW + 10 * MINUTE).toISOString() },
    ]);
    expect(c.sent).toEqual([]);
    const code = await textedCode("+971501234567");
    expect(code).toMatch(/^\d{6}$/);
    expect((await db.query("select cntry_code, mob_no from users where user_id = $1", [u.user_id])).rows[0]).toEqual({
      cntry_code: "+968",
      mob_no: "91000001",
    });
    const ok = await c.json("POST", "/api/user/verify_contact", { kind: "mobile", otp: code }, token);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ cntry_code: "+971", mob_no: "501234567" });
    expect((await c.login("+971501234567")).status).toBe(200);
  });

  it("refuses another account's email or number (409), the current one (422) and a second code within 60 s (429)", async () => {
    await makeUser(db, { email: "taken@test.om", mob_no: "91111111" });
    const u = await makeUser(db, { role: 0, email: "me@test.om", mob_no: "92222222" });
    const token = await signIn(db, u);
    const { json } = client();
    const change = (body: unknown, headers = {}) => json("POST", "/api/user/change_contact", body, token, headers);
    const taken = await change({ kind: "email", email: "TAKEN@test.om" }, AR);
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors.email).toBe("هذا البريد الإلكتروني مسجّل بالفعل.");
    expect((await change({ kind: "mobile", cntry_code: "+968", mob_no: "91111111" })).status).toBe(409);
    const same = await change({ kind: "email", email: "Me@test.om" });
    expect(same.status).toBe(422);
    expect((await same.json()).errors.email).toBe("This is already your contact detail.");
    expect((await change({ kind: "mobile", cntry_code: "+968", mob_no: "92222222" })).status).toBe(422);
    expect((await change({ kind: "mobile", cntry_code: "+968", mob_no: "12" })).status).toBe(422);

    expect((await change({ kind: "email", email: "a@test.om" })).status).toBe(200);
    const soon = await change({ kind: "email", email: "b@test.om" });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("retry-after"))).toBe(60);
    expect((await soon.json()).detail).toBe("Please wait 60 seconds before requesting a new code.");
    // Another kind has its own 60 s.
    expect((await change({ kind: "mobile", cntry_code: "+968", mob_no: "93333333" })).status).toBe(200);
    // A new code for the same kind voids the previous one.
    clock.set(NOW + 61_000);
    expect((await change({ kind: "email", email: "b@test.om" })).status).toBe(200);
    const { data } = await (await json("GET", "/api/user/profile", undefined, token)).json();
    expect(data.pending.map((p: { value: string }) => p.value).sort()).toEqual(["+96893333333", "b@test.om"]);
    // Five codes an hour for the account.
    clock.set(NOW + 122_000);
    expect((await change({ kind: "email", email: "c@test.om" })).status).toBe(200);
    clock.set(NOW + 183_000);
    expect((await change({ kind: "email", email: "d@test.om" })).status).toBe(200);
    clock.set(NOW + 244_000);
    const sixth = await change({ kind: "email", email: "e@test.om" });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).detail).toBe("Too many codes requested for this account. Please try again later.");
  });

  it("five wrong codes void the change; an expired code is refused", async () => {
    const u = await makeUser(db, { role: 3, email: "t@test.om" });
    const token = await signIn(db, u);
    const c = client();
    await c.json("POST", "/api/user/change_contact", { kind: "email", email: "t2@test.om" }, token);
    const wrong = other(c.mailedCode("t2@test.om"));
    const details: string[] = [];
    for (let i = 0; i < 5; i++) details.push((await (await c.json("POST", "/api/user/verify_contact", { kind: "email", otp: wrong }, token)).json()).detail);
    expect(details.at(-2)).toBe("The code is incorrect. 1 attempt left.");
    expect(details.at(-1)).toBe("Too many wrong attempts. Please request a new code.");
    const right = await c.json("POST", "/api/user/verify_contact", { kind: "email", otp: c.mailedCode("t2@test.om") }, token);
    expect(right.status).toBe(422);
    expect((await right.json()).detail).toBe("There is no change waiting for a code. Please start again.");
    expect((await db.query("select email from users where user_id = $1", [u.user_id])).rows[0]).toEqual({ email: "t@test.om" });

    clock.set(NOW + MINUTE + 1);
    await c.json("POST", "/api/user/change_contact", { kind: "email", email: "t3@test.om" }, token);
    clock.set(NOW + 12 * MINUTE);
    const late = await c.json("POST", "/api/user/verify_contact", { kind: "email", otp: c.mailedCode("t3@test.om") }, token);
    expect(late.status).toBe(422);
    expect((await late.json()).detail).toBe("This code has expired. Please request a new one.");
  });
});

describe("deleting the account", () => {
  it("refuses a wrong password and no proof at all", async () => {
    const u = await makeUser(db, { role: 0 });
    const token = await signIn(db, u);
    const { json } = client();
    const wrong = await json("DELETE", "/api/user/account", { password: "not-my-password" }, token, AR);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.password).toBe("كلمة المرور الحالية غير صحيحة.");
    const none = await json("DELETE", "/api/user/account", {}, token);
    expect(none.status).toBe(422);
    expect((await none.json()).detail).toBe("Please enter your password or the code we sent you.");
    expect((await db.query("select disabled from users where user_id = $1", [u.user_id])).rows[0]).toEqual({ disabled: false });
  });

  it("removes the technician's personal data; their sessions end, sign-in fails, the email is free, the owner's receipt still reads", async () => {
    const w = await repairWorld(db);
    await db.query("update users set mob_no = '91234567', oidc_issuer = 'https://accounts.google.com', oidc_sub = 'g-1' where user_id = $1", [w.tech.user_id]);
    const { issue_id } = await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      assigned_tech_id: w.tech.user_id,
      stage: "in_progress",
      slots: [S1],
      tech_slots: [S1],
      visit: S1,
    });
    await db.query("update issues set started_at = $2 where issue_id = $1", [issue_id, new Date(NOW - HOUR)]);
    await db.query("insert into issue_media (issue_id, kind, file_name, path, phase) values ($1, 'image', 'after.jpg', 'demo/after.jpg', 'after')", [issue_id]);
    const c = client();
    expect((await c.json("POST", `/api/issue/complete?issue_id=${issue_id}`, REPORT, w.t.tech)).status).toBe(200);
    const photo = await c.app.request("/api/user/photo", { method: "POST", headers: { authorization: `Bearer ${w.t.tech}` }, body: jpeg() });
    const photoPath = (await photo.json()).data.profile as string;
    await db.query("insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, 'https://push.example/1', 'k', 'a')", [w.tech.user_id]);
    const second = await signIn(db, w.tech);

    const res = await c.json("DELETE", "/api/user/account", { password: PASSWORD }, w.t.tech);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Your account has been deleted.");
    const row = (await db.query<Record<string, unknown>>("select * from users where user_id = $1", [w.tech.user_id])).rows[0];
    expect(row).toMatchObject({
      name: "Deleted user",
      email: null,
      mob_no: null,
      password_hash: null,
      profile_path: null,
      skills: [],
      languages: [],
      lat: null,
      disabled: true,
      oidc_sub: null,
      company_id: w.gulf.company_id,
    });
    expect(row.deleted_at).toBeTruthy();
    for (const table of ["sessions", "push_subscriptions", "notifications"])
      expect((await db.query(`select 1 from ${table} where user_id = $1`, [w.tech.user_id])).rows, table).toEqual([]);
    expect(existsSync(`${dir}/${photoPath.replace(/^\/files\//, "")}`)).toBe(false);
    expect((await c.json("GET", "/api/user/profile", undefined, w.t.tech)).status).toBe(401);
    expect((await c.json("GET", "/api/user/profile", undefined, second)).status).toBe(401);
    expect((await c.login(w.tech.email as string)).status).toBe(401);
    // The email and the number are free for a new account.
    const again = await c.json("POST", "/api/user/register", {
      name: "New Person",
      email: w.tech.email,
      cntry_code: "+968",
      mob_no: "91234567",
      password: "Secret@123",
      terms_service: true,
    });
    expect(again.status).toBe(201);
    // The owner's receipt of the job the deleted technician did still reads.
    const receipt = await c.json("GET", `/api/issue/receipt?issue_id=${issue_id}`, undefined, w.t.owner);
    expect(receipt.status).toBe(200);
    expect((await receipt.json()).data).toMatchObject({ technician: { name: "Deleted user" }, company: { name: "Gulf Fix" }, total: 19_010 });
  });

  it("takes a code instead of a password (an account without one); a tenant's tenancy ends; the issues they reported stay", async () => {
    const w = await repairWorld(db);
    await db.query("update users set password_hash = null where user_id = $1", [w.tenant.user_id]);
    const { issue_id } = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id });
    const c = client();
    const sent = await c.json("POST", "/api/user/delete_code", undefined, w.t.tenant);
    expect(sent.status).toBe(200);
    expect((await sent.json()).message).toBe("We sent a code to confirm deleting your account.");
    const code = c.mailedCode(w.tenant.email as string);
    const wrong = await c.json("DELETE", "/api/user/account", { otp: other(code) }, w.t.tenant);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.otp).toBe("The code is incorrect. 4 attempts left.");
    expect((await c.json("DELETE", "/api/user/account", { password: "anything-at-all" }, w.t.tenant)).status).toBe(422);
    expect((await c.json("DELETE", "/api/user/account", { otp: code }, w.t.tenant)).status).toBe(200);
    expect((await db.query("select ended_at is not null as ended from tenancies where tenant_id = $1", [w.tenant.user_id])).rows).toEqual([{ ended: true }]);
    expect((await db.query("select creator_id from issues where issue_id = $1", [issue_id])).rows[0]).toEqual({ creator_id: w.tenant.user_id });
    const seen = await c.json("GET", `/api/issue/issue?issue_id=${issue_id}`, undefined, w.t.owner);
    expect(seen.status).toBe(200);
  });

  it("a manager deleting their account leaves the company in place", async () => {
    const w = await repairWorld(db);
    expect((await client().json("DELETE", "/api/user/account", { password: PASSWORD }, w.t.manager)).status).toBe(200);
    expect((await db.query("select name from companies where company_id = $1", [w.gulf.company_id])).rows[0]).toEqual({ name: "Gulf Fix" });
    expect((await db.query("select count(*)::int as n from properties where company_id = $1", [w.gulf.company_id])).rows[0]).toEqual({ n: 1 });
  });
});
