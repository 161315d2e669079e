// The account area (issue 14): the profile of every role, its photo and the company logo, the password, signing out,
// support, and "taking jobs now". Contact changes and deleting an account: account-contact.test.ts.
import { describe, expect, it } from "vitest";
import { profileResponse } from "../../src/contract/account";
import type { Db } from "../../server/db/db";
import { logMailer } from "../../server/mail/mailer";
import { diskStorage } from "../../server/lib/storage";
import { makeCompany, makeIssue, makeProperty, makeUser, PASSWORD, signIn } from "./factories";
import { testApp } from "./helpers";
import { html, jpeg, repairSuite, repairWorld } from "./repair-helpers";
import { existsSync } from "node:fs";
import { join } from "node:path";

let db: Db;
let dir: string;
repairSuite((d, tmp) => {
  db = d;
  dir = tmp;
}, "fixit-account-");

const AR = { "accept-language": "ar" };
const client = () => testApp(db, { storage: diskStorage(dir) });
let address = 0;
/** Signing in from a fresh address each time, so the per-address sign-in limit never meets the tests. */
const login = (identifier: string, password = PASSWORD) =>
  client().json("POST", "/api/user/login", { identifier, password }, undefined, { "x-forwarded-for": `10.9.0.${++address}` });

describe("GET /user/profile", () => {
  it("answers every role: the common fields, a technician's work fields, a manager's company with its currency", async () => {
    const company = await makeCompany(db, { name: "Gulf Fix" });
    await db.query(
      "update companies set reg_no = 'CR-1', hourly_rate = 12000, cntry_code = '+971', logo_path = 'company/gulffix-logo.svg' where company_id = $1",
      [company.company_id],
    );
    const customer = await makeUser(db, { role: 0, name: "Salma", email: "salma@test.om" });
    const tech = await makeUser(db, { role: 1 });
    await db.query(
      "update users set skills = '{1,3}', languages = '{en,ar}', area_range = 25, respond_time = 2, addres = 'Muscat', lat = 23.5, lng = 58.4 where user_id = $1",
      [tech.user_id],
    );
    const manager = await makeUser(db, { role: 2, company_id: company.company_id });
    await db.query("update users set profile_path = 'avatars/demo-manager.svg' where user_id = $1", [manager.user_id]);
    const google = await makeUser(db, { role: 3, password: null });
    const { json } = client();
    const get = async (u: { user_id: number }) => {
      const res = await json("GET", "/api/user/profile", undefined, await signIn(db, u));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe(1);
      // The app reads it with the contract's schema.
      expect(profileResponse.safeParse(body).success).toBe(true);
      return body.data;
    };

    const c = await get(customer);
    expect(c).toMatchObject({ user_id: customer.user_id, role: 0, name: "Salma", email: "salma@test.om", mob_no: customer.mob_no, cntry_code: "+968" });
    expect(c).toMatchObject({ profile: null, languages: [], include_whatsapp: false, has_password: true, pending: [] });
    expect(c).not.toHaveProperty("skills");
    expect(c).not.toHaveProperty("company");

    expect(await get(tech)).toMatchObject({
      role: 1,
      skills: [1, 3],
      languages: ["en", "ar"],
      area_range: 25,
      respond_time: 2,
      addres: "Muscat",
      location: { lat: 23.5, lng: 58.4 },
      taking_jobs: true,
    });
    expect(await get(manager)).toMatchObject({
      role: 2,
      profile: "/files/users/avatars/demo-manager.svg",
      company: {
        company_id: company.company_id,
        name: "Gulf Fix",
        reg_no: "CR-1",
        hourly_rate: 12000,
        currency: "AED",
        decimals: 2,
        logo: "/files/users/company/gulffix-logo.svg",
      },
    });
    expect(await get(google)).toMatchObject({ role: 3, has_password: false });
    expect((await json("GET", "/api/user/profile")).status).toBe(401);
  });
});

