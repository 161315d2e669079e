// Kept answers (server/lib/answer-cache.ts, issue 16): a list asked for again with nothing written since is sent from
// memory, on either database; any write, a session that ended, another caller, another language, the time an issue
// closes by itself, ANSWER_TTL_MS or a request's Cache-Control: no-cache make it read again.
//
// PostgreSQL's mark is the whole server's: under test:pg, other files writing to their own databases at the same
// time move it too, so there a request may be read afresh where the embedded database (npm test) keeps it. `kept`
// then asks again until it is answered from memory; the other checks hold either way.
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { ANSWER_TTL_MS } from "../../server/lib/answer-cache";
import { clock } from "../../server/lib/clock";
import { makeIssue } from "./factories";
import { testApp } from "./helpers";
import { HOUR, NOW, type RepairWorld, repairSuite, repairWorld } from "./repair-helpers";

let db: Db;
repairSuite((d) => (db = d));

/** The database with each statement it runs counted: `count(sql)` is how many of them `sql` matches. */
function counted() {
  const seen: string[] = [];
  const q: Db = { ...db, query: ((sql: string, params?: unknown[]) => (seen.push(sql), db.query(sql, params))) as Db["query"] };
  return { q, count: (re: RegExp) => seen.filter((s) => re.test(s)).length };
}
/** Statements that read a list of issues; the staff list. */
const LIST = /row_to_json/;
const STAFF = /from users[\s\S]*company_id = \$1/;

/** True when `read` is answered with no statement matching `re` (on PostgreSQL, within a few tries: see above). */
async function kept(count: (re: RegExp) => number, re: RegExp, read: () => Response | Promise<Response>) {
  for (let i = 0; i < (db.kind === "pglite" ? 1 : 20); i++) {
    const before = count(re);
    expect((await read()).status).toBe(200);
    if (count(re) === before) return true;
  }
  return false;
}

/** True when `read` ran a statement matching `re`. */
async function afresh(count: (re: RegExp) => number, re: RegExp, read: () => Response | Promise<Response>) {
  const before = count(re);
  expect((await read()).status).toBe(200);
  return count(re) > before;
}

/** The tenant's repair in unit 101, done by the technician at `at`. */
const completedRepair = (w: RepairWorld, at: number) =>
  makeIssue(db, {
    property_id: w.building.property_id,
    unit_id: w.u101.unit_id,
    creator_id: w.tenant.user_id,
    assigned_tech_id: w.tech.user_id,
    stage: "completed",
    completed_at: new Date(at),
  });

const ids = async (res: Response) => ((await res.json()).data as { issue_id: number }[]).map((i) => i.issue_id);

