import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { createSession } from "../../server/lib/auth";
import { codeIn } from "../../server/mail/outbox";
import { resetDb, sharedApp, testApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => resetDb(db));

let seq = 0;
/** An account of `role` that has not given its contact details yet, and a session token for it. */
async function account(role: number, fields: { email?: string | null; mob_no?: string | null; cntry_code?: string } = {}) {
  seq++;
  const { rows } = await db.query<{ user_id: number }>(
    "insert into users (role, name, email, mob_no, cntry_code) values ($1, $2, $3, $4, $5) returning user_id",
    [
      role,
      `User ${seq}`,
      fields.email === undefined ? `u${seq}@example.om` : fields.email,
      fields.mob_no === undefined ? `9200000${seq}` : fields.mob_no,
      fields.cntry_code ?? "+968",
    ],
  );
  const id = rows[0].user_id;
  return { id, token: await createSession(db, id) };
}
const row = async (id: number) => (await db.query<Record<string, unknown>>("select * from users where user_id = $1", [id])).rows[0];

const customerBody = {
  email: "salma@example.om",
  cntry_code: "+968",
  mob_no: "99123456",
  includeWhatsapp: true,
  area_range: null,
  respond_time: null,
  addres: "",
  addrs: { block: "", no: "", street: "", city: "", state: "", zipcode: "", country: "" },
  location: { lat: null, lng: null },
};
const techBody = {
  email: "",
  cntry_code: "+971",
  mob_no: "501234567",
  includeWhatsapp: false,
  area_range: 25,
  respond_time: 2,
  addres: "Muscat, Oman",
  addrs: { block: "", no: "", street: "", city: "Muscat", state: "", zipcode: "", country: "Oman" },
  location: { lat: 23.58413, lng: 58.40778 },
};

describe("GET /api/get_email_mob", () => {
  it("answers the account's email, mobile and dial code for the prefill", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(1, { email: "tech@example.om", mob_no: "91112222", cntry_code: "+973" });
    const res = await json("GET", "/api/get_email_mob", undefined, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 1, data: { email: "tech@example.om", mob_no: "91112222", cntry_code: "+973" } });
  });

  it("answers nulls for what the account has not given", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(1, { email: null, mob_no: null });
    expect((await (await json("GET", "/api/get_email_mob", undefined, token)).json()).data).toEqual({ email: null, mob_no: null, cntry_code: "+968" });
  });

  it("needs a session", async () => {
    const { json } = sharedApp(db);
    expect((await json("GET", "/api/get_email_mob")).status).toBe(401);
  });
});

