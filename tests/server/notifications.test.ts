// Notifications (issue 13, D22): every event of an issue reaches exactly its people and nobody else (not a tenant of
// another unit of the same building, not a former tenant, not another company, not a disabled account), never the one
// who acted; the settings silence a channel; the list, the unread count, marking one or all read, and another user's
// notification answering 404. The expectations are written from the plan's table of recipients (D22), not read from
// server/notifications/notify.ts.
import { describe, expect, it } from "vitest";
import { MAIL_KINDS, KINDS_BY_ROLE, NOTIFICATIONS_PAGE_SIZE } from "../../src/contract/notifications";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { notify } from "../../server/notifications/notify";
import { makeIssue, makeProperty, makeTenancy, makeUnit, makeUser, signIn } from "./factories";
import { testApp } from "./helpers";
import { HOUR, NOW, repairSuite, repairWorld, report, S1, S2, S3 } from "./repair-helpers";

let db: Db;
repairSuite((d) => (db = d));

const AR = { "accept-language": "ar" };
const PLUMBING = 1;

/**
 * The repair world (a building run by Gulf Fix: owner, tenant of 101, neighbour in 102, Gulf Fix's manager and
 * technicians, another company, a stranger) with a second Gulf Fix manager, a disabled one, a former tenant of 101, and
 * a villa no company runs with its tenant and two independent technicians: one whose area covers it, one far away.
 */
async function world() {
  const w = await repairWorld(db);
  await db.query("update users set skills = $2 where user_id = any($1)", [[w.tech.user_id, w.tech2.user_id], [PLUMBING]]);
  const manager2 = await makeUser(db, { role: 2, company_id: w.gulf.company_id, name: "Second Manager" });
  const goneManager = await makeUser(db, { role: 2, company_id: w.gulf.company_id, name: "Gone Manager", disabled: true });
  const formerTenant = await makeUser(db, { role: 3, name: "Moved Out" });
  await makeTenancy(db, { unit_id: w.u101.unit_id, tenant_id: formerTenant.user_id, ended: true });
  const villa = await makeProperty(db, { owner_id: w.owner.user_id, company_id: null, name: "Villa 48", type: "villa" });
  const villaUnit = await makeUnit(db, { property_id: villa.property_id, name: "Villa 48" });
  const villaTenant = await makeUser(db, { role: 3, name: "Villa Tenant" });
  await makeTenancy(db, { unit_id: villaUnit.unit_id, tenant_id: villaTenant.user_id });
  // The villa is at 23.6, 58.5 (makeProperty): `near` works within 10 km of it, `far` from Sohar.
  const near = await makeUser(db, { role: 1, company_id: null, name: "Free Near" });
  const far = await makeUser(db, { role: 1, company_id: null, name: "Free Far" });
  await db.query("update users set skills = $2, lat = 23.61, lng = 58.5, area_range = 10 where user_id = $1", [near.user_id, [PLUMBING]]);
  await db.query("update users set skills = $2, lat = 24.347, lng = 56.709, area_range = 10 where user_id = $1", [far.user_id, [PLUMBING]]);
  const more = { manager2, goneManager, formerTenant, villaTenant, near, far };
  const tok = {} as Record<keyof typeof more, string>;
  for (const [k, u] of Object.entries(more)) tok[k as keyof typeof more] = await signIn(db, u);
  const people: Record<string, { user_id: number }> = {
    owner: w.owner,
    manager: w.manager,
    manager2,
    goneManager,
    tech: w.tech,
    tech2: w.tech2,
    otherManager: w.otherManager,
    otherTech: w.otherTech,
    tenant: w.tenant,
    neighbour: w.neighbour,
    formerTenant,
    stranger: w.stranger,
    villaTenant,
    near,
    far,
  };
  const names = new Map(Object.entries(people).map(([k, u]) => [u.user_id, k]));
  return { ...w, ...more, villa, villaUnit, tok: { ...w.t, ...tok }, names };
}
type World = Awaited<ReturnType<typeof world>>;

