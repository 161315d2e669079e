import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clock } from "../../server/lib/clock";
import type { Db } from "../../server/db/db";
import { makeCompany, makeIssue, makeProperty, makeUser, signIn } from "./factories";
import { resetDb, sharedApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => resetDb(db));

const STATE_FIELDS = [
  "issue_id",
  "title",
  "issue_type",
  "desc",
  "issue_status",
  "created_at",
  "property_id",
  "name",
  "addres",
  "addrs",
  "location",
  "images",
  "issue_images",
  "issue_videos",
  "available",
  "creater_name",
  "creater_mob_no",
  "creater_profile",
  "priority",
  "prop_images",
  // The property's type, which the badge names (a villa's issue said "Apartment").
  "property_type",
  // Issue 9: what the technician acknowledged travels with every issue.
  "tech_available",
  "acknowledged_at",
  // Issue 11 (D20): the stage, the caller's actions, the agreed visit and the report's parts.
  "stage",
  "actions",
  "visit",
  "category",
  "emergency",
  "presence",
  "unit_id",
  "unit_name",
  "access_notes",
  "tech_id",
  "tech_name",
  "tech_mob_no",
  "completed_at",
  "rating",
  "rating_comment",
  "cancel_reason",
  // Why a reopened repair is being worked on again (null otherwise).
  "reopen_reason",
  "updated_at",
  // Issue 12: the job's start, its hold, and the photos of the finished work.
  "started_at",
  "held_at",
  "hold_reason",
  "after_images",
  // Issue 12: the work report once completed (null before), prices only for those who may see them.
  "work_report",
  // Issue 12: offered to independent technicians and not yet taken.
  "offered",
  // Report again: this issue came back after an earlier one, and the links either way (for those who may open them).
  "repeat",
  "again_of",
  "reported_again",
  // Whether the caller reported it.
  "mine",
].sort();

const SLOTS = [
  { date: "2030-03-04", time_from: "09:00", time_to: "11:00" },
  { date: "2030-03-05", time_from: "13:00", time_to: "15:00" },
  { date: "2030-03-06", time_from: "16:00", time_to: "18:00" },
];

