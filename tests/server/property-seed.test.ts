// Migration 007 keeps every existing row (each property gets a unit, its issues are attached to it), and the demo
// seed gives the owner a building and a villa, the tenant a unit, a previous tenant, and Gulf Fix a property.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrate } from "../../server/db/db";
import { DEMO, DEMO_PASSWORD, seedIfEmpty } from "../../server/db/seed";
import { blankDb, resetDb, sharedApp, testDb } from "./helpers";

const MIGRATIONS = join(process.cwd(), "server/db/migrations");
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fixit-007-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database migrated up to (not including) 007, in its own schema or memory. */
async function before007(): Promise<Db> {
  for (const f of readdirSync(MIGRATIONS).filter((f) => f < "007")) cpSync(join(MIGRATIONS, f), join(dir, f));
  const url = process.env.DATABASE_URL;
  const schema = `m007_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await blankDb(schema);
  await migrate(db, dir);
  if (!url) return db;
  const close = db.close;
  return { ...db, close: async () => (await db.exec(`drop schema "${schema}" cascade`), close()) };
}

describe("migration 007-places", () => {
  it("keeps every property and issue, gives each property a unit and attaches its issues to it", async () => {
    const db = await before007();
    try {
      const owner = (await db.query<{ user_id: number }>("insert into users (role, name, email) values (0, 'Old Owner', 'old@test.om') returning user_id"))
        .rows[0].user_id;
      const props: number[] = [];
      for (const name of ["Old Tower", "Old Villa"])
        props.push(
          (await db.query<{ property_id: number }>("insert into properties (owner_id, name) values ($1, $2) returning property_id", [owner, name])).rows[0]
            .property_id,
        );
      for (const p of [...props, props[0]]) await db.query("insert into issues (property_id, title) values ($1, 'Old issue')", [p]);

      expect((await migrate(db))[0]).toBe("007-places.sql");
      const rows = (
        await db.query<{ name: string; type: string; units: string[]; issues: number; attached: number }>(
          `select p.name, p.type, array(select u.name from units u where u.property_id = p.property_id) as units,
                  (select count(*)::int from issues i where i.property_id = p.property_id) as issues,
                  (select count(*)::int from issues i join units u on u.unit_id = i.unit_id where u.property_id = p.property_id) as attached
             from properties p order by p.property_id`,
        )
      ).rows;
      expect(rows).toEqual([
        { name: "Old Tower", type: "building", units: ["1"], issues: 2, attached: 2 },
        { name: "Old Villa", type: "building", units: ["1"], issues: 1, attached: 1 },
      ]);
      // Names are unique per owner from now on, whatever the case.
      await expect(db.query("insert into properties (owner_id, name) values ($1, 'OLD TOWER')", [owner])).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});

describe("demo seed", () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDb();
    await resetDb(db);
    await seedIfEmpty(db);
  });
  afterAll(async () => db.close());

  const signInAs = async (email: string) => {
    const res = await sharedApp(db).json("POST", "/api/user/login", { identifier: email, password: DEMO_PASSWORD }, undefined, {
      "x-forwarded-for": `10.5.${Math.random()}`,
    });
    return (await res.json()).access_token as string;
  };
  const list = async (token: string) =>
    (await (await sharedApp(db).json("GET", "/api/property/properties", undefined, token)).json()).data as {
      name: string;
      type: string;
      relation: string;
      company: unknown;
    }[];

  it("the demo's receipts are numbered per issuer in the order their work was finished", async () => {
    const { rows } = await db.query<{ issuer: number; receipt_no: number; finished: string }>(
      "select r.issuer, r.receipt_no, w.created_at::text as finished from receipts r join work_reports w using (issue_id) order by r.issuer, w.created_at",
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const issuer of new Set(rows.map((r) => r.issuer)))
      expect(rows.filter((r) => r.issuer === issuer).map((r) => r.receipt_no)).toEqual(rows.filter((r) => r.issuer === issuer).map((_, i) => i + 1));
  });

  it("the owner has a building with units 101 to 104 and a villa; Gulf Fix runs one of the owner's properties", async () => {
    const token = await signInAs(DEMO.owner.email);
    const mine = await list(token);
    expect(mine.map((p) => [p.name, p.type])).toEqual(
      expect.arrayContaining([
        ["Qurum Heights", "building"],
        ["Villa 48, Al Mouj", "villa"],
      ]),
    );
    const { json } = sharedApp(db);
    const qurum = (await (await json("GET", "/api/property/property?name=Qurum%20Heights", undefined, token)).json()).data;
    expect(qurum.units.map((u: { name: string }) => u.name)).toEqual(["101", "102", "103", "104"]);
    const managed = await list(await signInAs(DEMO.manager.email));
    expect(managed).toHaveLength(1);
    expect(managed[0]).toMatchObject({ relation: "manager" });
    expect(mine.find((p) => p.name === managed[0].name)?.company).toBeTruthy();
    expect(await list(await signInAs("manager2@demo.om"))).toEqual([]);
  });

  it("the tenant rents one unit now, a previous tenant left another, and every seeded issue sits on a unit of its property", async () => {
    const tenant = await list(await signInAs(DEMO.tenant.email));
    expect(tenant).toHaveLength(1);
    expect(tenant[0].relation).toBe("tenant");
    const prev = await (await sharedApp(db).json("GET", "/api/property/prev_tenants", undefined, await signInAs(DEMO.owner.email))).json();
    expect(prev.total).toBe(1);
    expect(prev.data[0].tenant_name).not.toBe(DEMO.tenant.name);
    const loose = await db.query("select i.title from issues i left join units u on u.unit_id = i.unit_id where u.property_id is distinct from i.property_id");
    expect(loose.rows).toEqual([]);
    // The technician's jobs are unchanged and they see the places of their open jobs.
    const techToken = await signInAs(DEMO.technician.email);
    const jobs = await (await sharedApp(db).json("GET", "/api/issue/jobs", undefined, techToken)).json();
    expect(jobs.data.map((j: { title: string }) => j.title)).toContain("Kitchen sink leaking");
    expect((await list(techToken)).every((p) => p.relation === "technician")).toBe(true);
  });

  it("the demo tenant has a repair waiting for her: done yesterday, to confirm and rate, first on her open list", async () => {
    const open = await (await sharedApp(db).json("GET", "/api/issue/issues?status=open", undefined, await signInAs(DEMO.tenant.email))).json();
    const [first] = open.data;
    expect(first).toMatchObject({ title: "Kitchen tap dripping", stage: "completed", issue_status: 1 });
    expect(first.actions).toEqual(expect.arrayContaining(["confirm", "reopen"]));
    expect(first.visit).toBeTruthy();
    // Her repair's work report, without prices for her.
    expect(first.work_report).toMatchObject({ minutes: 45, parts: [{ name: "Mixer tap cartridge 35 mm", qty: 1 }, { qty: 2 }] });
    expect(JSON.stringify(first.work_report)).not.toMatch(/price|amount/);
  });

  it("finished repairs have their work report, start before completion and, once closed, a rating (issue 12)", async () => {
    const { rows } = await db.query<{ title: string; stage: string; ordered: boolean; rated: boolean; report: boolean; parts: number; confirmed: number }>(
      `select i.title, i.stage, i.started_at < i.completed_at and i.completed_at = w.created_at and (i.closed_at is null or i.completed_at < i.closed_at) as ordered,
              i.rating between 4 and 5 as rated, w.issue_id is not null as report,
              (select count(*)::int from work_report_parts p where p.issue_id = i.issue_id) as parts,
              (select count(*)::int from issue_events e where e.issue_id = i.issue_id and e.kind = 'confirm') as confirmed
         from issues i left join work_reports w on w.issue_id = i.issue_id
        where i.stage in ('completed', 'closed') order by i.issue_id`,
    );
    expect(rows.map((r) => r.title)).toEqual(["Balcony door lock repaired", "Water heater replaced", "Kitchen tap dripping"]);
    for (const r of rows) {
      expect(r, r.title).toMatchObject({ ordered: true, report: true, confirmed: r.stage === "closed" ? 1 : 0 });
      expect(r.parts, r.title).toBeGreaterThan(0);
      expect(r.rated, r.title).toBe(r.stage === "closed" ? true : null);
    }
  });

  it("every repair given to the technician has its assign and accept moves in order, by who would make them", async () => {
    const { rows } = await db.query<{ title: string; kinds: string[]; assigner: string }>(
      `select i.title, array_agg(e.kind order by e.created_at, e.event_id) as kinds,
              (select u.role::text from issue_events a join users u on u.user_id = a.actor_id where a.issue_id = i.issue_id and a.kind = 'assign') as assigner
         from issues i join issue_events e on e.issue_id = i.issue_id where i.assigned_tech_id is not null group by i.issue_id, i.title order by i.issue_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.kinds.slice(0, 3), r.title).toEqual(["reported", "assign", "accept"]);
      // The owner (role 0) assigns in a property no company runs, a manager (role 2) in one a company runs.
      expect(["0", "2"], r.title).toContain(r.assigner);
    }
    expect(rows.find((r) => r.title === "Front gate motor stuck")?.kinds).toEqual(["reported", "assign", "accept"]);
  });

  // Bug: the villa's seeded issue had issue_type 1 (SPEC.md's "Apartment") where a report through the app gives 0.
  it("seeds each issue's issue_type as a report through the app sets it, and sends the property's type with the issue", async () => {
    const { rows } = await db.query<{ title: string; type: string; issue_type: number }>(
      "select i.title, p.type, i.issue_type from issues i join properties p using (property_id) order by i.issue_id",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.issue_type, r.title).toBe(r.type === "building" ? 1 : 0);
    const villa = rows.find((r) => r.title === "Garden tap leaking");
    expect(villa).toMatchObject({ type: "villa", issue_type: 0 });
    const open = await (await sharedApp(db).json("GET", "/api/issue/issues?status=open", undefined, await signInAs(DEMO.owner.email))).json();
    const card = open.data.find((i: { title: string }) => i.title === "Garden tap leaking");
    expect(card).toMatchObject({ issue_type: 0, property_type: "villa" });
    expect(open.data.find((i: { title: string }) => i.title === "Kitchen sink leaking")).toMatchObject({ issue_type: 1, property_type: "building" });
  });

  // Bug: the seed wrote no notification at all: the owner heard nothing of the repair completed at their building.
  it("notifies as the seeded moves would have: the owner and the tenant of the completed repair, unread; nobody of their own move", async () => {
    const notes = async (email: string) => {
      const body = await (await sharedApp(db).json("GET", "/api/notification/notifications", undefined, await signInAs(email))).json();
      return body as { unread: number; data: { kind: string; issue_id: number; params: { title: string }; read_at: string | null }[] };
    };
    const titled = (list: Awaited<ReturnType<typeof notes>>, kind: string, title: string) => list.data.find((n) => n.kind === kind && n.params.title === title);
    const owner = await notes(DEMO.owner.email);
    expect(titled(owner, "completed", "Kitchen tap dripping")).toMatchObject({ read_at: null });
    expect(owner.unread).toBeGreaterThan(0);
    // The owner's own repair: the technician's moves reach them; their own confirmation does not.
    expect(titled(owner, "completed", "Water heater replaced")?.read_at).toBeTruthy();
    expect(titled(owner, "confirmed", "Water heater replaced")).toBeUndefined();
    const tenant = await notes(DEMO.tenant.email);
    expect(titled(tenant, "completed", "Kitchen tap dripping")).toMatchObject({ read_at: null });
    expect(titled(tenant, "reported", "Bathroom fan not working")).toBeUndefined();
    const manager = await notes(DEMO.manager.email);
    expect(titled(manager, "reported", "Bathroom fan not working")).toBeTruthy();
    expect(titled(await notes(DEMO.freelance.email), "offer", "Garden tap leaking")).toBeTruthy();
    expect(titled(await notes(DEMO.technician.email), "assigned", "Kitchen sink leaking")).toBeTruthy();
    // Each at the time of its move (or a reminder between the agreed visit and the start); none waits to be pushed or mailed.
    const { rows } = await db.query<{ kind: string; matched: boolean; pending: boolean }>(
      `select n.kind, exists (select 1 from issue_events e where e.issue_id = n.issue_id and e.created_at = n.created_at)
                      or (n.kind like 'reminder%' and n.created_at > i.acknowledged_at and n.created_at < i.started_at) as matched,
              n.push_state <> 'none' or n.mail_state <> 'none' as pending
         from notifications n join issues i using (issue_id)`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !r.matched || r.pending)).toEqual([]);
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["reminder_24h", "reminder_1h", "scheduled", "on_the_way", "confirmed"]));
  });

  // Bug (seen on a phone not on Muscat time, and by the UTC date): a tenant's slot fell a day before the visit chosen
  // from it. Every seeded timeline runs in order, and the work is done within the agreed visit, by Muscat's clock.
  it("runs every seeded timeline in order, the work within the agreed visit, and the chosen slot is the tenant's", async () => {
    const { rows } = await db.query<{ title: string; kinds: string[]; ordered: boolean; within: boolean | null; slot: boolean | null }>(
      `select i.title, array_agg(e.kind order by e.created_at, e.event_id) as kinds,
              array_agg(e.event_id order by e.created_at, e.event_id) = array_agg(e.event_id order by e.event_id) as ordered,
              case when i.started_at is null then null
                   else (i.visit_date + i.visit_from) at time zone 'Asia/Muscat' <= i.started_at
                        and i.started_at < i.completed_at and i.completed_at <= (i.visit_date + i.visit_to) at time zone 'Asia/Muscat'
                        and i.acknowledged_at < (i.visit_date + i.visit_from) at time zone 'Asia/Muscat' end as within,
              case when not exists (select 1 from issue_availability a where a.issue_id = i.issue_id) or i.visit_date is null then null
                   else exists (select 1 from issue_availability a where a.issue_id = i.issue_id and a.date = i.visit_date and a.time_from = i.visit_from) end as slot
         from issues i join issue_events e using (issue_id) group by i.issue_id order by i.issue_id`,
    );
    for (const r of rows) {
      expect(r.ordered, r.title).toBe(true);
      expect(r.within, r.title).not.toBe(false);
      expect(r.slot, r.title).not.toBe(false);
    }
    expect(rows.find((r) => r.title === "Water heater replaced")).toMatchObject({ within: true, slot: true });
  });

  it("the demo manager has one repair to assign, and the independent technician one offer", async () => {
    const unassigned = await (
      await sharedApp(db).json("GET", "/api/issue/issues?scope=company&stage=reported", undefined, await signInAs(DEMO.manager.email))
    ).json();
    expect(unassigned.data.map((i: { title: string }) => i.title)).toEqual(["Bathroom fan not working"]);
    expect(unassigned.data[0].actions).toContain("assign");
    const offers = await (await sharedApp(db).json("GET", "/api/issue/offers", undefined, await signInAs(DEMO.freelance.email))).json();
    expect(offers.data.map((i: { title: string; name: string }) => [i.title, i.name])).toEqual([["Garden tap leaking", "Villa 48, Al Mouj"]]);
    expect(offers.data[0].actions).toContain("accept");
  });
});