describe("PUT /user/profile", () => {
  it("saves what each role may change, in one call, and answers the profile", async () => {
    const tech = await makeUser(db, { role: 1 });
    const { json } = client();
    const token = await signIn(db, tech);
    const res = await json(
      "PUT",
      "/api/user/profile",
      {
        name: "  Ahmed  ",
        languages: ["EN", "ar", "en"],
        include_whatsapp: true,
        skills: [5, 2, 5],
        area_range: 40,
        respond_time: 3,
        addres: "Seeb",
        addrs: { city: "Seeb", country: "Oman" },
        location: { lat: 23.67, lng: 58.19 },
        taking_jobs: false,
        unknown_field: "dropped",
      },
      token,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("Your profile has been saved.");
    expect(body.data).toMatchObject({
      name: "Ahmed",
      languages: ["en", "ar"],
      include_whatsapp: true,
      skills: [2, 5],
      area_range: 40,
      respond_time: 3,
      addres: "Seeb",
      location: { lat: 23.67, lng: 58.19 },
      taking_jobs: false,
    });
    // An empty body changes nothing.
    const again = await json("PUT", "/api/user/profile", {}, token, AR);
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe("تم حفظ ملفك الشخصي.");
  });

  it("lets a manager change the company; 409 on a registration number another company has", async () => {
    const mine = await makeCompany(db);
    const other = await makeCompany(db);
    await db.query("update companies set reg_no = 'CR-TAKEN' where company_id = $1", [other.company_id]);
    const manager = await makeUser(db, { role: 2, company_id: mine.company_id });
    const token = await signIn(db, manager);
    const { json } = client();
    const ok = await json("PUT", "/api/user/profile", { company: { name: "New Name", reg_no: "CR-9", hourly_rate: 7500 } }, token);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.company).toMatchObject({ name: "New Name", reg_no: "CR-9", hourly_rate: 7500, currency: "OMR", decimals: 3 });
    const taken = await json("PUT", "/api/user/profile", { name: "Changed", company: { reg_no: "cr-taken" } }, token, AR);
    expect(taken.status).toBe(409);
    const body = await taken.json();
    expect(body.errors.reg_no).toBe("رقم السجل هذا مسجّل بالفعل.");
    // Nothing of the refused call was written.
    expect((await db.query("select name from users where user_id = $1", [manager.user_id])).rows[0]).toEqual({ name: manager.name });
    const negative = await json("PUT", "/api/user/profile", { company: { hourly_rate: -1 } }, token);
    expect(negative.status).toBe(422);
    expect((await negative.json()).errors["company.hourly_rate"]).toBe("Please enter an hourly rate of 0 or more.");
  });

  it("answers 403, translated, to a field of another role, and 422 to an unknown language", async () => {
    const tenant = await makeUser(db, { role: 3 });
    const tech = await makeUser(db, { role: 1 });
    const lone = await makeUser(db, { role: 2 });
    const { json } = client();
    const refused = await json("PUT", "/api/user/profile", { name: "X", skills: [1] }, await signIn(db, tenant), AR);
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.detail).toBe("لا يمكن لحسابك تغيير هذا.");
    expect(Object.keys(body.errors)).toEqual(["skills"]);
    expect((await db.query("select name from users where user_id = $1", [tenant.user_id])).rows[0]).toEqual({ name: tenant.name });
    const company = await json("PUT", "/api/user/profile", { company: { name: "Mine" } }, await signIn(db, tech));
    expect(company.status).toBe(403);
    expect((await company.json()).errors.company).toBe("Only a manager of a company can change the company's details.");
    expect((await json("PUT", "/api/user/profile", { company: { name: "Mine" } }, await signIn(db, lone))).status).toBe(403);
    const language = await json("PUT", "/api/user/profile", { languages: ["zz"] }, await signIn(db, tech));
    expect(language.status).toBe(422);
    expect((await language.json()).errors.languages).toBe("Unknown language code: zz.");
  });
});