/** The people told since notification `after`, by kind: sorted names. */
async function told(w: World, after = 0): Promise<Record<string, string[]>> {
  const { rows } = await db.query<{ user_id: number; kind: string }>(
    "select user_id, kind from notifications where notification_id > $1 order by notification_id",
    [after],
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.kind] ??= []).push(w.names.get(r.user_id) ?? `user ${r.user_id}`);
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}
const last = async () => (await db.query<{ n: number }>("select coalesce(max(notification_id), 0)::int as n from notifications")).rows[0].n;

function client() {
  const t = testApp(db);
  const call = (move: string, id: number, token: string, payload?: unknown) => t.json("POST", `/api/issue/${move}?issue_id=${id}`, payload, token);
  return { ...t, call };
}

/**
 * Runs `step` (which must answer 2xx) and returns who was told of what meanwhile. Each step is one event: one kind.
 */
async function step(w: World, run: () => Response | Promise<Response>) {
  const before = await last();
  const res = await run();
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return told(w, before);
}

describe("who is told of each event (D22)", () => {
  it("a repair from report to completion and reopening: each event reaches exactly its people, never the actor", async () => {
    const w = await world();
    const c = client();
    // Reported by the tenant of 101: the managers of the company that runs the building (not the disabled one).
    let id = 0;
    expect(
      await step(w, async () => {
        const res = await c.json("POST", "/api/issue/issue", report(w), w.t.tenant);
        id = (await res.clone().json()).data.issue_id;
        return res;
      }),
    ).toEqual({ reported: ["manager", "manager2"] });
    // Assigned by the manager: the technician, and the customers (creator and tenant, the owner).
    expect(await step(w, () => c.call("assign", id, w.t.manager, { tech_id: w.tech.user_id }))).toEqual({ assigned: ["owner", "tech", "tenant"] });
    expect(await step(w, () => c.call("accept", id, w.t.tech))).toEqual({ accepted: ["manager", "manager2", "owner", "tenant"] });
    // The technician takes one of the tenant's slots: scheduled, to the customers and the managers.
    expect(await step(w, () => c.json("PUT", `/api/issue/issue?issue_id=${id}`, { tech_available: [S1] }, w.t.tech))).toEqual({
      scheduled: ["manager", "manager2", "owner", "tenant"],
    });
    // The visit changes to another of the tenant's slots: rescheduled, to the customers (and the technician, who acted).
    expect(await step(w, () => c.json("PUT", `/api/issue/issue?issue_id=${id}`, { tech_available: [S2] }, w.t.tech))).toEqual({
      rescheduled: ["owner", "tenant"],
    });
    // The technician's own time instead: proposed, the customers pick.
    expect(await step(w, () => c.json("PUT", `/api/issue/issue?issue_id=${id}`, { tech_available: [S3], propose: true }, w.t.tech))).toEqual({
      slots_proposed: ["owner", "tenant"],
    });
    // The tenant picks it: scheduled, to the technician and the managers.
    expect(await step(w, () => c.call("pick_slot", id, w.t.tenant, S3))).toEqual({ scheduled: ["manager", "manager2", "tech"] });
    expect(await step(w, () => c.call("start", id, w.t.tech))).toEqual({ on_the_way: ["owner", "tenant"] });
    // Hold and resume tell nobody.
    expect(await step(w, () => c.call("hold", id, w.t.tech, { reason: "Waiting for a part" }))).toEqual({});
    expect(await step(w, () => c.call("resume", id, w.t.tech))).toEqual({});
    // A comment: everyone who follows the issue but its author.
    expect(await step(w, () => c.json("POST", `/api/issue/comment?issue_id=${id}`, { body: "The part came." }, w.t.tenant))).toEqual({
      comment: ["manager", "manager2", "owner", "tech"],
    });
    expect(await step(w, () => c.json("POST", `/api/issue/comment?issue_id=${id}`, { body: "On it." }, w.t.tech))).toEqual({
      comment: ["manager", "manager2", "owner", "tenant"],
    });
    await db.query("insert into issue_media (issue_id, kind, file_name, path, phase) values ($1, 'image', 'after.jpg', 'demo/after.jpg', 'after')", [id]);
    expect(await step(w, () => c.call("complete", id, w.t.tech, { notes: "New trap fitted." }))).toEqual({
      completed: ["manager", "manager2", "owner", "tenant"],
    });
    expect(await step(w, () => c.call("reopen", id, w.t.tenant, { reason: "Still dripping" }))).toEqual({
      reopened: ["manager", "manager2", "owner", "tech"],
    });

    // What the sentences need, and the reason of the reopening.
    const { rows } = await db.query<{ kind: string; params: Record<string, unknown> }>(
      "select kind, params from notifications where user_id = $1 order by notification_id",
      [w.tech.user_id],
    );
    expect(rows.map((r) => r.kind)).toEqual(["assigned", "scheduled", "comment", "reopened"]);
    expect(rows[0].params).toMatchObject({
      title: "Kitchen sink leaking",
      actor_name: "Fatma Manager",
      property_name: "Qurum Heights",
      tech_name: "Ahmed Tech",
    });
    expect(rows[1].params).toMatchObject({ actor_name: "Maryam Tenant", visit: S3 });
    expect(rows[3].params).toMatchObject({ actor_name: "Maryam Tenant", reason: "Still dripping" });
    // A report not marked as an emergency carries no flag; one marked so tells the managers (the app and push say it first).
    const reports = async (issue: number) =>
      (await db.query<{ params: Record<string, unknown> }>("select params from notifications where kind = 'reported' and issue_id = $1", [issue])).rows;
    for (const r of await reports(id)) expect(r.params.emergency).toBeUndefined();
    const urgent = await c.json("POST", "/api/issue/issue", report(w, { emergency: true, title: "Water pouring" }), w.t.tenant);
    const urgentRows = await reports((await urgent.json()).data.issue_id);
    expect(urgentRows).toHaveLength(2);
    for (const r of urgentRows) expect(r.params.emergency).toBe(true);
    const rescheduled = await db.query<{ params: Record<string, unknown> }>("select params from notifications where kind = 'rescheduled' limit 1");
    expect(rescheduled.rows[0].params.visit).toEqual(S2);

    // Nobody outside the issue ever heard of it.
    const all = await told(w);
    const heard = new Set(Object.values(all).flat());
    for (const outsider of ["neighbour", "formerTenant", "goneManager", "otherManager", "otherTech", "tech2", "stranger", "villaTenant", "near", "far"])
      expect(heard.has(outsider), outsider).toBe(false);
  });

  it("confirm, cancel and decline", async () => {
    const w = await world();
    const c = client();
    const base = { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id, assigned_tech_id: w.tech.user_id };
    const done = (await makeIssue(db, { ...base, stage: "completed", completed_at: new Date(NOW - HOUR) })).issue_id;
    expect(await step(w, () => c.call("confirm", done, w.t.tenant, { rating: 5, comment: "Tidy" }))).toEqual({
      confirmed: ["manager", "manager2", "owner", "tech"],
    });
    const confirmed = await db.query<{ params: Record<string, unknown> }>("select params from notifications where kind = 'confirmed' limit 1");
    expect(confirmed.rows[0].params).toMatchObject({ rating: 5, finished: true, stage: "closed" });

    // Cancelled by the owner: the technician, the managers and the other customers.
    const assigned = (await makeIssue(db, { ...base, stage: "assigned" })).issue_id;
    expect(await step(w, () => c.call("cancel", assigned, w.t.owner, { reason: "Sold the flat" }))).toEqual({
      cancelled: ["manager", "manager2", "tech", "tenant"],
    });
    // Declined by the technician: the managers, and the customers, who were told who would do it.
    const other = (await makeIssue(db, { ...base, stage: "assigned" })).issue_id;
    expect(await step(w, () => c.call("decline", other, w.t.tech, { reason: "Too far" }))).toEqual({ declined: ["manager", "manager2", "owner", "tenant"] });
    const declined = await db.query<{ params: Record<string, unknown> }>("select params from notifications where kind = 'declined' limit 1");
    expect(declined.rows[0].params).toMatchObject({ reason: "Too far", actor_name: "Ahmed Tech" });
    // The reason is for the managers; the tenant reads only that another technician will be found.
    const read = async (token: string) =>
      (
        (await (await c.json("GET", "/api/notification/notifications", undefined, token)).json()).data as Array<{
          kind: string;
          params: Record<string, unknown>;
        }>
      ).find((n) => n.kind === "declined")?.params;
    expect(await read(w.t.manager)).toMatchObject({ reason: "Too far" });
    expect(await read(w.t.tenant)).toMatchObject({ actor_name: "Ahmed Tech" });
    expect(await read(w.t.tenant)).not.toHaveProperty("reason");
    // A request for other times tells nobody.
    const proposed = (await makeIssue(db, { ...base, stage: "proposed", tech_slots: [S1] })).issue_id;
    expect(await step(w, () => c.call("request_slots", proposed, w.t.tenant, { note: "Evenings" }))).toEqual({});
  });

  // Walked: the tenant confirmed and rated a repair from their repairs list, and its three notifications stayed unread,
  // the bell at 3, "please check the work and confirm" among them.
  it("who acts on a repair has read what they were told of it; their other repairs' and other people's stay unread", async () => {
    const w = await world();
    const c = client();
    const base = { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id, assigned_tech_id: w.tech.user_id };
    const done = (await makeIssue(db, { ...base, stage: "completed", completed_at: new Date(NOW - HOUR) })).issue_id;
    const other = (await makeIssue(db, { ...base, stage: "assigned" })).issue_id;
    for (const id of [done, done, other]) await notify(db, id, "completed", w.tech);
    const unread = async (user: number) =>
      (await db.query<{ issue_id: number }>("select issue_id from notifications where user_id = $1 and read_at is null order by issue_id", [user])).rows.map(
        (r) => r.issue_id,
      );
    expect(await unread(w.tenant.user_id)).toEqual([done, done, other]);
    expect((await c.call("confirm", done, w.t.tenant, { rating: 4, comment: "Good" })).status).toBe(200);
    expect(await unread(w.tenant.user_id)).toEqual([other]);
    // The owner, told of the same repair (and now of its confirmation), did not act: theirs stay unread.
    expect((await unread(w.owner.user_id)).filter((id) => id === done).length).toBeGreaterThanOrEqual(2);
    const count = await c.json("GET", "/api/notification/unread_count", undefined, w.t.tenant);
    expect((await count.json()).data.unread).toBe(1);
  });

  it("a property no company runs: the owner hears of reports and declines; an offer reaches only the technicians it covers", async () => {
    const w = await world();
    const c = client();
    const villaReport = report(w, { property_id: w.villa.property_id, unit_id: w.villaUnit.unit_id });
    let id = 0;
    expect(
      await step(w, async () => {
        const res = await c.json("POST", "/api/issue/issue", villaReport, w.tok.villaTenant);
        id = (await res.clone().json()).data.issue_id;
        return res;
      }),
    ).toEqual({ reported: ["owner"] });
    expect(await step(w, () => c.call("offer", id, w.t.owner))).toEqual({ offer: ["near"] });
    expect(await step(w, () => c.call("accept", id, w.tok.near))).toEqual({ accepted: ["owner", "villaTenant"] });

    // Reported by the owner himself: nobody (no company, and the owner acted).
    let own = 0;
    expect(
      await step(w, async () => {
        const res = await c.json("POST", "/api/issue/issue", villaReport, w.t.owner);
        own = (await res.clone().json()).data.issue_id;
        return res;
      }),
    ).toEqual({});
    expect(await step(w, () => c.call("assign", own, w.t.owner, { tech_id: w.near.user_id }))).toEqual({ assigned: ["near", "villaTenant"] });
    expect(await step(w, () => c.call("decline", own, w.tok.near, { reason: "Busy" }))).toEqual({ declined: ["owner", "villaTenant"] });
  });

  it("reminders and the server's own events (no actor) reach the technician and the customers", async () => {
    const w = await world();
    const { issue_id } = await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      assigned_tech_id: w.tech.user_id,
      stage: "scheduled",
      visit: S1,
    });
    const before = await last();
    await db.tx((q) => notify(q, issue_id, "reminder_24h", null));
    expect(await told(w, before)).toEqual({ reminder_24h: ["owner", "tech", "tenant"] });
    const { rows } = await db.query<{ params: Record<string, unknown> }>("select params from notifications where kind = 'reminder_24h' limit 1");
    expect(rows[0].params).toMatchObject({ visit: S1, tech_name: "Ahmed Tech" });
    expect(rows[0].params).not.toHaveProperty("actor_name");
    const mid = await last();
    await db.tx((q) => notify(q, issue_id, "not_accepted", null));
    expect(await told(w, mid)).toEqual({ not_accepted: ["manager", "manager2"] });
  });
});

