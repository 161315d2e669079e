// The places area (issue 10): who sees and changes properties, units, tenancies and files; names; deletes; hand-over.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { diskStorage } from "../../server/lib/storage";
import { makeCompany, makeIssue, makeProperty, makeTenancy, makeUnit, makeUser, signIn } from "./factories";
import { resetDb, testApp, testDb } from "./helpers";

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await testDb();
  dir = await mkdtemp(join(tmpdir(), "fixit-property-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.close();
});
beforeEach(async () => resetDb(db));
afterEach(() => clock.set());

const AR = { "accept-language": "ar" };
const app = () => testApp(db, { storage: diskStorage(dir) });
const storedFiles = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const jpeg = (padding = 0) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, ...new Array(padding).fill(0), 0xff, 0xd9]);

/** Two owners, two companies with a manager each, a technician; tokens for all. */
async function world() {
  const gulf = await makeCompany(db, { name: "Gulf Fix" });
  const other = await makeCompany(db, { name: "Other Co" });
  await db.query("update companies set reg_no = 'CR-100', email = 'info@gulf.om' where company_id = $1", [gulf.company_id]);
  const owner = await makeUser(db, { role: 0, name: "Owner One" });
  const owner2 = await makeUser(db, { role: 0, name: "Owner Two" });
  const manager = await makeUser(db, { role: 2, company_id: gulf.company_id });
  const manager2 = await makeUser(db, { role: 2, company_id: other.company_id });
  const tech = await makeUser(db, { role: 1, company_id: gulf.company_id });
  const tech2 = await makeUser(db, { role: 1, company_id: gulf.company_id });
  return {
    gulf,
    other,
    owner,
    owner2,
    manager,
    manager2,
    tech,
    tech2,
    t: {
      owner: await signIn(db, owner),
      owner2: await signIn(db, owner2),
      manager: await signIn(db, manager),
      manager2: await signIn(db, manager2),
      tech: await signIn(db, tech),
      tech2: await signIn(db, tech2),
    },
  };
}

/** A building of `owner_id` with units 101..104. */
async function building(owner_id: number | null, f: { company_id?: number | null; name?: string } = {}) {
  const p = await makeProperty(db, { owner_id, company_id: f.company_id ?? null, name: f.name });
  const units = [];
  for (const name of ["101", "102", "103", "104"]) units.push(await makeUnit(db, { property_id: p.property_id, name }));
  return { ...p, units };
}

const NEW_BUILDING = {
  name: "Sea View",
  type: "building",
  addrs: { city: "Muscat", country: "OM" },
  location: { lat: 23.6, lng: 58.4 },
  units: ["101", "102"],
};

