// Reporting and following a repair (issue 11): the report, its edit, photos and videos (D21), the lists of /repair and
// /home, the timeline and comments, and who sees what. The move table itself: repair-stages.test.ts.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { fileLinkSecret, signFileLink } from "../../server/lib/signed-url";
import { diskStorage } from "../../server/lib/storage";
import { makeIssue, makeProperty, makeTenancy, makeUnit } from "./factories";
import { resetDb, testApp, testDb } from "./helpers";
import { HOUR, NOW, PAST, type RepairWorld, S1, S2, S3, html, jpeg, mp4, repairWorld, report } from "./repair-helpers";

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await testDb();
  dir = await mkdtemp(join(tmpdir(), "fixit-repairs-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.close();
});
beforeEach(async () => {
  await resetDb(db);
  await rm(dir, { recursive: true, force: true });
  clock.set(NOW);
});
afterEach(() => clock.set());

const AR = { "accept-language": "ar" };
const storedFiles = async () => {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
};

function client() {
  const t = testApp(db, { storage: diskStorage(dir) });
  const upload = (issueId: number, bytes: Uint8Array<ArrayBuffer>, token: string, f: { eventId?: number; headers?: Record<string, string> } = {}) =>
    t.app.request(`/api/issue/media?issue_id=${issueId}${f.eventId ? `&event_id=${f.eventId}` : ""}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", ...f.headers },
      body: bytes,
    });
  const load = (url: string) => t.app.request(`/${url}`);
  const get = async (path: string, token: string) => (await t.json("GET", path, undefined, token)).json();
  return { ...t, upload, load, get };
}

/** The tenant reports the leak in their unit; answers the issue. */
async function reported(w: RepairWorld, extra: Record<string, unknown> = {}) {
  const res = await client().json("POST", "/api/issue/issue", report(w, extra), w.t.tenant);
  expect(res.status).toBe(201);
  return (await res.json()).data as Record<string, unknown> & { issue_id: number; actions: string[] };
}

describe("POST /issue/issue: reporting", () => {
  it("a tenant reports for their unit: stage reported, their actions, a 'reported' row, slots kept", async () => {
    const w = await repairWorld(db);
    const res = await client().json("POST", "/api/issue/issue", report(w), w.t.tenant);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ message: "Issue reported.", status: 1 });
    expect(body.data).toMatchObject({
      title: "Kitchen sink leaking",
      desc: "Water under the sink.",
      stage: "reported",
      issue_status: 0,
      issue_type: 1,
      priority: 1,
      emergency: false,
      category: 1,
      presence: "present",
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      unit_name: "101",
      creater_name: "Maryam Tenant",
      available: [S1, S2],
      tech_available: [],
      visit: null,
      tech_name: null,
      images: [],
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
    });
    expect(body.data.actions).toEqual(["edit", "upload", "cancel", "comment"]);
    const events = await db.query("select kind, to_stage, actor_id from issue_events where issue_id = $1", [body.data.issue_id]);
    expect(events.rows).toEqual([{ kind: "reported", to_stage: "reported", actor_id: w.tenant.user_id }]);
  });

  it("an emergency is priority 3; a villa's issue is not a unit's (issue_type 0); the owner and the managers may report", async () => {
    const w = await repairWorld(db);
    const { json } = client();
    const urgent = await (await json("POST", "/api/issue/issue", report(w, { emergency: true }), w.t.owner)).json();
    expect(urgent.data).toMatchObject({ priority: 3, emergency: true, creater_name: "Salim Owner" });
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: w.u102.unit_id }), w.t.manager)).status).toBe(201);
    const villa = await makeProperty(db, { owner_id: w.owner.user_id, type: "villa" });
    const unit = await makeUnit(db, { property_id: villa.property_id });
    const v = await (await json("POST", "/api/issue/issue", report(w, { property_id: villa.property_id, unit_id: unit.unit_id }), w.t.owner)).json();
    expect(v.data.issue_type).toBe(0);
  });

  it("a tenant cannot report for another tenant's unit (403) or another property (404); nor a past tenant, nor a technician", async () => {
    const w = await repairWorld(db);
    const { json } = client();
    const other = await json("POST", "/api/issue/issue", report(w, { unit_id: w.u102.unit_id }), w.t.tenant, AR);
    expect(other.status).toBe(403);
    const body = await other.json();
    expect(body.detail).toBe("يمكنك الإبلاغ عن المشكلات للوحدة التي تستأجرها فقط.");
    expect(body.errors.unit_id).toBe(body.detail);
    const elsewhere = await makeProperty(db, { owner_id: w.stranger.user_id });
    const elsewhereUnit = await makeUnit(db, { property_id: elsewhere.property_id });
    const missing = await json("POST", "/api/issue/issue", report(w, { property_id: elsewhere.property_id, unit_id: elsewhereUnit.unit_id }), w.t.tenant);
    expect(missing.status).toBe(404);
    // A unit of another property named with this one: no such unit here.
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: elsewhereUnit.unit_id }), w.t.owner)).status).toBe(422);
    await db.query("update tenancies set ended_at = now() where tenant_id = $1", [w.tenant.user_id]);
    expect((await json("POST", "/api/issue/issue", report(w), w.t.tenant)).status).toBe(403);
    expect((await json("POST", "/api/issue/issue", report(w), w.t.tech)).status).toBe(403);
    expect((await json("POST", "/api/issue/issue", report(w), w.t.otherManager)).status).toBe(404);
    expect((await db.query("select count(*)::int as n from issues")).rows[0].n).toBe(0);
  });

  it("refuses bad reports with 422 and field errors in the caller's language: slots (2 to 4, distinct, in the future), category, title, presence", async () => {
    const w = await repairWorld(db);
    const { json } = client();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ available: [S1] }, "available", "يُرجى اقتراح 2 مواعيد تناسبك على الأقل."],
      [{ available: [S1, S1] }, "available", "لا يمكن اقتراح الموعد نفسه أكثر من مرة."],
      [{ available: [S1, PAST] }, "available", "يُرجى اختيار مواعيد في المستقبل."],
      [{ category: 99 }, "category", "يُرجى اختيار نوع المشكلة."],
      [{ title: "  " }, "title", "يُرجى إعطاء المشكلة عنوانًا قصيرًا."],
      [{ presence: "maybe" }, "presence", "يُرجى تحديد ما إذا كان بإمكان الفني الدخول في غيابك."],
    ];
    for (const [extra, field, arabic] of cases) {
      const res = await json("POST", "/api/issue/issue", report(w, extra), w.t.tenant, AR);
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect((await res.json()).errors[field], JSON.stringify(extra)).toBe(arabic);
    }
    // The property's local time decides: at 06:00 UTC it is 10:00 in Muscat (+4) and 09:00 in Riyadh (+3).
    const half = { date: "2030-03-01", time_from: "09:30", time_to: "10:30" };
    expect((await json("POST", "/api/issue/issue", report(w, { available: [half, S2] }), w.t.tenant)).status).toBe(422);
    await db.query("update properties set country = 'SA' where property_id = $1", [w.building.property_id]);
    expect((await json("POST", "/api/issue/issue", report(w, { available: [half, S2] }), w.t.tenant)).status).toBe(201);
  });

  it("a report sent again with its Idempotency-Key is made once", async () => {
    const w = await repairWorld(db);
    const { json } = client();
    const key = { "idempotency-key": "11111111-2222-4333-8444-555555555555" };
    const first = await (await json("POST", "/api/issue/issue", report(w), w.t.tenant, key)).json();
    const again = await json("POST", "/api/issue/issue", report(w), w.t.tenant, key);
    expect(again.status).toBe(201);
    expect((await again.json()).data.issue_id).toBe(first.data.issue_id);
    expect((await db.query("select count(*)::int as n from issues")).rows[0].n).toBe(1);
  });
});

describe("the common areas: an issue of the property, not of one unit (unit_id null)", () => {
  it("a tenant of the building, its owner or manager reports one (issue_type 0); the other tenants neither see it nor hear of it", async () => {
    const w = await repairWorld(db);
    const { json, get } = client();
    const lift = await json("POST", "/api/issue/issue", report(w, { unit_id: null, title: "Lift out of service" }), w.t.tenant);
    expect(lift.status).toBe(201);
    const issue = (await lift.json()).data;
    expect(issue).toMatchObject({ issue_type: 0, unit_id: null, unit_name: null, property_id: w.building.property_id, stage: "reported" });
    expect((await db.query("select unit_id, issue_type from issues where issue_id = $1", [issue.issue_id])).rows).toEqual([{ unit_id: null, issue_type: 0 }]);
    // The reporter, the owner and the company's manager see it; the neighbour in 102 does not, and is not told.
    expect((await json("GET", `/api/issue/issue?issue_id=${issue.issue_id}`, undefined, w.t.owner)).status).toBe(200);
    const company = await get("/api/issue/issues?scope=company", w.t.manager);
    expect(company.data.map((i: { issue_id: number }) => i.issue_id)).toEqual([issue.issue_id]);
    expect((await json("GET", `/api/issue/issue?issue_id=${issue.issue_id}`, undefined, w.t.neighbour)).status).toBe(404);
    const told = await db.query<{ user_id: number }>("select user_id from notifications where issue_id = $1", [issue.issue_id]);
    expect(told.rows.map((r) => r.user_id)).not.toContain(w.neighbour.user_id);
    expect(told.rows.map((r) => r.user_id)).toContain(w.manager.user_id);
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: null }), w.t.owner)).status).toBe(201);
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: null }), w.t.manager)).status).toBe(201);
  });

  it("refused to a former tenant (403), a stranger (404) and a technician (403); a unit left out is not the common areas (422)", async () => {
    const w = await repairWorld(db);
    const { json } = client();
    const { unit_id: _, ...noUnit } = report(w);
    const absent = await json("POST", "/api/issue/issue", noUnit, w.t.tenant);
    expect(absent.status).toBe(422);
    expect((await absent.json()).errors.unit_id).toBe("Please choose a unit.");
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: null }), w.t.stranger)).status).toBe(404);
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: null }), w.t.tech)).status).toBe(403);
    await db.query("update tenancies set ended_at = now() where tenant_id = $1", [w.tenant.user_id]);
    expect((await json("POST", "/api/issue/issue", report(w, { unit_id: null }), w.t.tenant)).status).toBe(403);
    expect((await db.query("select count(*)::int as n from issues")).rows[0].n).toBe(0);
  });

  it("an edit moves a report between a unit and the common areas, and its issue_type with it", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { json } = client();
    const edit = { unit_id: null, category: 1, title: "Corridor light", desc: "", emergency: false, presence: "present", available: [S1, S2] };
    const common = await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, edit, w.t.tenant);
    expect(common.status).toBe(200);
    expect((await common.json()).data).toMatchObject({ unit_id: null, unit_name: null, issue_type: 0 });
    const back = await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, { ...edit, unit_id: w.u101.unit_id }, w.t.tenant);
    expect((await back.json()).data).toMatchObject({ unit_id: w.u101.unit_id, unit_name: "101", issue_type: 1 });
  });

  it("its technician reads the property's access notes on the job while it is open; nobody else gets them there", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    await db.query("update properties set access_notes = 'Lift key with the guard at gate B.' where property_id = $1", [w.building.property_id]);
    const lift = await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: null,
      creator_id: w.tenant.user_id,
      assigned_tech_id: w.tech.user_id,
      stage: "accepted",
    });
    expect((await get(`/api/issue/issue?issue_id=${lift.issue_id}`, w.t.tech)).data.access_notes).toBe("Lift key with the guard at gate B.");
    expect((await get(`/api/issue/issue?issue_id=${lift.issue_id}`, w.t.tenant)).data.access_notes).toBeNull();
    expect((await get(`/api/issue/issue?issue_id=${lift.issue_id}`, w.t.manager)).data.access_notes).toBeNull();
    await db.query("update issues set stage = 'closed' where issue_id = $1", [lift.issue_id]);
    expect((await get(`/api/issue/issue?issue_id=${lift.issue_id}`, w.t.tech)).data.access_notes).toBeNull();
  });

  it("its technician has no unit to open (no action unit), as the unit's job has", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    const common = await makeIssue(db, { property_id: w.building.property_id, unit_id: null, assigned_tech_id: w.tech.user_id, stage: "accepted" });
    const unit = await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, assigned_tech_id: w.tech.user_id, stage: "accepted" });
    expect((await get(`/api/issue/issue?issue_id=${common.issue_id}`, w.t.tech)).data.actions).not.toContain("unit");
    expect((await get(`/api/issue/issue?issue_id=${unit.issue_id}`, w.t.tech)).data.actions).toContain("unit");
    const jobs = await get("/api/issue/jobs", w.t.tech);
    const actions = Object.fromEntries(jobs.data.map((i: { issue_id: number; actions: string[] }) => [i.issue_id, i.actions.includes("unit")]));
    expect(actions).toEqual({ [common.issue_id]: false, [unit.issue_id]: true });
  });
});

describe("PUT /issue/details: editing before the work starts", () => {
  it("the creator edits the report and its slots; an 'edit' row; others 403; after the work started 409", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { json } = client();
    const edit = { unit_id: w.u101.unit_id, category: 2, title: "Sink and light", desc: "", emergency: true, presence: "may_enter", available: [S2, S3] };
    const res = await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, edit, w.t.tenant);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("Issue saved.");
    expect(body.data).toMatchObject({ title: "Sink and light", category: 2, priority: 3, emergency: true, presence: "may_enter", available: [S2, S3] });
    expect((await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, { ...edit, emergency: false }, w.t.tenant)).status).toBe(200);
    expect((await (await json("GET", `/api/issue/issue?issue_id=${issue.issue_id}`, undefined, w.t.tenant)).json()).data.priority).toBe(1);
    // Past slots, another tenant's unit.
    expect((await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, { ...edit, available: [PAST, S3] }, w.t.tenant)).status).toBe(422);
    expect((await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, { ...edit, unit_id: w.u102.unit_id }, w.t.tenant)).status).toBe(403);
    // The owner sees it but did not report it; the neighbour does not see it.
    const owner = await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, edit, w.t.owner);
    expect(owner.status).toBe(403);
    expect((await owner.json()).detail).toBe("Your part in this issue does not allow this.");
    expect((await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, edit, w.t.neighbour)).status).toBe(404);
    await db.query("update issues set stage = 'in_progress' where issue_id = $1", [issue.issue_id]);
    const late = await json("PUT", `/api/issue/details?issue_id=${issue.issue_id}`, edit, w.t.tenant);
    expect(late.status).toBe(409);
    expect((await late.json()).detail).toBe("This issue can no longer be changed: the work has started or is finished.");
    const kinds = await db.query<{ kind: string }>("select kind from issue_events where issue_id = $1 order by event_id", [issue.issue_id]);
    expect(kinds.rows.map((r) => r.kind)).toEqual(["reported", "edit", "edit"]);
  });
});

describe("issue media", () => {
  it("stores photos and a video by their bytes, privately; each issue answer carries signed links that load for those who see it", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { upload, load, get } = client();
    const res = await upload(issue.issue_id, jpeg(50), w.t.tenant, { headers: { "x-file-name": "sink.jpg", "content-type": "image/png" } });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({ kind: "image", file_name: "sink.jpg", path: "" });
    expect(data.url).toMatch(/^api\/issue\/file\/\d+\?u=\d+&exp=\d+&sig=[\w-]+$/);
    expect((await upload(issue.issue_id, mp4(), w.t.tenant)).status).toBe(201);
    // Bytes decide: HTML named as a photo is refused and nothing stays.
    expect((await upload(issue.issue_id, html(), w.t.tenant, { headers: { "x-file-name": "a.jpg", "content-type": "image/jpeg" } })).status).toBe(415);
    expect(await storedFiles()).toHaveLength(2);

    const owner = (await get(`/api/issue/issue?issue_id=${issue.issue_id}`, w.t.owner)).data;
    expect(owner.issue_images).toHaveLength(1);
    expect(owner.issue_videos).toHaveLength(1);
    expect(owner.images).toHaveLength(2);
    expect(owner.issue_images[0]).toMatchObject({ media_id: data.media_id, file_name: "sink.jpg", path: "" });
    const photo = await load(owner.issue_images[0].url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(jpeg(50)))).toBe(true);
    expect((await load(owner.issue_videos[0].url)).headers.get("content-type")).toBe("video/mp4");
    // The lists sign links too, for their own caller: here a manager of the company that runs the building.
    const jobs = await get("/api/issue/issues", w.t.manager);
    expect((await load(jobs.data[0].issue_images[0].url)).status).toBe(200);
  });

  it("a signed link does not work for someone who does not see the issue, nor once tampered with or expired", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { upload, load } = client();
    const { data } = await (await upload(issue.issue_id, jpeg(), w.t.tenant)).json();
    // A link signed (by the server's key) for the neighbour: they do not see the issue.
    const forNeighbour = signFileLink(await fileLinkSecret(db), data.media_id, w.neighbour.user_id, clock.now(), "issue");
    const res = await load(forNeighbour);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    // The same numbers as a property file's link are another signature.
    expect((await load(data.url.replace("api/issue/file/", "api/property/file/"))).status).not.toBe(200);
    expect((await load(data.url.replace(/sig=.*/, "sig=AAAA"))).status).toBe(403);
    expect((await load(data.url.replace(/u=\d+/, `u=${w.neighbour.user_id}`))).status).toBe(403);
    clock.set(NOW + 3 * HOUR);
    const expired = await load(data.url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).detail).toBe("This link is invalid or has expired. Open the issue again.");
  });

  it("at most 5 photos and 1 video per issue (422, the stored file removed); only the creator uploads, before the work starts", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { upload } = client();
    for (let i = 0; i < 5; i++) expect((await upload(issue.issue_id, jpeg(i), w.t.tenant)).status).toBe(201);
    const sixth = await upload(issue.issue_id, jpeg(9), w.t.tenant, { headers: AR });
    expect(sixth.status).toBe(422);
    expect((await sixth.json()).detail).toBe("يمكن أن تضم المشكلة 5 صور كحد أقصى.");
    expect((await upload(issue.issue_id, mp4(), w.t.tenant)).status).toBe(201);
    const second = await upload(issue.issue_id, mp4(), w.t.tenant);
    expect(second.status).toBe(422);
    expect((await second.json()).detail).toBe("An issue can have at most 1 video.");
    expect(await storedFiles()).toHaveLength(6);
    expect((await upload(issue.issue_id, jpeg(), w.t.owner)).status).toBe(403);
    expect((await upload(issue.issue_id, jpeg(), w.t.neighbour)).status).toBe(404);
    expect((await upload(999999, jpeg(), w.t.tenant)).status).toBe(404);
    await db.query("update issues set stage = 'in_progress' where issue_id = $1", [issue.issue_id]);
    const other = await reported(w);
    await db.query("update issues set stage = 'in_progress' where issue_id = $1", [other.issue_id]);
    expect((await upload(other.issue_id, jpeg(), w.t.tenant)).status).toBe(409);
    expect(await storedFiles()).toHaveLength(6);
  });

  it("the creator removes a photo (action edit): the stored file goes too; others may not", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { upload, json } = client();
    const { data } = await (await upload(issue.issue_id, jpeg(), w.t.tenant)).json();
    expect((await json("DELETE", `/api/issue/media?media_id=${data.media_id}`, undefined, w.t.owner)).status).toBe(403);
    expect((await json("DELETE", `/api/issue/media?media_id=${data.media_id}`, undefined, w.t.neighbour)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(1);
    const res = await json("DELETE", `/api/issue/media?media_id=${data.media_id}`, undefined, w.t.tenant);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("File deleted.");
    expect(body.data.images).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect((await json("DELETE", `/api/issue/media?media_id=${data.media_id}`, undefined, w.t.tenant)).status).toBe(404);
  });

  it("an upload repeated with its Idempotency-Key is stored once", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { upload } = client();
    const headers = { "idempotency-key": "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee" };
    const first = await (await upload(issue.issue_id, jpeg(), w.t.tenant, { headers })).json();
    const again = await upload(issue.issue_id, jpeg(), w.t.tenant, { headers });
    expect((await again.json()).data.media_id).toBe(first.data.media_id);
    expect(await storedFiles()).toHaveLength(1);
  });
});

describe("comments and the timeline", () => {
  it("anyone who sees the issue comments; the timeline lists moves and comments oldest first, with names and the caller's own marked", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { json, get } = client();
    clock.set(NOW + 60_000);
    const res = await json("POST", `/api/issue/comment?issue_id=${issue.issue_id}`, { body: "The leak got worse." }, w.t.owner);
    expect(res.status).toBe(201);
    const { message, data } = await res.json();
    expect(message).toBe("Comment added.");
    expect(data).toMatchObject({ kind: "comment", note: "The leak got worse.", actor_name: "Salim Owner", mine: true, images: [], from_stage: null });
    clock.set(NOW + 120_000);
    expect((await json("POST", `/api/issue/cancel?issue_id=${issue.issue_id}`, { reason: "Plumber friend came" }, w.t.tenant)).status).toBe(200);
    const timeline = (await get(`/api/issue/timeline?issue_id=${issue.issue_id}`, w.t.tenant)).data;
    expect(timeline.map((e: { kind: string; actor_name: string; mine: boolean }) => [e.kind, e.actor_name, e.mine])).toEqual([
      ["reported", "Maryam Tenant", true],
      ["comment", "Salim Owner", false],
      ["cancel", "Maryam Tenant", true],
    ]);
    expect(timeline[2]).toMatchObject({
      from_stage: "reported",
      to_stage: "cancelled",
      note: "Plumber friend came",
      created_at: new Date(NOW + 120_000).toISOString(),
    });
    // Finished: no more comments; the neighbour sees nothing of it.
    const closed = await json("POST", `/api/issue/comment?issue_id=${issue.issue_id}`, { body: "Thanks" }, w.t.owner);
    expect(closed.status).toBe(409);
    expect((await closed.json()).detail).toBe("This issue was cancelled.");
    expect((await json("GET", `/api/issue/timeline?issue_id=${issue.issue_id}`, undefined, w.t.neighbour)).status).toBe(404);
    expect((await json("POST", `/api/issue/comment?issue_id=${issue.issue_id}`, { body: "x" }, w.t.neighbour)).status).toBe(404);
    const empty = await json("POST", `/api/issue/comment?issue_id=${issue.issue_id}`, { body: " " }, w.t.owner, AR);
    expect((await empty.json()).errors.body).toBe("يُرجى كتابة تعليق.");
  });

  it("a comment takes up to 3 photos from its author, signed for whoever reads the timeline", async () => {
    const w = await repairWorld(db);
    const issue = await reported(w);
    const { json, upload, load, get } = client();
    const comment = (await (await json("POST", `/api/issue/comment?issue_id=${issue.issue_id}`, { body: "See the cabinet" }, w.t.owner)).json()).data;
    for (let i = 0; i < 3; i++) expect((await upload(issue.issue_id, jpeg(i), w.t.owner, { eventId: comment.event_id })).status).toBe(201);
    const fourth = await upload(issue.issue_id, jpeg(), w.t.owner, { eventId: comment.event_id });
    expect(fourth.status).toBe(422);
    expect((await fourth.json()).detail).toBe("A comment can have at most 3 photos.");
    // A video is not a comment photo; someone else's comment, or one of another issue, takes none.
    expect((await upload(issue.issue_id, mp4(), w.t.owner, { eventId: comment.event_id })).status).toBe(415);
    expect((await upload(issue.issue_id, jpeg(), w.t.tenant, { eventId: comment.event_id })).status).toBe(403);
    const other = await reported(w);
    expect((await upload(other.issue_id, jpeg(), w.t.tenant, { eventId: comment.event_id })).status).toBe(404);
    expect(await storedFiles()).toHaveLength(3);
    // The issue's own photos do not count them, nor show them.
    const seen = (await get(`/api/issue/issue?issue_id=${issue.issue_id}`, w.t.tenant)).data;
    expect(seen.images).toEqual([]);
    const timeline = (await get(`/api/issue/timeline?issue_id=${issue.issue_id}`, w.t.tenant)).data;
    const photos = timeline.find((e: { kind: string }) => e.kind === "comment").images;
    expect(photos).toHaveLength(3);
    expect(photos[0].url).toContain(`u=${w.tenant.user_id}`);
    expect((await load(photos[0].url)).status).toBe(200);
  });
});

describe("GET /issue/issues: who sees what, in which order", () => {
  async function listed(token: string, query = "") {
    const body = await client().get(`/api/issue/issues${query}`, token);
    return { total: body.total as number, titles: (body.data as { title: string }[]).map((i) => i.title) };
  }

  it("a tenant: issues of the unit they rent and those they reported; an owner: their properties'; a manager: their company's", async () => {
    const w = await repairWorld(db);
    const at = (n: number) => new Date(NOW - n * HOUR);
    const base = { property_id: w.building.property_id };
    await makeIssue(db, { ...base, unit_id: w.u101.unit_id, creator_id: w.owner.user_id, title: "Owner on 101", created_at: at(5) });
    await makeIssue(db, { ...base, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id, title: "Tenant on 101", created_at: at(4) });
    await makeIssue(db, { ...base, unit_id: w.u102.unit_id, creator_id: w.neighbour.user_id, title: "Neighbour on 102", created_at: at(3) });
    // The owner's other place, not run by the company, with a technician of another company.
    const villa = await makeProperty(db, { owner_id: w.owner.user_id, type: "villa" });
    await makeIssue(db, {
      property_id: villa.property_id,
      creator_id: w.owner.user_id,
      assigned_tech_id: w.otherTech.user_id,
      title: "Villa",
      created_at: at(2),
    });
    // Somewhere else entirely, assigned to the company's technician.
    await makeIssue(db, { assigned_tech_id: w.tech.user_id, title: "Elsewhere", created_at: at(1) });

    expect(await listed(w.t.tenant)).toEqual({ total: 2, titles: ["Tenant on 101", "Owner on 101"] });
    expect(await listed(w.t.neighbour)).toEqual({ total: 1, titles: ["Neighbour on 102"] });
    expect(await listed(w.t.owner)).toEqual({ total: 4, titles: ["Villa", "Neighbour on 102", "Tenant on 101", "Owner on 101"] });
    expect(await listed(w.t.manager)).toEqual({ total: 4, titles: ["Elsewhere", "Neighbour on 102", "Tenant on 101", "Owner on 101"] });
    expect(await listed(w.t.otherManager)).toEqual({ total: 1, titles: ["Villa"] });
    expect(await listed(w.t.stranger)).toEqual({ total: 0, titles: [] });
    // Scopes and a property.
    expect((await listed(w.t.owner, `?property_id=${villa.property_id}`)).titles).toEqual(["Villa"]);
    expect((await listed(w.t.owner, "?scope=mine")).titles).toEqual(["Villa", "Owner on 101"]);
    expect((await listed(w.t.manager, "?scope=property")).titles).toEqual(["Neighbour on 102", "Tenant on 101", "Owner on 101"]);
    expect((await listed(w.t.manager, "?scope=company")).total).toBe(4);
    // A tenant who moved out keeps what they reported, not the unit's others.
    await db.query("update tenancies set ended_at = now() where tenant_id = $1", [w.tenant.user_id]);
    expect(await listed(w.t.tenant)).toEqual({ total: 1, titles: ["Tenant on 101"] });
    await makeTenancy(db, { unit_id: w.u101.unit_id, tenant_id: w.stranger.user_id });
    expect((await listed(w.t.stranger)).titles).toEqual(["Tenant on 101", "Owner on 101"]);
    expect((await client().json("GET", "/api/issue/issues?status=maybe", undefined, w.t.owner)).status).toBe(422);
  });

  it("open: issues waiting for the caller (a slot to pick, a repair to confirm) first, then the newest; closed: newest first; pages of 10", async () => {
    const w = await repairWorld(db);
    const make = (title: string, stage: string, hoursAgo: number) =>
      makeIssue(db, {
        property_id: w.building.property_id,
        unit_id: w.u101.unit_id,
        creator_id: w.tenant.user_id,
        assigned_tech_id: w.tech.user_id,
        stage,
        title,
        tech_slots: stage === "proposed" ? [S1] : [],
        completed_at: stage === "completed" ? new Date(NOW - HOUR) : null,
        created_at: new Date(NOW - hoursAgo * HOUR),
      });
    await make("Old proposal", "proposed", 30);
    await make("Newest, scheduled", "scheduled", 1);
    await make("Done, to confirm", "completed", 20);
    await make("Accepted", "accepted", 10);
    await make("Closed long ago", "closed", 50);
    await make("Cancelled lately", "cancelled", 5);
    expect((await listed(w.t.tenant, "?status=open")).titles).toEqual(["Done, to confirm", "Old proposal", "Newest, scheduled", "Accepted"]);
    // The technician picks no slot and confirms nothing: newest first.
    const tech = await client().get("/api/issue/issues?status=open", w.t.tech);
    expect(tech.data.map((i: { title: string }) => i.title)).toEqual(["Newest, scheduled", "Accepted", "Done, to confirm", "Old proposal"]);
    expect((await listed(w.t.tenant, "?status=closed")).titles).toEqual(["Cancelled lately", "Closed long ago"]);
    for (let n = 0; n < 12; n++) await make(`More ${n}`, "accepted", 100 + n);
    const p1 = await client().get("/api/issue/issues?page_num=1", w.t.tenant);
    const p2 = await client().get("/api/issue/issues?page_num=2", w.t.tenant);
    expect([p1.total, p1.data.length, p2.data.length]).toEqual([16, 10, 6]);
    expect((await client().json("GET", "/api/issue/issues?page_num=0", undefined, w.t.tenant)).status).toBe(422);
  });

  it("/issue/jobs and /issue/issue carry the same new fields: stage, actions, visit, unit and technician", async () => {
    const w = await repairWorld(db);
    const { issue_id } = await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      assigned_tech_id: w.tech.user_id,
      stage: "scheduled",
      category: 1,
      tech_slots: [S1],
      visit: S1,
    });
    const { get } = client();
    const job = (await get("/api/issue/jobs", w.t.tech)).data[0];
    expect(job).toMatchObject({
      issue_id,
      stage: "scheduled",
      visit: S1,
      unit_name: "101",
      tech_id: w.tech.user_id,
      tech_name: "Ahmed Tech",
      category: 1,
      issue_status: 0,
    });
    expect(job.tech_mob_no).toMatch(/^\+968\d+$/);
    // Acknowledged already: the technician may change the visit time, not acknowledge again, and start the work.
    expect(job.actions).toEqual(["comment", "reschedule", "start", "unit"]);
    const mine = (await get(`/api/issue/issue?issue_id=${issue_id}`, w.t.tenant)).data;
    expect(mine.actions).toEqual(["edit", "upload", "cancel", "comment"]);
    const owners = (await get(`/api/issue/issue?issue_id=${issue_id}`, w.t.owner)).data;
    expect(owners.actions).toEqual(["cancel", "comment"]);
    // `mine`: the tenant reported it; the owner and the technician did not.
    expect([mine.mine, owners.mine, job.mine]).toEqual([true, false, false]);
    expect((await client().json("GET", `/api/issue/issue?issue_id=${issue_id}`, undefined, w.t.neighbour)).status).toBe(404);
  });
});
