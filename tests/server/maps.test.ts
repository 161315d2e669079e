// The data behind the maps (issue 17): the lists carry each issue's location and agreed visit and take `page_size`, and
// a manager sees where their own company's technicians work, never another company's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { makeCompany, makeIssue, makeProperty, makeUser, signIn } from "./factories";
import { resetDb, sharedApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db.close());
beforeEach(() => resetDb(db));

const VISIT = { date: "2026-11-25", time_from: "09:00", time_to: "11:00" };

async function world() {
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  const manager = await makeUser(db, { role: 2, company_id: company.company_id });
  const tech = await makeUser(db, { role: 1, company_id: company.company_id, name: "Salim" });
  const idle = await makeUser(db, { role: 1, company_id: company.company_id, name: "No place yet" });
  const rival = await makeUser(db, { role: 1, company_id: other.company_id, name: "Rival" });
  await db.query("update users set lat = 23.59, lng = 58.41, addres = 'Al Khuwair', area_range = 20 where user_id = $1", [tech.user_id]);
  await db.query("update users set lat = 23.61, lng = 58.54 where user_id = $1", [rival.user_id]);
  const property = await makeProperty(db, { company_id: company.company_id });
  return { company, other, manager, tech, idle, rival, property };
}

describe("the lists the maps use", () => {
  it("carry the property's location and the agreed visit on each of the technician's jobs", async () => {
    const w = await world();
    await makeIssue(db, { property_id: w.property.property_id, assigned_tech_id: w.tech.user_id, stage: "scheduled", visit: VISIT });
    const { json } = sharedApp(db);
    const res = await json("GET", "/api/issue/jobs?status=open", undefined, await signIn(db, w.tech));
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toHaveLength(1);
    expect(data[0].location).toEqual({ lat: 23.6, lng: 58.5 });
    expect(data[0].visit).toEqual(VISIT);
    expect(data[0].stage).toBe("scheduled");
  });

  it("give a map up to 100 open issues in one page, and refuse a page size out of range in the caller's language", async () => {
    const w = await world();
    for (let i = 0; i < 12; i++) await makeIssue(db, { property_id: w.property.property_id, assigned_tech_id: w.tech.user_id });
    const { json } = sharedApp(db);
    const tech = await signIn(db, w.tech);
    const manager = await signIn(db, w.manager);

    const paged = await (await json("GET", "/api/issue/jobs?status=open", undefined, tech)).json();
    expect(paged.data).toHaveLength(10);
    const all = await (await json("GET", "/api/issue/jobs?status=open&page_size=100", undefined, tech)).json();
    expect(all.data).toHaveLength(12);
    expect(all.total).toBe(12);
    // The total comes with the page (one query), and a page past the end still says how many there are.
    const second = await (await json("GET", "/api/issue/jobs?status=open&page_num=2", undefined, tech)).json();
    expect([second.total, second.data.length]).toEqual([12, 2]);
    const past = await (await json("GET", "/api/issue/issues?status=open&page_num=5", undefined, manager)).json();
    expect([past.total, past.data.length]).toEqual([12, 0]);
    expect(second.data[0]).not.toHaveProperty("full_count");
    const company = await (await json("GET", "/api/issue/issues?status=open&scope=company&page_size=100", undefined, manager)).json();
    expect(company.data).toHaveLength(12);
    expect(company.data.every((i: { location: unknown }) => i.location !== null)).toBe(true);

    for (const bad of ["0", "101", "abc", "-1"]) {
      const res = await json("GET", `/api/issue/issues?page_size=${bad}`, undefined, manager);
      expect(res.status).toBe(422);
      expect((await res.json()).errors.page_size).toMatch(/page_size/);
    }
    const ar = await json("GET", "/api/issue/jobs?page_size=500", undefined, tech, { "accept-language": "ar" });
    expect(ar.status).toBe(422);
    expect((await ar.json()).detail).toMatch(/عددًا صحيحًا/);
  });
});

describe("GET /company/tech_locations", () => {
  it("lists only the caller's company's technicians who have a service location", async () => {
    const w = await world();
    const { json } = sharedApp(db);
    const res = await json("GET", "/api/company/tech_locations", undefined, await signIn(db, w.manager));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(1);
    expect(body.data).toEqual([
      { user_id: w.tech.user_id, name: "Salim", location: { lat: 23.59, lng: 58.41 }, addres: "Al Khuwair", area_range: 20, taking_jobs: true },
    ]);
    // Another company's technician never leaves that company.
    expect(JSON.stringify(body)).not.toContain("Rival");
  });

  it("leaves out disabled and deleted technicians", async () => {
    const w = await world();
    await db.query("update users set disabled = true where user_id = $1", [w.tech.user_id]);
    const { json } = sharedApp(db);
    const body = await (await json("GET", "/api/company/tech_locations", undefined, await signIn(db, w.manager))).json();
    expect(body.data).toEqual([]);
  });

  it("is for managers only, and a manager without a company gets 403 with a detail", async () => {
    const w = await world();
    const loner = await makeUser(db, { role: 2 });
    const { json } = sharedApp(db);
    for (const who of [w.tech, loner]) {
      const res = await json("GET", "/api/company/tech_locations", undefined, await signIn(db, who));
      expect(res.status).toBe(403);
      expect(typeof (await res.json()).detail).toBe("string");
    }
    expect((await json("GET", "/api/company/tech_locations")).status).toBe(401);
  });
});