describe("who sees a property (GET /property/properties, GET /property/property)", () => {
  it("an owner sees their own properties; another owner's answers 404 exactly like a missing one, by id and by name", async () => {
    const w = await world();
    const mine = await building(w.owner.user_id, { name: "Qurum Heights" });
    await building(w.owner2.user_id, { name: "Hidden Tower" });
    const { json } = app();
    const list = await (await json("GET", "/api/property/properties", undefined, w.t.owner)).json();
    expect(list).toMatchObject({ status: 1, total: 1 });
    expect(list.data.map((p: { name: string; relation: string }) => [p.name, p.relation])).toEqual([["Qurum Heights", "owner"]]);
    expect(list.data[0]).toMatchObject({ units_count: 4, open_issues: 0, company: null, type: "building" });

    const page = await (await json("GET", `/api/property/property?name=${encodeURIComponent("qurum heights")}`, undefined, w.t.owner)).json();
    expect(page.data.property_id).toBe(mine.property_id);
    expect(page.data.units.map((u: { name: string }) => u.name)).toEqual(["101", "102", "103", "104"]);

    const hidden = await json("GET", "/api/property/property?name=Hidden%20Tower", undefined, w.t.owner);
    const missing = await json("GET", "/api/property/property?property_id=99999", undefined, w.t.owner);
    const other = await json("GET", `/api/property/property?property_id=${mine.property_id + 1}`, undefined, w.t.owner);
    expect([hidden.status, missing.status, other.status]).toEqual([404, 404, 404]);
    const bodies = [await hidden.json(), await missing.json(), await other.json()];
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[2]).toEqual(bodies[1]);
  });

  it("a company's managers see the properties it runs (its own and those handed to it), never another company's", async () => {
    const w = await world();
    await building(null, { company_id: w.gulf.company_id, name: "Company Block" });
    const handed = await building(w.owner.user_id, { company_id: w.gulf.company_id, name: "Handed Villa" });
    const others = await building(null, { company_id: w.other.company_id, name: "Other Block" });
    const { json } = app();
    const list = await (await json("GET", "/api/property/properties", undefined, w.t.manager)).json();
    expect(list.data.map((p: { name: string }) => p.name)).toEqual(["Company Block", "Handed Villa"]);
    expect(list.data.every((p: { relation: string }) => p.relation === "manager")).toBe(true);
    expect((await json("GET", `/api/property/property?property_id=${handed.property_id}`, undefined, w.t.manager)).status).toBe(200);
    expect((await json("GET", `/api/property/property?property_id=${others.property_id}`, undefined, w.t.manager)).status).toBe(404);
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.manager2)).json()).total).toBe(1);
    // Technicians of the company do not see what it runs without a job there.
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.tech)).json()).total).toBe(0);
  });

  it("a tenant sees the units of their current and past tenancies only, and never another tenant's name or number", async () => {
    const w = await world();
    const b = await building(w.owner.user_id, { name: "Shared Building" });
    const tenant = await makeUser(db, { role: 3, name: "Maryam", mob_no: "91111111" });
    const neighbour = await makeUser(db, { role: 3, name: "Neighbour Nasser", mob_no: "92222222", email: "nasser@test.om" });
    const successor = await makeUser(db, { role: 3, name: "Successor Sara", mob_no: "93333333", email: "sara@test.om" });
    await makeTenancy(db, { unit_id: b.units[1].unit_id, tenant_id: tenant.user_id });
    await makeTenancy(db, { unit_id: b.units[2].unit_id, tenant_id: neighbour.user_id });
    // The tenant lived in 101 before; Sara lives there now.
    await makeTenancy(db, { unit_id: b.units[0].unit_id, tenant_id: tenant.user_id, ended: true, start_date: "2024-01-01" });
    await makeTenancy(db, { unit_id: b.units[0].unit_id, tenant_id: successor.user_id });
    await makeIssue(db, { property_id: b.property_id, unit_id: b.units[2].unit_id, creator_id: neighbour.user_id, title: "Neighbour's leak" });
    const token = await signIn(db, tenant);
    const { json } = app();

    const list = await (await json("GET", "/api/property/properties", undefined, token)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ relation: "tenant", units_count: 2, open_issues: 0 });
    const res = await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, token);
    const text = await res.text();
    const page = JSON.parse(text).data;
    expect(page.units.map((u: { name: string }) => u.name)).toEqual(["101", "102"]);
    expect(page.units[1].tenant).toMatchObject({ name: "Maryam", mob_no: "91111111" });
    expect(page.units[0].tenant).toBeNull();
    for (const secret of ["Nasser", "92222222", "nasser@test.om", "Sara", "93333333", "sara@test.om", "Neighbour's leak"]) expect(text).not.toContain(secret);
    expect(page.actions).toEqual(["report", "prev_tenants"]);

    // The owner sees every tenant, with their numbers.
    const owner = await (await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.owner)).json();
    expect(owner.data.units.map((u: { tenant: { name: string } | null }) => u.tenant?.name ?? null)).toEqual([
      "Successor Sara",
      "Maryam",
      "Neighbour Nasser",
      null,
    ]);
    expect(owner.data.units[2].tenant.mob_no).toBe("92222222");

    // A stranger of role 3 sees nothing.
    const stranger = await signIn(db, await makeUser(db, { role: 3 }));
    expect((await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, stranger)).status).toBe(404);
  });

  it("a technician sees a property and the unit of their job only while the job is open, with that unit's tenant", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const tenant = await makeUser(db, { role: 3, name: "Tenant In 103", mob_no: "94444444" });
    await makeTenancy(db, { unit_id: b.units[2].unit_id, tenant_id: tenant.user_id });
    const other = await makeUser(db, { role: 3, name: "Tenant In 104", mob_no: "95555555" });
    await makeTenancy(db, { unit_id: b.units[3].unit_id, tenant_id: other.user_id });
    const job = await makeIssue(db, { property_id: b.property_id, unit_id: b.units[2].unit_id, assigned_tech_id: w.tech.user_id });
    const { json } = app();

    const res = await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.tech);
    expect(res.status).toBe(200);
    const text = await res.text();
    const page = JSON.parse(text).data;
    expect(page.relation).toBe("technician");
    expect(page.units.map((u: { name: string }) => u.name)).toEqual(["103"]);
    expect(page.units[0].tenant).toMatchObject({ name: "Tenant In 103", mob_no: "94444444" });
    expect(text).not.toContain("95555555");
    expect(page.actions).toEqual([]);
    // Another technician of the same company, without the job: as if it did not exist.
    expect((await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.tech2)).status).toBe(404);

    await db.query("update issues set stage = 'closed' where issue_id = $1", [job.issue_id]);
    expect((await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.tech)).status).toBe(404);
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.tech)).json()).total).toBe(0);
  });

  it("searches names with q and pages by 10", async () => {
    const w = await world();
    for (let i = 1; i <= 12; i++) await makeProperty(db, { owner_id: w.owner.user_id, name: `Tower ${String(i).padStart(2, "0")}` });
    await makeProperty(db, { owner_id: w.owner.user_id, name: "Villa 50%" });
    const { json } = app();
    const first = await (await json("GET", "/api/property/properties?q=tower", undefined, w.t.owner)).json();
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    const second = await (await json("GET", "/api/property/properties?q=tower&page_num=2", undefined, w.t.owner)).json();
    expect(second.data.map((p: { name: string }) => p.name)).toEqual(["Tower 11", "Tower 12"]);
    expect((await (await json("GET", "/api/property/properties?q=50%25", undefined, w.t.owner)).json()).total).toBe(1);
    expect((await json("GET", "/api/property/properties?page_num=0", undefined, w.t.owner)).status).toBe(422);
  });

  it("the page's actions follow the caller: the owner runs it until handing it over, then the company's managers do", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    const actions = async (token: string) =>
      (await (await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, token)).json()).data.actions;
    expect(await actions(w.t.owner)).toEqual(["edit", "add_units", "add_tenant", "end_tenancy", "upload", "delete", "hand_over", "report", "prev_tenants"]);
    await makeIssue(db, { property_id: b.property_id });
    expect(await actions(w.t.owner)).not.toContain("delete");
    expect((await json("POST", `/api/property/hand_over?property_id=${b.property_id}`, { company: "cr-100" }, w.t.owner)).status).toBe(200);
    expect(await actions(w.t.owner)).toEqual(["hand_over", "take_back", "report", "prev_tenants"]);
    expect(await actions(w.t.manager)).toEqual(["edit", "add_units", "add_tenant", "end_tenancy", "upload", "report", "prev_tenants"]);
  });
});