describe("channels and settings", () => {
  it("push and mail are pending by default (mail only for mail kinds and users with an email); a switched-off channel stays 'none'", async () => {
    const w = await world();
    const c = client();
    await db.query("update users set email = null where user_id = $1", [w.manager2.user_id]);
    // The tenant wants no push and no mail of assignments; the owner no push of comments.
    const put = await c.json("PUT", "/api/notification/settings", { settings: [{ kind: "assigned", push: false, mail: false }] }, w.t.tenant);
    expect(put.status).toBe(200);
    expect((await c.json("PUT", "/api/notification/settings", { settings: [{ kind: "comment", push: false, mail: false }] }, w.t.owner)).status).toBe(200);

    const res = await c.json("POST", "/api/issue/issue", report(w), w.t.tenant);
    const id = (await res.json()).data.issue_id;
    await c.call("assign", id, w.t.manager, { tech_id: w.tech.user_id });
    await c.json("POST", `/api/issue/comment?issue_id=${id}`, { body: "Hello" }, w.t.tenant);
    const { rows } = await db.query<{ user_id: number; kind: string; push_state: string; mail_state: string }>(
      "select user_id, kind, push_state, mail_state from notifications order by notification_id",
    );
    const state = Object.fromEntries(rows.map((r) => [`${r.kind} ${w.names.get(r.user_id)}`, `${r.push_state}/${r.mail_state}`]));
    expect(state).toEqual({
      // reported is not a mail kind; manager2 has no email anyway.
      "reported manager": "pending/none",
      "reported manager2": "pending/none",
      "assigned tech": "pending/pending",
      "assigned owner": "pending/pending",
      "assigned tenant": "none/none",
      "comment manager": "pending/none",
      "comment manager2": "pending/none",
      "comment owner": "none/none",
      "comment tech": "pending/none",
    });
    expect(MAIL_KINDS).toContain("assigned");
  });

  it("GET /notification/settings: every kind, both channels on by default (mail only for mail kinds), and the push key; PUT keeps the rest", async () => {
    const w = await world();
    const c = client();
    const first = await c.json("GET", "/api/notification/settings", undefined, w.t.tenant);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(typeof body.data.push_public_key).toBe("string");
    expect(body.data.push_public_key.length).toBeGreaterThan(40);
    // The kinds that can reach a tenant, not a technician's offers or a manager's reminders.
    expect(body.data.settings).toEqual(KINDS_BY_ROLE[3].map((kind) => ({ kind, push: true, mail: MAIL_KINDS.includes(kind) })));
    expect(body.data.settings.map((s: { kind: string }) => s.kind)).not.toContain("offer");
    const tech = await (await c.json("GET", "/api/notification/settings", undefined, w.t.tech)).json();
    expect(tech.data.settings.map((s: { kind: string }) => s.kind)).toContain("offer");

    const put = await c.json(
      "PUT",
      "/api/notification/settings",
      {
        settings: [
          { kind: "scheduled", push: false, mail: true },
          { kind: "comment", push: false, mail: true },
        ],
      },
      w.t.tenant,
      AR,
    );
    expect(put.status).toBe(200);
    const saved = await put.json();
    expect(saved.message).toBe("تم حفظ إعدادات الإشعارات.");
    const byKind = Object.fromEntries(saved.data.settings.map((s: { kind: string }) => [s.kind, s]));
    expect(byKind.scheduled).toEqual({ kind: "scheduled", push: false, mail: true });
    // Mail is never on for a kind that does not go by mail.
    expect(byKind.comment).toEqual({ kind: "comment", push: false, mail: false });
    expect(byKind.completed).toEqual({ kind: "completed", push: true, mail: true });
    // Someone else's settings are untouched.
    const owners = await (await c.json("GET", "/api/notification/settings", undefined, w.t.owner)).json();
    expect(owners.data.settings.find((s: { kind: string }) => s.kind === "scheduled")).toEqual({ kind: "scheduled", push: true, mail: true });

    const bad = await c.json("PUT", "/api/notification/settings", { settings: [{ kind: "gossip", push: true, mail: true }] }, w.t.tenant);
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toBeTruthy();
    expect((await c.json("PUT", "/api/notification/settings", { settings: [] }, w.t.tenant)).status).toBe(422);
    expect((await c.json("GET", "/api/notification/settings")).status).toBe(401);
  });

  it("keeps the user's language from the app's calls (push and mail are written in it)", async () => {
    const w = await world();
    const c = client();
    const lang = async () => (await db.query<{ language: string }>("select language from users where user_id = $1", [w.tenant.user_id])).rows[0].language;
    expect(await lang()).toBe("en");
    await c.json("GET", "/api/notification/unread_count", undefined, w.t.tenant, AR);
    expect(await lang()).toBe("ar");
    await c.json("GET", "/api/notification/unread_count", undefined, w.t.tenant, { "accept-language": "en-GB,en;q=0.9" });
    expect(await lang()).toBe("en");
  });
});