describe("PUT /api/update_user_email_mob", () => {
  it("saves a customer's form with the email and mobile on file: WhatsApp flag, got_email_mob = 1", async () => {
    const { json, sent } = testApp(db);
    const { id, token } = await account(0, { email: "Salma@example.om", mob_no: "99123456" });
    const res = await json("PUT", "/api/update_user_email_mob", customerBody, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Your details have been saved." });
    expect(await row(id)).toMatchObject({
      email: "Salma@example.om",
      mob_no: "99123456",
      cntry_code: "+968",
      include_whatsapp: true,
      got_email_mob: 1,
      area_range: null,
      lat: null,
    });
    expect(sent).toEqual([]);
  });

  it("does not store a different email or mobile: the rest is saved and a code goes to each new one (issue 14)", async () => {
    const { json, sent } = testApp(db);
    const { id, token } = await account(0, { email: "old@example.om", mob_no: "99000001" });
    const res = await json("PUT", "/api/update_user_email_mob", customerBody, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(
      "Your details have been saved. We sent a code to salma@example.om. Enter it to confirm the change. We sent a code to +96899123456. Enter it to confirm the change.",
    );
    expect(body.pending.map((p: { kind: string; value: string }) => [p.kind, p.value])).toEqual([
      ["email", "salma@example.om"],
      ["mobile", "+96899123456"],
    ]);
    expect(await row(id)).toMatchObject({ email: "old@example.om", mob_no: "99000001", include_whatsapp: true, got_email_mob: 1 });
    expect(sent.map((m) => m.to)).toEqual(["salma@example.om"]);
    const text = await db.query<{ body: string }>("select body from outbox where recipient = '+96899123456'");
    expect(text.rows).toHaveLength(1);
    // The mailed code stores the email.
    const otp = codeIn(sent[0].text) as string;
    const verified = await json("POST", "/api/user/verify_contact", { kind: "email", otp }, token);
    expect(verified.status).toBe(200);
    expect(await row(id)).toMatchObject({ email: "salma@example.om", mob_no: "99000001" });
    // Saved again at once with the same new number: the code already sent stands (no 429).
    expect((await json("PUT", "/api/update_user_email_mob", customerBody, token)).status).toBe(200);
    expect((await db.query<{ body: string }>("select body from outbox where recipient = '+96899123456'")).rows).toHaveLength(1);
  });

  it("says so in Arabic when a code was sent", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(0, { mob_no: "99123456" });
    const res = await json("PUT", "/api/update_user_email_mob", customerBody, token, { "accept-language": "ar" });
    expect((await res.json()).message).toBe("تم حفظ بياناتك. أرسلنا رمزًا إلى salma@example.om. أدخله لتأكيد التغيير.");
  });

  it("serves a tenant (role 3) too, whose email may stay as it is", async () => {
    const { json } = sharedApp(db);
    const { id, token } = await account(3, { email: "tenant@example.om", mob_no: null });
    const res = await json("PUT", "/api/update_user_email_mob", { ...customerBody, email: "" }, token);
    expect(res.status).toBe(200);
    // No mobile on file: the new one waits for its code too.
    expect((await res.json()).pending).toMatchObject([{ kind: "mobile", value: "+96899123456" }]);
    expect(await row(id)).toMatchObject({ email: "tenant@example.om", mob_no: null, got_email_mob: 1 });
  });

  it("requires an email from a customer (role 0), and changes nothing without one", async () => {
    const { json } = sharedApp(db);
    const { id, token } = await account(0);
    const res = await json("PUT", "/api/update_user_email_mob", { ...customerBody, email: "  " }, token);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.detail).toBe("Please enter your email.");
    expect(body.errors.email).toBeTruthy();
    expect(await row(id)).toMatchObject({ got_email_mob: 0 });
  });

  it("rejects an email that is not one", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(0);
    const res = await json("PUT", "/api/update_user_email_mob", { ...customerBody, email: "salma-at-example" }, token);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.email).toBe("Please enter a valid email address.");
  });

  it("requires a mobile number of the chosen country (D16)", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(0);
    const invalid = "Please enter a valid mobile number for the chosen country.";
    for (const [mob_no, message] of [
      ["", "Please enter your mobile number."],
      ["99ab3456", invalid],
      ["12", invalid],
      ["9912345678", invalid],
      ["24123456", invalid],
    ]) {
      const res = await json("PUT", "/api/update_user_email_mob", { ...customerBody, mob_no }, token);
      expect(res.status, mob_no).toBe(422);
      expect((await res.json()).errors.mob_no).toBe(message);
    }
  });

  it("rejects a malformed dial code", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(0);
    const res = await json("PUT", "/api/update_user_email_mob", { ...customerBody, cntry_code: "968" }, token);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.cntry_code).toBeTruthy();
  });

  it("answers 409 when another account has the mobile number or the email, and leaves the account unverified", async () => {
    const { json } = sharedApp(db);
    await account(0, { email: "taken@example.om", mob_no: "99999999" });
    const { id, token } = await account(0);
    const mobile = await json("PUT", "/api/update_user_email_mob", { ...customerBody, mob_no: "99999999" }, token);
    expect(mobile.status).toBe(409);
    expect((await mobile.json()).detail).toBe("This mobile number is already registered.");
    const email = await json("PUT", "/api/update_user_email_mob", { ...customerBody, email: "Taken@Example.om" }, token);
    expect(email.status).toBe(409);
    expect((await email.json()).detail).toBe("This email is already registered.");
    expect(await row(id)).toMatchObject({ got_email_mob: 0 });
  });

  it("lets an account keep its own mobile number", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(0, { mob_no: "99123456" });
    expect((await json("PUT", "/api/update_user_email_mob", customerBody, token)).status).toBe(200);
  });

  it("answers 403 to a technician and to a company account", async () => {
    const { json } = sharedApp(db);
    for (const role of [1, 2]) {
      const { id, token } = await account(role);
      const res = await json("PUT", "/api/update_user_email_mob", customerBody, token);
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toBeTruthy();
      expect(await row(id)).toMatchObject({ got_email_mob: 0 });
    }
  });

  it("answers 401 without a session and 400 to a body that is not JSON", async () => {
    const { json } = sharedApp(db);
    expect((await json("PUT", "/api/update_user_email_mob", customerBody)).status).toBe(401);
    const { token } = await account(0);
    expect((await json("PUT", "/api/update_user_email_mob", "{not json", token)).status).toBe(400);
  });
});