describe("photo and logo", () => {
  const upload = (path: string, token: string, bytes: Uint8Array<ArrayBuffer>) =>
    client().app.request(path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "image/jpeg" }, body: bytes });

  it("stores a photo, replaces it (the old file goes), and removes it", async () => {
    const u = await makeUser(db, { role: 0 });
    const token = await signIn(db, u);
    const first = await upload("/api/user/photo", token, jpeg(20_000));
    expect(first.status).toBe(200);
    const one = await first.json();
    expect(one.message).toBe("Your photo has been saved.");
    expect(one.data.profile).toMatch(/^\/files\/users\/photos\/[\w-]+\.jpg$/);
    const fileOf = (url: string) => join(dir, url.replace(/^\/files\//, ""));
    expect(existsSync(fileOf(one.data.profile))).toBe(true);

    const second = await (await upload("/api/user/photo", token, jpeg())).json();
    expect(second.data.profile).not.toBe(one.data.profile);
    expect(existsSync(fileOf(one.data.profile))).toBe(false);
    expect(existsSync(fileOf(second.data.profile))).toBe(true);

    const removed = await client().json("DELETE", "/api/user/photo", undefined, token);
    expect(removed.status).toBe(200);
    expect((await removed.json()).data.profile).toBeNull();
    expect(existsSync(fileOf(second.data.profile))).toBe(false);
  });

  it("refuses what is not an image, and a demo picture is never removed from storage", async () => {
    const u = await makeUser(db, { role: 0 });
    await db.query("update users set profile_path = 'avatars/demo.svg' where user_id = $1", [u.user_id]);
    const token = await signIn(db, u);
    const bad = await upload("/api/user/photo", token, html());
    expect(bad.status).toBe(415);
    expect((await db.query("select profile_path from users where user_id = $1", [u.user_id])).rows[0]).toEqual({ profile_path: "avatars/demo.svg" });
    expect((await upload("/api/user/photo", token, new Uint8Array(0))).status).toBe(422);
  });

  it("lets a manager store the company logo; other roles get 403", async () => {
    const company = await makeCompany(db);
    const manager = await makeUser(db, { role: 2, company_id: company.company_id });
    const res = await upload("/api/company/logo", await signIn(db, manager), jpeg());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("The company logo has been saved.");
    expect(body.data.company.logo).toMatch(/^\/files\/users\/logos\/[\w-]+\.jpg$/);
    const tech = await makeUser(db, { role: 1, company_id: company.company_id });
    expect((await upload("/api/company/logo", await signIn(db, tech), jpeg())).status).toBe(403);
  });
});