describe("adding and changing properties", () => {
  it("an owner's property is theirs and a manager's belongs to their company; units come in the same write", async () => {
    const w = await world();
    const { json } = app();
    const res = await json("POST", "/api/property/add_property", { ...NEW_BUILDING, access_notes: "Gate code 1234", extra: "dropped" }, w.t.owner);
    expect(res.status).toBe(201);
    const { property_id } = await res.json();
    const row = (await db.query("select owner_id, company_id, created_by, type, access_notes, country from properties where property_id = $1", [property_id]))
      .rows[0];
    expect(row).toEqual({
      owner_id: w.owner.user_id,
      company_id: null,
      created_by: w.owner.user_id,
      type: "building",
      access_notes: "Gate code 1234",
      country: "OM",
    });
    expect((await db.query("select name from units where property_id = $1 order by unit_id", [property_id])).rows).toEqual([{ name: "101" }, { name: "102" }]);

    const byManager = await (await json("POST", "/api/property/add_property", { ...NEW_BUILDING, name: "Company Block" }, w.t.manager)).json();
    const m = (await db.query("select owner_id, company_id from properties where property_id = $1", [byManager.property_id])).rows[0];
    expect(m).toEqual({ owner_id: null, company_id: w.gulf.company_id });
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.manager)).json()).data[0].name).toBe("Company Block");
  });

  it("technicians, tenants and managers without a company cannot add properties (403)", async () => {
    const w = await world();
    const { json } = app();
    const tenant = await signIn(db, await makeUser(db, { role: 3 }));
    const loneManager = await signIn(db, await makeUser(db, { role: 2, company_id: null }));
    for (const token of [w.t.tech, tenant, loneManager]) expect((await json("POST", "/api/property/add_property", NEW_BUILDING, token)).status).toBe(403);
    expect((await db.query("select count(*)::int as n from properties")).rows[0].n).toBe(0);
  });

  it("names are unique per owner and per company, whatever the case (409 naming name); others may reuse them", async () => {
    const w = await world();
    const { json } = app();
    expect((await json("POST", "/api/property/add_property", NEW_BUILDING, w.t.owner)).status).toBe(201);
    const again = await json("POST", "/api/property/add_property", { ...NEW_BUILDING, name: "  SEA VIEW " }, w.t.owner, AR);
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.detail).toBe("لديك عقار آخر بهذا الاسم.");
    expect(Object.keys(body.errors)).toEqual(["name"]);
    expect((await json("POST", "/api/property/add_property", NEW_BUILDING, w.t.owner2)).status).toBe(201);
    expect((await json("POST", "/api/property/add_property", NEW_BUILDING, w.t.manager)).status).toBe(201);
    expect((await json("POST", "/api/property/add_property", { ...NEW_BUILDING, name: "sea view" }, w.t.manager)).status).toBe(409);
    expect((await json("POST", "/api/property/add_property", NEW_BUILDING, w.t.manager2)).status).toBe(201);

    // Renaming onto another of one's names, and handing over into a company that has the name, are refused too.
    const second = await (await json("POST", "/api/property/add_property", { ...NEW_BUILDING, name: "Second" }, w.t.owner)).json();
    const rename = await json("PUT", `/api/property/property?property_id=${second.property_id}`, { ...NEW_BUILDING, name: "Sea view" }, w.t.owner);
    expect(rename.status).toBe(409);
    expect((await rename.json()).errors.name).toBeTruthy();
    const first = (await db.query<{ property_id: number }>("select property_id from properties where owner_id = $1 and name = 'Sea View'", [w.owner.user_id]))
      .rows[0];
    const hand = await json("POST", `/api/property/hand_over?property_id=${first.property_id}`, { company: "CR-100" }, w.t.owner);
    expect(hand.status).toBe(409);
    expect((await hand.json()).errors.name).toBeTruthy();
    expect((await db.query("select company_id from properties where property_id = $1", [first.property_id])).rows[0].company_id).toBeNull();
  });

  it("refuses bad bodies with 422 and Arabic field errors, and keeps nothing", async () => {
    const w = await world();
    const { json } = app();
    const res = await json("POST", "/api/property/add_property", { ...NEW_BUILDING, name: "", type: "castle", units: ["1", "1"] }, w.t.owner, AR);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.name).toBe("يُرجى إعطاء العقار اسمًا.");
    expect(body.errors.type).toBe("يُرجى اختيار نوع العقار.");
    expect(body.errors.units).toBe("يجب ألا يتكرر اسم أي وحدة.");
    const nul = await json("POST", "/api/property/add_property", { ...NEW_BUILDING, name: "Bad\u0000Name" }, w.t.owner);
    expect(nul.status).toBe(422);
    const form = await app().app.request("/api/property/add_property", {
      method: "POST",
      headers: { authorization: `Bearer ${w.t.owner}`, "content-type": "text/plain" },
      body: JSON.stringify(NEW_BUILDING),
    });
    expect(form.status).toBe(415);
    expect((await db.query("select count(*)::int as n from properties")).rows[0].n).toBe(0);
  });

  it("edits: the owner while they run it and the managers of the company; others 404, tenants 403", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    const edit = (token: string, name: string) => json("PUT", `/api/property/property?property_id=${b.property_id}`, { ...NEW_BUILDING, name }, token);
    expect((await edit(w.t.owner, "Renamed")).status).toBe(200);
    expect((await db.query("select name from properties where property_id = $1", [b.property_id])).rows[0].name).toBe("Renamed");
    expect((await edit(w.t.owner2, "Stolen")).status).toBe(404);
    expect((await edit(w.t.manager, "Stolen")).status).toBe(404);
    const tenant = await makeUser(db, { role: 3 });
    await makeTenancy(db, { unit_id: b.units[0].unit_id, tenant_id: tenant.user_id });
    expect((await edit(await signIn(db, tenant), "Stolen")).status).toBe(403);
    // A customer (role 0) renting a unit sees the property but may not change it.
    const customer = await makeUser(db, { role: 0 });
    await makeTenancy(db, { unit_id: b.units[1].unit_id, tenant_id: customer.user_id });
    expect((await edit(await signIn(db, customer), "Stolen")).status).toBe(403);

    await db.query("update properties set company_id = $2 where property_id = $1", [b.property_id, w.gulf.company_id]);
    const ownerAfter = await edit(w.t.owner, "Owner Again");
    expect(ownerAfter.status).toBe(403);
    expect((await ownerAfter.json()).detail).toBe("The company that runs this property manages it now.");
    expect((await edit(w.t.manager, "Managed")).status).toBe(200);
    expect((await edit(w.t.manager2, "Stolen")).status).toBe(404);
    expect((await db.query("select name from properties where property_id = $1", [b.property_id])).rows[0].name).toBe("Managed");
  });

  it("adds units, refusing a name the property has (409), and deletes a unit only without an open issue", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    const added = await json("POST", `/api/property/units?property_id=${b.property_id}`, { units: ["105", "106"] }, w.t.owner);
    expect(added.status).toBe(201);
    expect((await added.json()).data.map((u: { name: string }) => u.name)).toEqual(["105", "106"]);
    const dup = await json("POST", `/api/property/units?property_id=${b.property_id}`, { units: ["107", "101"] }, w.t.owner);
    expect(dup.status).toBe(409);
    expect((await dup.json()).detail).toBe("Unit 101 already exists in this property.");
    expect((await db.query("select count(*)::int as n from units where property_id = $1", [b.property_id])).rows[0].n).toBe(6);
    expect((await json("POST", `/api/property/units?property_id=${b.property_id}`, { units: ["x"] }, w.t.owner2)).status).toBe(404);

    const issue = await makeIssue(db, { property_id: b.property_id, unit_id: b.units[0].unit_id });
    const refused = await json("DELETE", `/api/property/unit?unit_id=${b.units[0].unit_id}`, undefined, w.t.owner, AR);
    expect(refused.status).toBe(409);
    expect((await refused.json()).detail).toBe("في هذه الوحدة بلاغات مفتوحة. أغلقها أو ألغها قبل حذفها.");
    expect((await json("DELETE", `/api/property/unit?unit_id=${b.units[0].unit_id}`, undefined, w.t.owner2)).status).toBe(404);
    await db.query("update issues set stage = 'closed' where issue_id = $1", [issue.issue_id]);
    expect((await json("DELETE", `/api/property/unit?unit_id=${b.units[0].unit_id}`, undefined, w.t.owner)).status).toBe(200);
    expect((await db.query("select unit_id from issues where issue_id = $1", [issue.issue_id])).rows[0].unit_id).toBeNull();
  });

  it("refuses to delete a property with an open issue (409); otherwise it goes with its units, tenancies and files, stored ones too", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const tenant = await makeUser(db, { role: 3 });
    await makeTenancy(db, { unit_id: b.units[0].unit_id, tenant_id: tenant.user_id });
    const { app: a, json } = app();
    const up = await a.request(`/api/property/media?property_id=${b.property_id}&kind=photo`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.t.owner}`, "content-type": "image/jpeg" },
      body: jpeg(),
    });
    expect(up.status).toBe(201);
    expect(await storedFiles()).toHaveLength(1);
    const issue = await makeIssue(db, { property_id: b.property_id, unit_id: b.units[1].unit_id });

    const refused = await json("DELETE", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.owner);
    expect(refused.status).toBe(409);
    expect((await refused.json()).detail).toMatch(/open issues/);
    expect((await json("DELETE", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.owner2)).status).toBe(404);
    expect((await json("DELETE", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.tech)).status).toBe(403);

    await db.query("update issues set stage = 'closed' where issue_id = $1", [issue.issue_id]);
    expect((await json("DELETE", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.owner)).status).toBe(200);
    for (const table of ["properties", "units", "tenancies", "property_files"])
      expect((await db.query(`select count(*)::int as n from ${table}`)).rows[0].n, table).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a manager deletes what the company made, not a property an owner handed to it", async () => {
    const w = await world();
    const own = await building(null, { company_id: w.gulf.company_id });
    const handed = await building(w.owner.user_id, { company_id: w.gulf.company_id });
    const { json } = app();
    expect((await json("DELETE", `/api/property/property?property_id=${handed.property_id}`, undefined, w.t.manager)).status).toBe(403);
    expect((await json("DELETE", `/api/property/property?property_id=${own.property_id}`, undefined, w.t.manager2)).status).toBe(404);
    expect((await json("DELETE", `/api/property/property?property_id=${own.property_id}`, undefined, w.t.manager)).status).toBe(200);
  });
});

describe("tenants: POST /property/assign_role, PUT /property/end_tenancy, GET /property/prev_tenants", () => {
  const tenantBody = (unit_id: number, over: Record<string, unknown> = {}) => ({
    unit_id,
    name: "Maryam Al Said",
    cntry_code: "+968",
    mob_no: "9123 4567",
    email: "Maryam@Test.om",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    ...over,
  });

  it("makes a role 3 account with no password, a tenancy and an invitation; a second tenant in the unit is refused (409)", async () => {
    const w = await world();
    const b = await building(w.owner.user_id, { name: "Qurum" });
    const { json, sent } = app();
    const res = await json("POST", "/api/property/assign_role", tenantBody(b.units[1].unit_id), w.t.owner);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.invite_url).toMatch(/^http:\/\/localhost\/#\/invite\?token=[A-Za-z0-9_-]{22}$/);
    const user = (await db.query("select role, name, email, mob_no, password_hash from users where user_id = $1", [answer.user_id])).rows[0];
    expect(user).toEqual({ role: 3, name: "Maryam Al Said", email: "maryam@test.om", mob_no: "91234567", password_hash: null });
    const token = new URL(answer.invite_url.replace("#/invite", "invite")).searchParams.get("token") as string;
    const inv = (await db.query("select token_hash, expires_at - created_at as ttl, tenancy_id from invitations")).rows[0] as {
      token_hash: string;
      tenancy_id: number;
    };
    expect(inv.token_hash).not.toContain(token);
    expect(inv.tenancy_id).toBe(answer.tenancy_id);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("maryam@test.om");
    expect(sent[0].text).toContain(answer.invite_url);
    expect(sent[0].text).toContain("Qurum");
    expect(sent[0].text).toMatch(/[\u0600-\u06FF]/);

    const second = await json(
      "POST",
      "/api/property/assign_role",
      tenantBody(b.units[1].unit_id, { email: "other@test.om", mob_no: "92345678" }),
      w.t.owner,
      AR,
    );
    expect(second.status).toBe(409);
    expect((await second.json()).detail).toBe("لهذه الوحدة مستأجر بالفعل. أنهِ الإيجار الحالي أولًا.");
    expect((await db.query("select count(*)::int as n from users where role = 3")).rows[0].n).toBe(1);
  });

  it("links an existing account with that email or mobile instead of making another; staff accounts are refused (409)", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const existing = await makeUser(db, { role: 0, name: "Khalid Al Amri", email: "customer@test.om", mob_no: "97777777" });
    const { json, sent } = app();
    const res = await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id, { email: "", mob_no: "97777777" }), w.t.owner);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.user_id).toBe(existing.user_id);
    // The account keeps its own name, and the answer says it (the owner typed "Maryam Al Said").
    expect(answer.name).toBe("Khalid Al Amri");
    expect((await db.query("select name from users where user_id = $1", [existing.user_id])).rows[0].name).toBe("Khalid Al Amri");
    expect(answer.invite_url).toBeNull();
    expect(sent).toHaveLength(0);
    expect((await db.query("select count(*)::int as n from users where mob_no = '97777777'")).rows[0].n).toBe(1);
    expect((await db.query("select role from users where user_id = $1", [existing.user_id])).rows[0].role).toBe(0);

    const staff = await json("POST", "/api/property/assign_role", tenantBody(b.units[1].unit_id, { email: w.tech.email }), w.t.owner);
    expect(staff.status).toBe(409);
    expect((await staff.json()).errors.email).toBe("This email or mobile number belongs to an account that cannot be a tenant.");
    // Walked: the owner's own number let the unit to the owner.
    const self = await json("POST", "/api/property/assign_role", tenantBody(b.units[1].unit_id, { email: w.owner.email }), w.t.owner);
    expect(self.status).toBe(409);
    expect((await self.json()).errors.email).toBe("This is the property owner's own account: an owner cannot be the tenant of their own property.");
    await makeUser(db, { role: 3, email: "someone@test.om", mob_no: "96666666" });
    const split = await json("POST", "/api/property/assign_role", tenantBody(b.units[1].unit_id, { email: "customer@test.om", mob_no: "96666666" }), w.t.owner);
    expect(split.status).toBe(409);
    expect((await db.query("select count(*)::int as n from tenancies")).rows[0].n).toBe(1);
  });

  it("two owners' clicks at once put one tenant in the unit: one 200, one 409, never a 500", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    const answers = await Promise.all([
      json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id), w.t.owner),
      json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id, { email: "b@test.om", mob_no: "92345678" }), w.t.owner),
    ]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await db.query("select count(*)::int as n from tenancies")).rows[0].n).toBe(1);
    expect((await db.query("select count(*)::int as n from users where role = 3")).rows[0].n).toBe(1);
  });

  it("only those who run the unit's property add tenants: another owner 404, a tenant 403", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    expect((await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id), w.t.owner2)).status).toBe(404);
    expect((await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id), w.t.manager)).status).toBe(404);
    const tenant = await signIn(db, await makeUser(db, { role: 3 }));
    expect((await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id), tenant)).status).toBe(403);
    expect((await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id, { mob_no: "12" }), w.t.owner)).status).toBe(422);
    // A day that does not exist is refused at the edge, not by the database (a 500).
    const feb30 = await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id, { start_date: "2026-02-30", end_date: null }), w.t.owner);
    expect(feb30.status).toBe(422);
    expect((await feb30.json()).errors.start_date).toBe("Please enter a date as YYYY-MM-DD.");
    expect(
      (await json("POST", "/api/property/assign_role", tenantBody(b.units[0].unit_id, { start_date: "0000-01-01", end_date: null }), w.t.owner)).status,
    ).toBe(422);
    expect((await db.query("select count(*)::int as n from tenancies")).rows[0].n).toBe(0);
  });

  it("is rate limited per caller", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await json("POST", "/api/property/assign_role", { unit_id: b.units[0].unit_id }, w.t.owner, { "x-forwarded-for": `10.1.0.${i}` })).status;
    expect(last).toBe(429);
  });

  it("ending a tenancy keeps it as a previous tenancy: the owner sees it, the tenant sees their own, nobody else", async () => {
    const w = await world();
    const b = await building(w.owner.user_id, { name: "Old Home" });
    const tenant = await makeUser(db, { role: 3, name: "Left Tenant" });
    const t = await makeTenancy(db, { unit_id: b.units[0].unit_id, tenant_id: tenant.user_id, start_date: "2025-02-01" });
    const { json } = app();
    expect((await json("PUT", `/api/property/end_tenancy?tenancy_id=${t.tenancy_id}`, {}, w.t.owner2)).status).toBe(404);
    expect((await json("PUT", `/api/property/end_tenancy?tenancy_id=${t.tenancy_id}`, { end_date: "2025-01-01" }, w.t.owner)).status).toBe(422);
    expect((await json("PUT", `/api/property/end_tenancy?tenancy_id=${t.tenancy_id}`, { end_date: "2026-03-31" }, w.t.owner)).status).toBe(200);
    expect((await json("PUT", `/api/property/end_tenancy?tenancy_id=${t.tenancy_id}`, {}, w.t.owner)).status).toBe(409);

    const prev = await (await json("GET", `/api/property/prev_tenants?property_id=${b.property_id}`, undefined, w.t.owner)).json();
    expect(prev).toMatchObject({ status: 1, total: 1 });
    expect(prev.data[0]).toMatchObject({
      property_name: "Old Home",
      unit_name: "101",
      tenant_name: "Left Tenant",
      start_date: "2025-02-01",
      end_date: "2026-03-31",
    });
    const own = await (await json("GET", "/api/property/prev_tenants", undefined, await signIn(db, tenant))).json();
    expect(own.total).toBe(1);
    // A later tenant of the building does not see who lived there before.
    const later = await makeUser(db, { role: 3 });
    await makeTenancy(db, { unit_id: b.units[0].unit_id, tenant_id: later.user_id });
    const laterToken = await signIn(db, later);
    expect((await (await json("GET", `/api/property/prev_tenants?property_id=${b.property_id}`, undefined, laterToken)).json()).total).toBe(0);
    expect((await json("GET", `/api/property/prev_tenants?property_id=${b.property_id}`, undefined, w.t.owner2)).status).toBe(404);
    // The unit is free again for the next tenant.
    expect((await db.query("select count(*)::int as n from tenancies where unit_id = $1 and ended_at is null", [b.units[0].unit_id])).rows[0].n).toBe(1);
  });
});

describe("POST /property/hand_over", () => {
  it("records the company found by registration number or email; its managers see the property from then on", async () => {
    const w = await world();
    const b = await building(w.owner.user_id, { name: "Handed" });
    const { json } = app();
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.manager)).json()).total).toBe(0);
    const res = await json("POST", `/api/property/hand_over?property_id=${b.property_id}`, { company: "INFO@gulf.om" }, w.t.owner);
    expect(res.status).toBe(200);
    expect((await res.json()).company).toEqual({ company_id: w.gulf.company_id, name: "Gulf Fix" });
    const seen = await (await json("GET", "/api/property/properties", undefined, w.t.manager)).json();
    expect(seen.data.map((p: { name: string }) => p.name)).toEqual(["Handed"]);
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.manager2)).json()).total).toBe(0);
    // The owner still sees it, with its company.
    const mine = await (await json("GET", "/api/property/properties", undefined, w.t.owner)).json();
    expect(mine.data[0]).toMatchObject({ relation: "owner", company: { company_id: w.gulf.company_id, name: "Gulf Fix" } });
  });

  it("answers 422 for an unknown company, 403 for a manager, 404 for another owner", async () => {
    const w = await world();
    const b = await building(w.owner.user_id);
    const { json } = app();
    const unknown = await json("POST", `/api/property/hand_over?property_id=${b.property_id}`, { company: "CR-999" }, w.t.owner, AR);
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.company).toBe("لا توجد شركة بهذا الرقم في السجل التجاري أو بهذا البريد الإلكتروني.");
    expect((await json("POST", `/api/property/hand_over?property_id=${b.property_id}`, { company: "CR-100" }, w.t.manager)).status).toBe(403);
    expect((await json("POST", `/api/property/hand_over?property_id=${b.property_id}`, { company: "CR-100" }, w.t.owner2)).status).toBe(404);
    expect((await db.query("select company_id from properties where property_id = $1", [b.property_id])).rows[0].company_id).toBeNull();
  });
});

// Walked: a hand-over could not be undone, and the owner could no longer edit their own property.
describe("POST /property/take_back", () => {
  it("the owner runs the property again: the company's managers no longer see it, its open repairs keep their technicians", async () => {
    const w = await world();
    const b = await building(w.owner.user_id, { name: "Handed" });
    const { json } = app();
    const issue = await makeIssue(db, { property_id: b.property_id, assigned_tech_id: w.tech.user_id, stage: "assigned" });
    // Not handed over: nothing to take back (403), and not offered.
    expect((await json("POST", `/api/property/take_back?property_id=${b.property_id}`, undefined, w.t.owner)).status).toBe(403);
    expect((await json("POST", `/api/property/hand_over?property_id=${b.property_id}`, { company: "CR-100" }, w.t.owner)).status).toBe(200);
    expect((await json("POST", `/api/property/take_back?property_id=${b.property_id}`, undefined, w.t.manager)).status).toBe(403);
    expect((await json("POST", `/api/property/take_back?property_id=${b.property_id}`, undefined, w.t.owner2)).status).toBe(404);
    const res = await json("POST", `/api/property/take_back?property_id=${b.property_id}`, undefined, w.t.owner, AR);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("عدت تدير هذا العقار بنفسك: تعدّله وتضيف المستأجرين وتسند إصلاحاته.");
    expect((await db.query("select company_id from properties where property_id = $1", [b.property_id])).rows[0].company_id).toBeNull();
    const page = await (await json("GET", `/api/property/property?property_id=${b.property_id}`, undefined, w.t.owner)).json();
    expect(page.data.actions).toContain("edit");
    expect(page.data.actions).not.toContain("take_back");
    expect((await (await json("GET", "/api/property/properties", undefined, w.t.manager)).json()).total).toBe(0);
    expect((await db.query("select assigned_tech_id from issues where issue_id = $1", [issue.issue_id])).rows[0].assigned_tech_id).toBe(w.tech.user_id);
  });
});