describe("a kept answer", () => {
  it("is sent again while nothing is written, and a write anywhere is seen at the next request", async () => {
    const w = await repairWorld(db);
    const first = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, assigned_tech_id: w.tech.user_id });
    const { q, count } = counted();
    const { json } = testApp(q);
    const jobs = () => json("GET", "/api/issue/jobs", undefined, w.t.tech);

    const body = await (await jobs()).text();
    expect(JSON.parse(body).data.map((i: { issue_id: number }) => i.issue_id)).toEqual([first.issue_id]);
    expect(count(LIST)).toBe(1);
    expect(await kept(count, LIST, jobs)).toBe(true);
    const again = await jobs();
    expect(await again.text()).toBe(body);
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);

    // Written by another path (another process, say): the next request reads the list again.
    const second = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u102.unit_id, assigned_tech_id: w.tech.user_id });
    const before = count(LIST);
    expect(await ids(await jobs())).toEqual([second.issue_id, first.issue_id]);
    expect(count(LIST)).toBe(before + 1);
    expect(await kept(count, LIST, jobs)).toBe(true);
    expect(await ids(await jobs())).toEqual([second.issue_id, first.issue_id]);
    // Cache-Control: no-cache reads it afresh.
    const now = count(LIST);
    expect(await ids(await json("GET", "/api/issue/jobs", undefined, w.t.tech, { "cache-control": "no-cache" }))).toHaveLength(2);
    expect(count(LIST)).toBe(now + 1);
  });

  it("is the caller's own: another account, another page or another language reads its own", async () => {
    const w = await repairWorld(db);
    await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, assigned_tech_id: w.tech.user_id });
    const { q, count } = counted();
    const { json } = testApp(q);
    expect(await ids(await json("GET", "/api/issue/jobs", undefined, w.t.tech))).toHaveLength(1);
    expect(await ids(await json("GET", "/api/issue/jobs", undefined, w.t.tech2))).toEqual([]);
    expect(await ids(await json("GET", "/api/issue/jobs?page_num=2", undefined, w.t.tech))).toEqual([]);
    expect(count(LIST)).toBe(3);
    // Refused as before: the staff list is the manager's alone.
    expect((await json("GET", "/api/company/staffs", undefined, w.t.tech)).status).toBe(403);

    const staff = (lang: string) => json("GET", "/api/company/staffs", undefined, w.t.manager, { "accept-language": lang });
    const en = (await (await staff("en")).json()).message;
    const ar = (await (await staff("ar")).json()).message;
    expect(en).not.toBe(ar);
    expect(count(STAFF)).toBe(2);
    expect(await kept(count, STAFF, () => staff("en"))).toBe(true);
    expect((await (await staff("en")).json()).message).toBe(en);
    expect((await (await staff("ar")).json()).message).toBe(ar);
  });

  it("stays kept while a phone asks for its unread count, which writes only a language that changed, and keeps that count till a notification comes", async () => {
    const w = await repairWorld(db);
    const { q, count } = counted();
    const { json } = testApp(q);
    const jobs = () => json("GET", "/api/issue/jobs", undefined, w.t.tech, { "accept-language": "ar" });
    const unread = () => json("GET", "/api/notification/unread_count", undefined, w.t.tech, { "accept-language": "ar" });
    // The first count stores Arabic (a write); the list read after it is kept.
    expect((await unread()).status).toBe(200);
    const language = async () => (await db.query<{ language: string }>("select language from users where user_id = $1", [w.tech.user_id])).rows[0].language;
    expect(await language()).toBe("ar");
    await jobs();
    expect(await kept(count, LIST, async () => (await unread(), jobs()))).toBe(true);
    expect(count(/^update users set language/)).toBe(1);

    // The count is kept too, and a new notification shows in the next.
    const UNREAD = /from notifications where user_id = \$1 and read_at is null/;
    expect(await kept(count, UNREAD, unread)).toBe(true);
    const issue = await makeIssue(db, { property_id: w.building.property_id, assigned_tech_id: w.tech.user_id });
    await db.query("insert into notifications (user_id, kind, issue_id, params, created_at) values ($1, 'assigned', $2, '{}'::jsonb, $3)", [
      w.tech.user_id,
      issue.issue_id,
      new Date(NOW),
    ]);
    expect((await (await unread()).json()).data.unread).toBe(1);
  });

  it("is not undone by what a phone reads: no such GET writes to the embedded database, a completed repair waiting to close included", async (ctx) => {
    // PostgreSQL's mark moves only with a write that changes a row; the embedded database counts any update.
    if (!db.writeMark) return ctx.skip();
    const w = await repairWorld(db);
    const done = await completedRepair(w, NOW - HOUR);
    const { json } = testApp(db);
    const id = `issue_id=${done.issue_id}`;
    const reads: Array<[keyof typeof w.t, string]> = [
      ["tech", "issue/jobs"],
      ["tech", "tech/reports"],
      ["tenant", "issue/issues?status=open"],
      ["tenant", `issue/issue?${id}`],
      ["tenant", `issue/timeline?${id}`],
      ["tenant", "notification/notifications"],
      ["tenant", "notification/unread_count"],
      ["owner", "property/properties"],
      ["manager", "company/dashboard"],
      ["manager", "company/staffs"],
      ["manager", `issue/candidates?${id}`],
      ["manager", "user/profile"],
    ];
    for (const [who, path] of reads) {
      // The first may store the caller's language; the second finds it stored.
      await json("GET", `/api/${path}`, undefined, w.t[who], { "accept-language": "ar" });
      const mark = db.writeMark();
      const res = await json("GET", `/api/${path}`, undefined, w.t[who], { "accept-language": "ar" });
      expect([path, res.status < 500, db.writeMark()]).toEqual([path, true, mark]);
    }
  });

  it("is refused once its session has ended", async () => {
    const w = await repairWorld(db);
    const { json } = testApp(db);
    expect((await json("GET", "/api/issue/jobs", undefined, w.t.tech)).status).toBe(200);
    expect((await json("POST", "/api/user/logout", {}, w.t.tech)).status).toBe(200);
    const res = await json("GET", "/api/issue/jobs", undefined, w.t.tech);
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBeTruthy();
  });

  it("holds at most ANSWER_TTL_MS, and a list no longer than until the first completed issue closes by itself", async () => {
    const w = await repairWorld(db);
    const { q, count } = counted();
    const { json } = testApp(q);
    const jobs = () => json("GET", "/api/issue/jobs", undefined, w.t.tech);
    expect(await afresh(count, LIST, jobs)).toBe(true);
    expect(await kept(count, LIST, jobs)).toBe(true);
    if (db.kind === "pglite") {
      clock.set(NOW + ANSWER_TTL_MS - 1);
      expect(await kept(count, LIST, jobs)).toBe(true);
    }
    clock.set(NOW + ANSWER_TTL_MS);
    expect(await afresh(count, LIST, jobs)).toBe(true);

    // Completed 72 hours minus 10 seconds ago: the tenant's Open tab shows it until it closes, 10 seconds from now.
    clock.set(NOW);
    const done = await completedRepair(w, NOW - 72 * HOUR + 10_000);
    const open = () => json("GET", "/api/issue/issues?status=open", undefined, w.t.tenant);
    expect(await ids(await open())).toEqual([done.issue_id]);
    clock.set(NOW + 9_999);
    expect(await kept(count, LIST, open)).toBe(true);
    expect(await ids(await open())).toEqual([done.issue_id]);
    clock.set(NOW + 10_000);
    expect(await ids(await open())).toEqual([]);
  });

  it("is compressed once, and sent as the same bytes after", async () => {
    const w = await repairWorld(db);
    for (let n = 0; n < 12; n++)
      await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, assigned_tech_id: w.tech.user_id, title: `Job ${n}` });
    const { json } = testApp(db);
    const gz = async () => {
      const res = await json("GET", "/api/issue/jobs", undefined, w.t.tech, { "accept-encoding": "gzip" });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      return Buffer.from(await res.arrayBuffer());
    };
    const a = await gz();
    const b = await gz();
    expect(b.equals(a)).toBe(true);
    expect(JSON.parse(gunzipSync(a).toString()).data).toHaveLength(10);
  });
});