describe("PUT /user/password and signing out", () => {
  it("refuses a wrong current password (422), then changes it: other sessions end, this one stays, the new password signs in", async () => {
    const u = await makeUser(db, { role: 0, email: "pw@test.om" });
    const here = await signIn(db, u);
    const elsewhere = await signIn(db, u);
    const { json } = client();
    const change = (body: unknown, headers = {}) => json("PUT", "/api/user/password", body, here, headers);

    const missing = await change({ new_password: "NewSecret@1", confirm_password: "NewSecret@1" });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.current_password).toBe("Please enter your current password.");
    const wrong = await change({ current_password: "not-it-at-all", new_password: "NewSecret@1", confirm_password: "NewSecret@1" }, AR);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.current_password).toBe("كلمة المرور الحالية غير صحيحة.");
    const mismatch = await change({ current_password: PASSWORD, new_password: "NewSecret@1", confirm_password: "Other@123" });
    expect(mismatch.status).toBe(422);

    const ok = await change({ current_password: PASSWORD, new_password: "NewSecret@1", confirm_password: "NewSecret@1" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe("Your password has been changed. Other devices have been signed out.");
    expect((await json("GET", "/api/user/profile", undefined, elsewhere)).status).toBe(401);
    expect((await json("GET", "/api/user/profile", undefined, here)).status).toBe(200);
    expect((await login("pw@test.om", "NewSecret@1")).status).toBe(200);
    expect((await login("pw@test.om", PASSWORD)).status).toBe(401);
  });

  it("wrong current passwords count like failed sign-ins: the sixth from one address waits (429)", async () => {
    const u = await makeUser(db, { role: 0 });
    const token = await signIn(db, u);
    const { json } = client();
    const body = { current_password: "wrong-password", new_password: "NewSecret@1", confirm_password: "NewSecret@1" };
    for (let i = 0; i < 5; i++) expect((await json("PUT", "/api/user/password", body, token)).status).toBe(422);
    const waits = await json("PUT", "/api/user/password", { ...body, current_password: PASSWORD }, token);
    expect(waits.status).toBe(429);
    expect(Number(waits.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets an account without a password (Google sign-in) set one without a current password", async () => {
    const u = await makeUser(db, { role: 0, email: "g@test.om", password: null });
    const res = await client().json("PUT", "/api/user/password", { new_password: "FirstPass@1", confirm_password: "FirstPass@1" }, await signIn(db, u));
    expect(res.status).toBe(200);
    expect((await login("g@test.om", "FirstPass@1")).status).toBe(200);
  });

  it("signing out ends this session on the server", async () => {
    const u = await makeUser(db, { role: 1 });
    const token = await signIn(db, u);
    const other = await signIn(db, u);
    const { json } = client();
    expect((await json("POST", "/api/user/logout", undefined, token)).status).toBe(200);
    expect((await json("GET", "/api/user/profile", undefined, token)).status).toBe(401);
    expect((await json("GET", "/api/user/profile", undefined, other)).status).toBe(200);
  });
});

describe("support", () => {
  it("keeps a message, mails it to the support address with who sent it, and limits how many", async () => {
    const u = await makeUser(db, { role: 0, name: "Salma", email: "salma@test.om", mob_no: "91234567" });
    const token = await signIn(db, u);
    const { json } = testApp(db, { mailer: logMailer(db, () => undefined) });
    const res = await json("POST", "/api/support/contact", { subject: "Billing", message: "  The receipt shows the wrong unit.  " }, token);
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe("Thank you. Your message has been sent to our support team.");
    expect((await db.query("select user_id, subject, message from support_messages")).rows).toEqual([
      { user_id: u.user_id, subject: "Billing", message: "The receipt shows the wrong unit." },
    ]);
    const mails = (await db.query<{ recipient: string; body: string }>("select recipient, body from outbox")).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe("support@fixit.example");
    expect(mails[0].body).toContain("Salma");
    expect(mails[0].body).toContain("salma@test.om");
    expect(mails[0].body).toContain("+96891234567");
    expect(mails[0].body).toContain("The receipt shows the wrong unit.");

    const empty = await json("POST", "/api/support/contact", { message: "   " }, token, AR);
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.message).toBe("يُرجى كتابة رسالتك.");
    for (let i = 0; i < 3; i++) expect((await json("POST", "/api/support/contact", { message: `More ${i}` }, token)).status).toBe(201);
    const sixth = await json("POST", "/api/support/contact", { message: "Again" }, token);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
    expect((await db.query("select count(*)::int as n from support_messages")).rows[0]).toEqual({ n: 4 });
  });

  it("GET /support/info answers the configured phone, WhatsApp and email", async () => {
    const token = await signIn(db, await makeUser(db));
    const { json } = client();
    expect(await (await json("GET", "/api/support/info", undefined, token)).json()).toEqual({
      status: 1,
      data: { phone: "+96824000000", whatsapp: "+96824000000", email: "support@fixit.example" },
    });
    process.env.SUPPORT_WHATSAPP = "+96890000000";
    try {
      expect((await (await json("GET", "/api/support/info", undefined, token)).json()).data.whatsapp).toBe("+96890000000");
    } finally {
      delete process.env.SUPPORT_WHATSAPP;
    }
    expect((await json("GET", "/api/support/info")).status).toBe(401);
  });
});

describe("taking jobs now", () => {
  it("a technician who is not taking jobs is left out of the candidates, the offers, and cannot be assigned", async () => {
    const w = await repairWorld(db);
    const issue = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id, category: null });
    const { json } = client();
    const candidates = async () =>
      ((await (await json("GET", `/api/issue/candidates?issue_id=${issue.issue_id}`, undefined, w.t.manager)).json()).data as { user_id: number }[]).map(
        (c) => c.user_id,
      );
    expect(await candidates()).toEqual(expect.arrayContaining([w.tech.user_id, w.tech2.user_id]));
    expect((await json("PUT", "/api/user/profile", { taking_jobs: false }, w.t.tech)).status).toBe(200);
    const now = await candidates();
    expect(now).toContain(w.tech2.user_id);
    expect(now).not.toContain(w.tech.user_id);
    const assign = await json("POST", `/api/issue/assign?issue_id=${issue.issue_id}`, { tech_id: w.tech.user_id }, w.t.manager);
    expect(assign.status).toBe(422);
    expect((await assign.json()).errors.tech_id).toBe("This technician is not taking jobs now.");

    // An independent technician around a landlord's property: offered the job only while taking jobs.
    const landlord = await makeUser(db, { role: 0 });
    const home = await makeProperty(db, { owner_id: landlord.user_id });
    const solo = await makeUser(db, { role: 1 });
    await db.query("update users set lat = 23.6, lng = 58.5, area_range = 10, skills = '{1}' where user_id = $1", [solo.user_id]);
    const job = await makeIssue(db, { property_id: home.property_id, creator_id: landlord.user_id, category: 1 });
    expect((await json("POST", `/api/issue/offer?issue_id=${job.issue_id}`, undefined, await signIn(db, landlord))).status).toBe(200);
    const soloToken = await signIn(db, solo);
    const offers = async () => (await (await json("GET", "/api/issue/offers", undefined, soloToken)).json()).total;
    expect(await offers()).toBe(1);
    await json("PUT", "/api/user/profile", { taking_jobs: false }, soloToken);
    expect(await offers()).toBe(0);
    const landlordCandidates = await json("GET", `/api/issue/candidates?issue_id=${job.issue_id}`, undefined, await signIn(db, landlord));
    expect((await landlordCandidates.json()).data).toEqual([]);
    // The verify-info data reads the same.
    expect((await json("GET", "/api/get_email_mob", undefined, soloToken)).status).toBe(200);
  });
});
