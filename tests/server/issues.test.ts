import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { seedIfEmpty } from "../../server/db/seed";
import { createSession } from "../../server/lib/auth";
import { resetDb, testApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => {
  await resetDb(db);
  await seedIfEmpty(db);
});

const STATE_FIELDS = [
  "issue_id", "title", "issue_type", "desc", "issue_status", "created_at", "property_id", "name", "addres", "addrs", "location", "images",
  "issue_images", "issue_videos", "available", "creater_name", "creater_mob_no", "creater_profile", "priority", "prop_images",
].sort();

async function tokenFor(email: string) {
  const { rows } = await db.query<{ user_id: number }>("select user_id from users where email = $1", [email]);
  return createSession(db, rows[0].user_id);
}
async function issueId(title: string) {
  const { rows } = await db.query<{ issue_id: number }>("select issue_id from issues where title = $1", [title]);
  return rows[0].issue_id;
}
/** A second company with its own technician and manager. */
async function otherCompany() {
  const c = await db.query<{ company_id: number }>("insert into companies (name) values ('Other Co') returning company_id");
  const id = c.rows[0].company_id;
  await db.query("insert into users (role, name, email, mob_no, company_id, got_email_mob) values (1, 'Other Tech', 'tech2@x.om', '92000001', $1, 1), (2, 'Other Mgr', 'mgr2@x.om', '92000002', $1, 1)", [id]);
  return { tech: await tokenFor("tech2@x.om"), manager: await tokenFor("mgr2@x.om") };
}
const slotsOf = async (id: number) =>
  (
    await db.query<{ date: string; time_from: string; time_to: string }>(
      "select to_char(date, 'YYYY-MM-DD') as date, to_char(time_from, 'HH24:MI') as time_from, to_char(time_to, 'HH24:MI') as time_to from issue_tech_slots where issue_id = $1 order by slot_id",
      [id],
    )
  ).rows;