describe("the list, the unread count, marking read", () => {
  async function seedRows(userId: number, n: number, issueId: number) {
    for (let i = 0; i < n; i++)
      await db.query("insert into notifications (user_id, kind, issue_id, params, created_at) values ($1, 'comment', $2, $3, $4)", [
        userId,
        issueId,
        JSON.stringify({ title: `Note ${i}` }),
        new Date(NOW - (n - i) * 60_000),
      ]);
  }

  it("pages newest first with total and unread; read one, read all; another user's notification answers 404", async () => {
    const w = await world();
    const c = client();
    const { issue_id } = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id });
    const extra = 5;
    await seedRows(w.tenant.user_id, NOTIFICATIONS_PAGE_SIZE + extra, issue_id);
    await seedRows(w.owner.user_id, 3, issue_id);

    const page1 = await (await c.json("GET", "/api/notification/notifications", undefined, w.t.tenant)).json();
    expect(page1).toMatchObject({ status: 1, total: NOTIFICATIONS_PAGE_SIZE + extra, unread: NOTIFICATIONS_PAGE_SIZE + extra });
    expect(page1.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(page1.data[0]).toMatchObject({ kind: "comment", issue_id, params: { title: `Note ${NOTIFICATIONS_PAGE_SIZE + extra - 1}` }, read_at: null });
    expect(new Date(page1.data[0].created_at).getTime()).toBe(NOW - 60_000);
    const page2 = await (await c.json("GET", "/api/notification/notifications?page_num=2", undefined, w.t.tenant)).json();
    expect(page2.data.map((n: { params: { title: string } }) => n.params.title)).toEqual(["Note 4", "Note 3", "Note 2", "Note 1", "Note 0"]);
    expect((await c.json("GET", "/api/notification/notifications?page_num=0", undefined, w.t.tenant)).status).toBe(422);

    const unread = async (token: string) => (await (await c.json("GET", "/api/notification/unread_count", undefined, token)).json()).data.unread;
    expect(await unread(w.t.tenant)).toBe(NOTIFICATIONS_PAGE_SIZE + extra);
    expect(await unread(w.t.owner)).toBe(3);

    // "Note 2": with it, the earlier notifications of the same issue (Notes 0 and 1), not the later ones.
    const id = page2.data[2].notification_id;
    const read = await c.json("PUT", `/api/notification/read?id=${id}`, undefined, w.t.tenant);
    expect(read.status).toBe(200);
    expect((await read.json()).data.unread).toBe(NOTIFICATIONS_PAGE_SIZE + extra - 3);
    const readNow = async () =>
      (await (await c.json("GET", "/api/notification/notifications?page_num=2", undefined, w.t.tenant)).json()).data.map(
        (n: { params: { title: string }; read_at: string | null }) => [n.params.title, n.read_at && new Date(n.read_at).getTime()],
      );
    expect(await readNow()).toEqual([
      ["Note 4", null],
      ["Note 3", null],
      ["Note 2", NOW],
      ["Note 1", NOW],
      ["Note 0", NOW],
    ]);
    // Again: still read, at the first time.
    clock.set(NOW + HOUR);
    expect((await c.json("PUT", `/api/notification/read?id=${id}`, undefined, w.t.tenant)).status).toBe(200);
    const again = await (await c.json("GET", "/api/notification/notifications", undefined, w.t.tenant)).json();
    expect(again.unread).toBe(NOTIFICATIONS_PAGE_SIZE + extra - 3);
    expect(again.data[0].read_at).toBeNull();
    expect((await readNow())[2]).toEqual(["Note 2", NOW]);

    // The owner's notification is not the tenant's: 404 like a missing one, and it stays unread.
    const { rows } = await db.query<{ notification_id: number }>("select notification_id from notifications where user_id = $1 limit 1", [w.owner.user_id]);
    const theirs = await c.json("PUT", `/api/notification/read?id=${rows[0].notification_id}`, undefined, w.t.tenant, AR);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).detail).toBe("هذا الإشعار غير موجود.");
    expect((await c.json("PUT", "/api/notification/read?id=999999", undefined, w.t.tenant)).status).toBe(404);
    expect((await c.json("PUT", "/api/notification/read?id=abc", undefined, w.t.tenant)).status).toBe(422);
    expect((await c.json("PUT", "/api/notification/read", undefined, w.t.tenant)).status).toBe(422);
    expect(await unread(w.t.owner)).toBe(3);

    const all = await c.json("POST", "/api/notification/read_all", undefined, w.t.tenant);
    expect(all.status).toBe(200);
    expect((await all.json()).data.unread).toBe(0);
    expect(await unread(w.t.tenant)).toBe(0);
    expect(await unread(w.t.owner)).toBe(3);
    // The read row kept its first time; the others got now.
    const times = await db.query<{ n: number }>("select count(distinct read_at)::int as n from notifications where user_id = $1", [w.tenant.user_id]);
    expect(times.rows[0].n).toBe(2);
  });

  it("sign-in is required; a user without notifications gets an empty list", async () => {
    const w = await world();
    const c = client();
    for (const [method, path] of [
      ["GET", "/api/notification/notifications"],
      ["GET", "/api/notification/unread_count"],
      ["PUT", "/api/notification/read?id=1"],
      ["POST", "/api/notification/read_all"],
    ])
      expect((await c.json(method, path)).status, path).toBe(401);
    expect(await (await c.json("GET", "/api/notification/notifications", undefined, w.t.stranger)).json()).toEqual({
      status: 1,
      total: 0,
      unread: 0,
      data: [],
    });
  });
});