/** A company with a technician and a manager, a customer who owns a property, and tokens for each. */
async function world() {
  const company = await makeCompany(db);
  const tech = await makeUser(db, { role: 1, company_id: company.company_id });
  const manager = await makeUser(db, { role: 2, company_id: company.company_id });
  const owner = await makeUser(db, { role: 0, name: "Salim Al Harthy", mob_no: "91000001" });
  const property = await makeProperty(db, { owner_id: owner.user_id, name: "Qurum Heights" });
  return {
    company,
    tech,
    manager,
    owner,
    property,
    techToken: await signIn(db, tech),
    managerToken: await signIn(db, manager),
    ownerToken: await signIn(db, owner),
  };
}
/** A second company with its own technician and manager. */
async function otherCompany() {
  const company = await makeCompany(db, { name: "Other Co" });
  return {
    tech: await signIn(db, await makeUser(db, { role: 1, company_id: company.company_id })),
    manager: await signIn(db, await makeUser(db, { role: 2, company_id: company.company_id })),
  };
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
    const w = await world();
    const titles = ["Front gate motor stuck", "Bathroom light flickering", "Air conditioner not cooling", "Kitchen sink leaking"];
    let last = 0;
    for (const [i, title] of titles.entries())
      last = (
        await makeIssue(db, {
          title,
          property_id: w.property.property_id,
          creator_id: w.owner.user_id,
          assigned_tech_id: w.tech.user_id,
          created_at: new Date(Date.UTC(2026, 10, 1 + i)),
          slots: i === 3 ? SLOTS : [],
        })
      ).issue_id;
    await makeIssue(db, { title: "Closed one", assigned_tech_id: w.tech.user_id, issue_status: 1 });
    await makeIssue(db, { title: "Someone else's", assigned_tech_id: (await makeUser(db, { role: 1 })).user_id });
    await db.query("update properties set block = 'Block 215', street = 'Way 2734' where property_id = $1", [w.property.property_id]);
    await db.query("insert into property_images (property_id, path) values ($1, 'demo/qurum-heights.svg')", [w.property.property_id]);
    await db.query(
      "insert into issue_media (issue_id, kind, file_name, path, position) values ($1, 'image', 'a.png', 'x/a.png', 0), ($1, 'image', 'b.jpg', 'x/b.jpg', 1), ($1, 'video', 'c.mp4', 'x/c.mp4', 2)",
      [last],
    );

    const { json } = sharedApp(db);
    const res = await json("GET", "/api/issue/jobs?status=open&page_num=1", undefined, w.techToken);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe(1);
    expect(body.total).toBe(4);
    expect(body.data.map((i: { title: string }) => i.title)).toEqual([...titles].reverse());
    const sink = body.data[0];
    expect(Object.keys(sink).sort()).toEqual(STATE_FIELDS);
    expect(sink.addrs).toMatchObject({ block: "Block 215", street: "Way 2734", city: "Muscat", country: "Oman" });
    expect(sink.location.lat).toBeCloseTo(23.6);
    expect(sink.issue_images.map((m: { file_name: string }) => m.file_name)).toEqual(["a.png", "b.jpg"]);
    expect(sink.issue_videos).toEqual([{ media_id: expect.any(Number), file_name: "c.mp4", path: "x/c.mp4" }]);
    expect(sink.available).toEqual(SLOTS);
    expect(sink.creater_name).toBe("Salim Al Harthy");
    expect(sink.creater_mob_no).toBe("+96891000001");
    expect(sink.prop_images).toEqual([{ path: "demo/qurum-heights.svg" }]);
    expect(sink.created_at).toBe("2026-11-04T00:00:00.000Z");
    expect(sink.tech_available).toEqual([]);
    expect(sink.acknowledged_at).toBeNull();
  });

  it("lists closed issues on the closed tab", async () => {
    const w = await world();
    for (const issue_status of [1, 1, 0] as const) await makeIssue(db, { assigned_tech_id: w.tech.user_id, issue_status });
    const { json } = sharedApp(db);
    const body = await (await json("GET", "/api/issue/jobs?status=closed", undefined, w.techToken)).json();
    expect(body.total).toBe(2);
    expect(body.data.every((i: { issue_status: number }) => i.issue_status === 1)).toBe(true);
  });

  it("pages ten at a time", async () => {
    const w = await world();
    for (let n = 1; n <= 17; n++)
      await makeIssue(db, { title: `Extra ${n}`, assigned_tech_id: w.tech.user_id, created_at: new Date(Date.UTC(2026, 0, 30 - n)) });
    const { json } = sharedApp(db);
    const p1 = await (await json("GET", "/api/issue/jobs?status=open&page_num=1", undefined, w.techToken)).json();
    const p2 = await (await json("GET", "/api/issue/jobs?status=open&page_num=2", undefined, w.techToken)).json();
    expect(p1.total).toBe(17);
    expect(p1.data).toHaveLength(10);
    expect(p2.data).toHaveLength(7);
    expect(p2.data.at(-1).title).toBe("Extra 17");
    expect(new Set([...p1.data, ...p2.data].map((i: { issue_id: number }) => i.issue_id)).size).toBe(17);
  });

  it.each(["0", "-1", "abc", "1.5", ""])("answers 422 for page_num=%s, as the staff list does (one page rule for every list)", async (n) => {
    const w = await world();
    const res = await sharedApp(db).json("GET", `/api/issue/jobs?status=open&page_num=${n}`, undefined, w.techToken);
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toContain("page_num");
    const staff = await sharedApp(db).json("GET", `/api/company/staffs?page_num=${n}`, undefined, w.managerToken);
    expect(staff.status).toBe(422);
  });

  it("treats a missing page_num as the first page", async () => {
    const w = await world();
    await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    const body = await (await sharedApp(db).json("GET", "/api/issue/jobs", undefined, w.techToken)).json();
    expect(body.data).toHaveLength(1);
  });

  it("shows a manager their company's technicians' issues, another company's technician none", async () => {
    const w = await world();
    for (let i = 0; i < 3; i++) await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    const { json } = sharedApp(db);
    const mgr = await (await json("GET", "/api/issue/jobs?status=open", undefined, w.managerToken)).json();
    expect(mgr.total).toBe(3);
    const other = await otherCompany();
    const none = await (await json("GET", "/api/issue/jobs?status=open", undefined, other.tech)).json();
    expect(none).toEqual({ status: 1, total: 0, data: [] });
  });

  it("refuses customers (403), strangers (401) and a bad status (422)", async () => {
    const w = await world();
    const { json } = sharedApp(db);
    expect((await json("GET", "/api/issue/jobs", undefined, w.ownerToken)).status).toBe(403);
    expect((await json("GET", "/api/issue/jobs")).status).toBe(401);
    expect((await json("GET", "/api/issue/jobs?status=maybe", undefined, w.techToken)).status).toBe(422);
  });
});