describe("GET /api/issue/jobs", () => {
  it("lists the technician's open issues newest first, each with exactly the state fields", async () => {
    const { json } = testApp(db);
    const res = await json("GET", "/api/issue/jobs?status=open&page_num=1", undefined, await tokenFor("tech@demo.om"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe(1);
    expect(body.total).toBe(4);
    expect(body.data.map((i: { title: string }) => i.title)).toEqual(["Kitchen sink leaking", "Air conditioner not cooling", "Bathroom light flickering", "Front gate motor stuck"]);
    const sink = body.data[0];
    expect(Object.keys(sink).sort()).toEqual(STATE_FIELDS);
    expect(sink.addrs).toMatchObject({ block: "Block 215", street: "Way 2734", city: "Muscat", country: "Oman" });
    expect(sink.location.lat).toBeCloseTo(23.6139);
    expect(sink.issue_images.map((m: { file_name: string }) => m.file_name)).toEqual(["sink-leak-1.png", "sink-leak-2.jpg", "sink-leak-3.gif"]);
    expect(sink.issue_videos).toEqual([{ file_name: "sink-leak.mp4", path: "demo/sink-leak.mp4" }]);
    expect(sink.available).toHaveLength(3);
    expect(sink.available[0]).toMatchObject({ time_from: "09:00", time_to: "11:00" });
    expect(sink.available[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sink.creater_name).toBe("Salim Al Harthy");
    expect(sink.creater_mob_no).toBe("+96891000001");
    expect(sink.prop_images).toEqual([{ path: "demo/qurum-heights.svg" }]);
    expect(new Date(sink.created_at).getTime()).toBeGreaterThan(Date.now() - 3 * 86_400_000);
  });

  it("lists closed issues on the closed tab", async () => {
    const { json } = testApp(db);
    const body = await (await json("GET", "/api/issue/jobs?status=closed", undefined, await tokenFor("tech@demo.om"))).json();
    expect(body.total).toBe(2);
    expect(body.data.every((i: { issue_status: number }) => i.issue_status === 1)).toBe(true);
  });

  it("pages ten at a time", async () => {
    const { json } = testApp(db);
    await db.query(
      `insert into issues (property_id, creator_id, title, assigned_tech_id, created_at)
       select (select min(property_id) from properties), null, 'Extra ' || n, (select user_id from users where email = 'tech@demo.om'), now() - make_interval(days => 30 + n)
         from generate_series(1, 13) n`,
    );
    const token = await tokenFor("tech@demo.om");
    const p1 = await (await json("GET", "/api/issue/jobs?status=open&page_num=1", undefined, token)).json();
    const p2 = await (await json("GET", "/api/issue/jobs?status=open&page_num=2", undefined, token)).json();
    expect(p1.total).toBe(17);
    expect(p1.data).toHaveLength(10);
    expect(p2.data).toHaveLength(7);
    expect(p2.data.at(-1).title).toBe("Extra 13");
    expect(new Set([...p1.data, ...p2.data].map((i: { issue_id: number }) => i.issue_id)).size).toBe(17);
  });

  it("shows a manager their company's technicians' issues, another company's technician none", async () => {
    const { json } = testApp(db);
    const mgr = await (await json("GET", "/api/issue/jobs?status=open", undefined, await tokenFor("manager@demo.om"))).json();
    expect(mgr.total).toBe(4);
    const other = await otherCompany();
    const none = await (await json("GET", "/api/issue/jobs?status=open", undefined, other.tech)).json();
    expect(none).toEqual({ status: 1, total: 0, data: [] });
  });

  it("refuses customers (403), strangers (401) and a bad status (422)", async () => {
    const { json } = testApp(db);
    expect((await json("GET", "/api/issue/jobs", undefined, await tokenFor("owner@demo.om"))).status).toBe(403);
    expect((await json("GET", "/api/issue/jobs")).status).toBe(401);
    expect((await json("GET", "/api/issue/jobs?status=maybe", undefined, await tokenFor("tech@demo.om"))).status).toBe(422);
  });
});

describe("GET /api/issue/issue", () => {
  it("answers one issue for the assigned technician", async () => {
    const { json } = testApp(db);
    const id = await issueId("Front gate motor stuck");
    const res = await json("GET", `/api/issue/issue?issue_id=${id}`, undefined, await tokenFor("tech@demo.om"));
    expect(res.status).toBe(200);
    const { status, data } = await res.json();
    expect(status).toBe(1);
    expect(Object.keys(data).sort()).toEqual(STATE_FIELDS);
    expect(data).toMatchObject({ issue_id: id, name: "Ruwi Townhouse", issue_type: 2, available: [], issue_images: [], addres: "" });
  });

  it("answers 404 for an unknown issue and 403 for another technician", async () => {
    const { json } = testApp(db);
    expect((await json("GET", "/api/issue/issue?issue_id=99999", undefined, await tokenFor("tech@demo.om"))).status).toBe(404);
    const other = await otherCompany();
    const res = await json("GET", `/api/issue/issue?issue_id=${await issueId("Kitchen sink leaking")}`, undefined, other.tech);
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toBeTruthy();
  });

  it("lets the customer who reported the issue read it", async () => {
    const { json } = testApp(db);
    const res = await json("GET", `/api/issue/issue?issue_id=${await issueId("Kitchen sink leaking")}`, undefined, await tokenFor("owner@demo.om"));
    expect(res.status).toBe(200);
  });
});

describe("PUT /api/issue/issue", () => {
  const put = async (id: number, body: unknown, token: string) => testApp(db).json("PUT", `/api/issue/issue?issue_id=${id}`, body, token);

  it("stores the one chosen tenant slot and records the acknowledgement", async () => {
    const id = await issueId("Kitchen sink leaking");
    const tech = await tokenFor("tech@demo.om");
    const issue = (await (await testApp(db).json("GET", `/api/issue/issue?issue_id=${id}`, undefined, tech)).json()).data;
    const chosen = issue.available[1];
    const res = await put(id, { tech_available: [chosen] }, tech);
    expect(res.status).toBe(200);
    expect(await slotsOf(id)).toEqual([chosen]);
    const { rows } = await db.query<{ acknowledged_at: Date | null }>("select acknowledged_at from issues where issue_id = $1", [id]);
    expect(rows[0].acknowledged_at).not.toBeNull();
  });

  it("requires exactly one of the tenant's slots when the tenant gave some", async () => {
    const id = await issueId("Kitchen sink leaking");
    const tech = await tokenFor("tech@demo.om");
    const { available } = (await (await testApp(db).json("GET", `/api/issue/issue?issue_id=${id}`, undefined, tech)).json()).data;
    for (const body of [{ tech_available: available.slice(0, 2) }, { tech_available: [{ date: "2030-01-01", time_from: "09:00", time_to: "10:00" }] }]) {
      const res = await put(id, body, tech);
      expect(res.status).toBe(422);
      expect((await res.json()).detail).toBe("Please select an availability.");
    }
    expect((await put(id, { tech_available: [] }, tech)).status).toBe(422);
    expect(await slotsOf(id)).toEqual([]);
  });

  it("takes every entered slot when the tenant gave none, replacing an earlier acknowledgement", async () => {
    const id = await issueId("Air conditioner not cooling");
    const tech = await tokenFor("tech@demo.om");
    const two = [
      { date: "2030-03-04", time_from: "09:00", time_to: "10:30" },
      { date: "2030-03-05", time_from: "16:00", time_to: "18:00" },
    ];
    expect((await put(id, { tech_available: two }, tech)).status).toBe(200);
    expect(await slotsOf(id)).toEqual(two);
    expect((await put(id, { tech_available: [two[1]] }, tech)).status).toBe(200);
    expect(await slotsOf(id)).toEqual([two[1]]);
  });

  it("rejects bad dates, bad times and a start after the end, storing nothing", async () => {
    const id = await issueId("Air conditioner not cooling");
    const tech = await tokenFor("tech@demo.om");
    for (const slot of [
      { date: "2030-02-30", time_from: "09:00", time_to: "10:00" },
      { date: "03/04/2030", time_from: "09:00", time_to: "10:00" },
      { date: "2030-03-04", time_from: "9am", time_to: "10:00" },
      { date: "2030-03-04", time_from: "11:00", time_to: "10:00" },
      { date: "2030-03-04", time_from: "10:00", time_to: "10:00" },
      { date: "2030-03-04", time_from: "10:00" },
    ]) {
      const res = await put(id, { tech_available: [slot] }, tech);
      expect(res.status, JSON.stringify(slot)).toBe(422);
      expect((await res.json()).errors).toBeTruthy();
    }
    expect((await put(id, "not json", tech)).status).toBe(400);
    expect(await slotsOf(id)).toEqual([]);
  });

  it("lets a manager of the technician's company acknowledge, and nobody else", async () => {
    const id = await issueId("Air conditioner not cooling");
    const slot = { date: "2030-03-04", time_from: "09:00", time_to: "10:30" };
    const other = await otherCompany();
    expect((await put(id, { tech_available: [slot] }, other.tech)).status).toBe(403);
    expect((await put(id, { tech_available: [slot] }, other.manager)).status).toBe(403);
    expect((await put(id, { tech_available: [slot] }, await tokenFor("owner@demo.om"))).status).toBe(403);
    expect(await slotsOf(id)).toEqual([]);
    expect((await put(id, { tech_available: [slot] }, await tokenFor("manager@demo.om"))).status).toBe(200);
    expect(await slotsOf(id)).toEqual([slot]);
  });

  it("answers 409 for a closed issue and 404 for an unknown one", async () => {
    const tech = await tokenFor("tech@demo.om");
    const slot = { date: "2030-03-04", time_from: "09:00", time_to: "10:30" };
    const closed = await put(await issueId("Balcony door lock repaired"), { tech_available: [slot] }, tech);
    expect(closed.status).toBe(409);
    expect((await put(424242, { tech_available: [slot] }, tech)).status).toBe(404);
    expect((await testApp(db).json("PUT", "/api/issue/issue?issue_id=abc", { tech_available: [slot] }, tech)).status).toBe(422);
  });
});