describe("POST /api/tech/update", () => {
  it("stores a technician's area range, response time, address, structured address and location, and sets got_email_mob to 1", async () => {
    const { json } = sharedApp(db);
    const { id, token } = await account(1, { email: "tech@example.om", cntry_code: "+971", mob_no: "501234567" });
    const res = await json("POST", "/api/tech/update", techBody, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Your details have been saved." });
    expect(await row(id)).toMatchObject({
      email: "tech@example.om",
      cntry_code: "+971",
      mob_no: "501234567",
      include_whatsapp: false,
      area_range: 25,
      respond_time: 2,
      addres: "Muscat, Oman",
      addrs: techBody.addrs,
      lat: 23.58413,
      lng: 58.40778,
      got_email_mob: 1,
    });
    // The next sign-in sees it: the session's user now reads got_email_mob = 1.
    const again = await json("GET", "/api/get_email_mob", undefined, token);
    expect((await again.json()).data.mob_no).toBe("501234567");
  });

  it("accepts a technician without an email", async () => {
    const { json } = sharedApp(db);
    const { id, token } = await account(1, { email: null });
    expect((await json("POST", "/api/tech/update", techBody, token)).status).toBe(200);
    expect(await row(id)).toMatchObject({ email: null, got_email_mob: 1 });
  });

  it("sends a code to an email given where none is on file, and stores it only once entered", async () => {
    const { json, sent } = testApp(db);
    const { id, token } = await account(1, { email: null, cntry_code: "+971", mob_no: "501234567" });
    const res = await json("POST", "/api/tech/update", { ...techBody, email: "New.Tech@example.om" }, token);
    expect(res.status).toBe(200);
    expect((await res.json()).pending).toMatchObject([{ kind: "email", value: "new.tech@example.om" }]);
    expect(await row(id)).toMatchObject({ email: null, area_range: 25, got_email_mob: 1 });
    expect(sent.map((m) => m.to)).toEqual(["new.tech@example.om"]);
  });

  const rules: Array<[string, Record<string, unknown>, string, string]> = [
    ["an area range of 0", { area_range: 0 }, "area_range", "Please enter an area range greater than 0 km."],
    ["a negative area range", { area_range: -3 }, "area_range", "Please enter an area range greater than 0 km."],
    ["no area range", { area_range: null }, "area_range", "Please enter an area range greater than 0 km."],
    ["a frequency below 1", { respond_time: 0 }, "respond_time", "Please enter a response frequency of at least 1 day."],
    ["no frequency", { respond_time: null }, "respond_time", "Please enter a response frequency of at least 1 day."],
    ["a fractional frequency", { respond_time: 1.5 }, "respond_time", "Please enter the response frequency in whole days."],
    ["no address", { addres: " " }, "addres", "Please choose your location."],
    ["no latitude", { location: { lat: null, lng: 58.4 } }, "location", "Please choose your location."],
    ["no longitude", { location: { lat: 23.5, lng: null } }, "location", "Please choose your location."],
    ["no location at all", { location: null }, "location", "Please choose your location."],
    ["a latitude above 90", { location: { lat: 90.5, lng: 58.4 } }, "location.lat", "The latitude must be between -90 and 90."],
    ["a latitude below -90", { location: { lat: -91, lng: 58.4 } }, "location.lat", "The latitude must be between -90 and 90."],
    ["a longitude above 180", { location: { lat: 23.5, lng: 180.01 } }, "location.lng", "The longitude must be between -180 and 180."],
    ["a longitude below -180", { location: { lat: 23.5, lng: -200 } }, "location.lng", "The longitude must be between -180 and 180."],
    ["no mobile number", { mob_no: "" }, "mob_no", "Please enter your mobile number."],
    ["a mobile number with letters", { mob_no: "50123abc" }, "mob_no", "Please enter a valid mobile number for the chosen country."],
    ["a 10-digit number in the UAE", { mob_no: "5012345678" }, "mob_no", "Please enter a valid mobile number for the chosen country."],
  ];
  for (const [what, change, field, message] of rules) {
    it(`answers 422 to ${what}, naming ${field}, and stores nothing`, async () => {
      const { json } = sharedApp(db);
      const { id, token } = await account(1);
      const res = await json("POST", "/api/tech/update", { ...techBody, ...change }, token);
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.errors[field]).toBe(message);
      expect(body.detail).toBeTruthy();
      expect(await row(id)).toMatchObject({ got_email_mob: 0, area_range: null });
    });
  }

  it("accepts the edges: lat ±90, lng ±180, frequency 1, a small area range", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(1);
    for (const location of [
      { lat: 90, lng: 180 },
      { lat: -90, lng: -180 },
    ]) {
      const res = await json("POST", "/api/tech/update", { ...techBody, respond_time: 1, area_range: 0.5, location }, token);
      expect(res.status).toBe(200);
    }
  });

  it("answers 403 to a customer, a company account and a tenant", async () => {
    const { json } = sharedApp(db);
    for (const role of [0, 2, 3]) {
      const { id, token } = await account(role);
      const res = await json("POST", "/api/tech/update", techBody, token);
      expect(res.status, `role ${role}`).toBe(403);
      expect(await row(id)).toMatchObject({ got_email_mob: 0 });
    }
  });

  it("answers 422 when a number field is text", async () => {
    const { json } = sharedApp(db);
    const { token } = await account(1);
    const res = await json("POST", "/api/tech/update", { ...techBody, area_range: "25" }, token);
    expect(res.status).toBe(422);
  });
});