describe("GET /api/issue/issue", () => {
  it("answers one issue for the assigned technician", async () => {
    const w = await world();
    const { issue_id } = await makeIssue(db, { property_id: w.property.property_id, assigned_tech_id: w.tech.user_id });
    const res = await sharedApp(db).json("GET", `/api/issue/issue?issue_id=${issue_id}`, undefined, w.techToken);
    expect(res.status).toBe(200);
    const { status, data } = await res.json();
    expect(status).toBe(1);
    expect(Object.keys(data).sort()).toEqual(STATE_FIELDS);
    expect(data).toMatchObject({ issue_id, name: "Qurum Heights", available: [], issue_images: [], addres: "", tech_available: [], acknowledged_at: null });
  });

  it("answers another company's issue exactly as a missing one: 404 'This issue does not exist.'", async () => {
    const w = await world();
    const { issue_id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    const other = await otherCompany();
    const { json } = sharedApp(db);
    const missing = await json("GET", "/api/issue/issue?issue_id=99999", undefined, other.tech);
    const foreign = await json("GET", `/api/issue/issue?issue_id=${issue_id}`, undefined, other.tech);
    expect([missing.status, foreign.status]).toEqual([404, 404]);
    expect(await foreign.json()).toEqual(await missing.json());
    expect((await json("GET", `/api/issue/issue?issue_id=${issue_id}`, undefined, other.manager)).status).toBe(404);
  });

  it("lets the customer who reported the issue read it", async () => {
    const w = await world();
    const { issue_id } = await makeIssue(db, { creator_id: w.owner.user_id, assigned_tech_id: w.tech.user_id });
    expect((await sharedApp(db).json("GET", `/api/issue/issue?issue_id=${issue_id}`, undefined, w.ownerToken)).status).toBe(200);
  });
});

describe("PUT /api/issue/issue", () => {
  // The server's clock a little before the slots of March 2030: ahead of it, and within the 180 days a visit may be offered.
  beforeEach(() => clock.set(Date.parse("2030-02-20T06:00:00Z")));
  afterEach(() => clock.set());

  const put = async (id: number, body: unknown, token: string) => sharedApp(db).json("PUT", `/api/issue/issue?issue_id=${id}`, body, token);

  it("stores the one chosen tenant slot and records the acknowledgement", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id, slots: SLOTS });
    const res = await put(id, { tech_available: [SLOTS[1]] }, w.techToken);
    expect(res.status).toBe(200);
    expect(await slotsOf(id)).toEqual([SLOTS[1]]);
    const { rows } = await db.query<{ acknowledged_at: Date | null }>("select acknowledged_at from issues where issue_id = $1", [id]);
    expect(rows[0].acknowledged_at).not.toBeNull();
  });

  it("after acknowledging, every issue the server sends shows it: tech_available and acknowledged_at", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { creator_id: w.owner.user_id, assigned_tech_id: w.tech.user_id, slots: SLOTS });
    const before = Date.now();
    expect((await put(id, { tech_available: [SLOTS[2]] }, w.techToken)).status).toBe(200);
    const { json } = sharedApp(db);
    const one = (await (await json("GET", `/api/issue/issue?issue_id=${id}`, undefined, w.ownerToken)).json()).data;
    expect(one.tech_available).toEqual([SLOTS[2]]);
    expect(one.acknowledged_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(one.acknowledged_at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const listed = (await (await json("GET", "/api/issue/jobs", undefined, w.managerToken)).json()).data[0];
    expect(listed).toMatchObject({ issue_id: id, tech_available: [SLOTS[2]], acknowledged_at: one.acknowledged_at });
  });

  it("requires exactly one of the tenant's slots when the tenant gave some", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id, slots: SLOTS });
    for (const body of [{ tech_available: SLOTS.slice(0, 2) }, { tech_available: [{ date: "2030-01-01", time_from: "09:00", time_to: "10:00" }] }]) {
      const res = await put(id, body, w.techToken);
      expect(res.status).toBe(422);
      expect((await res.json()).detail).toBe("Please select an availability.");
    }
    expect((await put(id, { tech_available: [] }, w.techToken)).status).toBe(422);
    expect(await slotsOf(id)).toEqual([]);
  });

  it("refuses the same time proposed twice, in the caller's language, and stores nothing", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    const res = await sharedApp(db).json("PUT", `/api/issue/issue?issue_id=${id}`, { tech_available: [SLOTS[0], { ...SLOTS[0] }] }, w.techToken, {
      "accept-language": "ar",
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toBe("لا يمكن اقتراح الموعد نفسه أكثر من مرة.");
    expect(await slotsOf(id)).toEqual([]);
  });

  it("takes every entered slot when the tenant gave none, replacing an earlier acknowledgement", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    const two = SLOTS.slice(0, 2);
    expect((await put(id, { tech_available: two }, w.techToken)).status).toBe(200);
    expect(await slotsOf(id)).toEqual(two);
    expect((await put(id, { tech_available: [two[1]] }, w.techToken)).status).toBe(200);
    expect(await slotsOf(id)).toEqual([two[1]]);
  });

  it("rejects bad dates, bad times and a start after the end, storing nothing", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    for (const slot of [
      { date: "2030-02-30", time_from: "09:00", time_to: "10:00" },
      { date: "03/04/2030", time_from: "09:00", time_to: "10:00" },
      { date: "2030-03-04", time_from: "9am", time_to: "10:00" },
      { date: "2030-03-04", time_from: "11:00", time_to: "10:00" },
      { date: "2030-03-04", time_from: "10:00", time_to: "10:00" },
      { date: "2030-03-04", time_from: "10:00" },
    ]) {
      const res = await put(id, { tech_available: [slot] }, w.techToken);
      expect(res.status, JSON.stringify(slot)).toBe(422);
      expect((await res.json()).errors).toBeTruthy();
    }
    expect((await put(id, "not json", w.techToken)).status).toBe(400);
    expect(await slotsOf(id)).toEqual([]);
  });

  it("lets a manager of the technician's company acknowledge; another company gets the 404 of a missing issue", async () => {
    const w = await world();
    const { issue_id: id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id });
    const slot = SLOTS[0];
    const other = await otherCompany();
    const missing = await put(424242, { tech_available: [slot] }, other.tech);
    for (const token of [other.tech, other.manager]) {
      const res = await put(id, { tech_available: [slot] }, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(await missing.clone().json());
    }
    expect((await put(id, { tech_available: [slot] }, w.ownerToken)).status).toBe(403);
    expect(await slotsOf(id)).toEqual([]);
    expect((await put(id, { tech_available: [slot] }, w.managerToken)).status).toBe(200);
    expect(await slotsOf(id)).toEqual([slot]);
  });

  it("answers 409 for a closed issue and 404 for an unknown one", async () => {
    const w = await world();
    const { issue_id } = await makeIssue(db, { assigned_tech_id: w.tech.user_id, issue_status: 1 });
    const slot = SLOTS[0];
    expect((await put(issue_id, { tech_available: [slot] }, w.techToken)).status).toBe(409);
    expect((await put(424242, { tech_available: [slot] }, w.techToken)).status).toBe(404);
    expect((await sharedApp(db).json("PUT", "/api/issue/issue?issue_id=abc", { tech_available: [slot] }, w.techToken)).status).toBe(422);
  });
});
