// What the job leaves behind (issue 12, LOOP.md sections 2 to 4; SPEC.md's dashboard): the work report on the issue
// (prices only for those who answer for the bill, never for tenants), the customer's signature (one image, a new one
// replaces the old, never a photo), the technician's reports, the company's dashboard and the manager's home counts.
// Figures are checked against rows each test makes; every answer must parse with the contract (src/contract/jobs.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issueResponse } from "../../src/contract/issues";
import { companySummaryResponse, dashboardResponse, receiptResponse, techReportsResponse, workReport } from "../../src/contract/jobs";
import type { Stage } from "../../src/contract/repairs";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { diskStorage } from "../../server/lib/storage";
import { makeIssue, makeProperty, makeUnit, makeUser, signIn } from "./factories";
import { testApp } from "./helpers";
import { HOUR, NOW, type RepairWorld, S1, S2, jpeg, mp4, repairWorld, repairSuite, REPORT } from "./repair-helpers";

let db: Db;
let dir: string;
repairSuite((d, tmp) => {
  db = d;
  dir = tmp;
}, "fixit-reports-");

const AR = { "accept-language": "ar" };
const MINUTE = 60_000;
/** NOW is 10:00 on 1 March 2030 in Muscat (+4): the local month began at 20:00 UTC on 28 February. */
const MARCH_START = Date.parse("2030-02-28T20:00:00Z");

/** A PNG recognised by its bytes (what the app's signature pad sends). */
const png = () =>
  new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0,
    0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
  ]);

function client() {
  const t = testApp(db, { storage: diskStorage(dir) });
  const call = (move: string, id: number, token: string, payload?: unknown) => t.json("POST", `/api/issue/${move}?issue_id=${id}`, payload, token);
  const upload = (id: number, token: string, phase: string, bytes = png()) =>
    t.app.request(`/api/issue/media?issue_id=${id}&phase=${phase}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: bytes,
    });
  const get = (path: string, token: string, headers: Record<string, string> = {}) => t.json("GET", path, undefined, token, headers);
  return { ...t, call, upload, get };
}

/** An issue the tenant reported in unit 101, assigned to the world's technician, in progress (started an hour ago). */
async function inProgress(w: RepairWorld) {
  const { issue_id } = await makeIssue(db, {
    property_id: w.building.property_id,
    unit_id: w.u101.unit_id,
    creator_id: w.tenant.user_id,
    assigned_tech_id: w.tech.user_id,
    stage: "in_progress",
    slots: [S1, S2],
    tech_slots: [S1],
    visit: S1,
  });
  await db.query("update issues set started_at = $2 where issue_id = $1", [issue_id, new Date(NOW - HOUR)]);
  return issue_id;
}

const signatures = async (id: number) =>
  (await db.query<{ media_id: number; storage_key: string }>("select media_id, storage_key from issue_media where issue_id = $1 and phase = 'signature'", [id]))
    .rows;

describe("the work report on the issue", () => {
  it("is null before completion; once completed the owner, the managers and the technician get it with its prices", async () => {
    const w = await repairWorld(db);
    const { call, upload, get } = client();
    const id = await inProgress(w);
    const before = issueResponse.parse(await (await get(`/api/issue/issue?issue_id=${id}`, w.t.owner)).json());
    expect(before.data.work_report).toBeNull();
    expect((await upload(id, w.t.tech, "after", jpeg())).status).toBe(201);
    expect((await upload(id, w.t.tech, "signature")).status).toBe(201);
    const done = await call("complete", id, w.t.tech, REPORT);
    expect(done.status).toBe(200);
    // The move's answer carries it too.
    const moved = issueResponse.parse(await done.json());
    expect(moved.data.work_report?.parts[0]).toMatchObject({ name: "P-trap", unit_price: 1250 });

    for (const who of ["owner", "manager", "tech"] as const) {
      const res = await get(`/api/issue/issue?issue_id=${id}`, w.t[who]);
      expect(res.status, who).toBe(200);
      const { data } = issueResponse.parse(await res.json());
      const report = workReport.parse(data.work_report);
      expect(report, who).toMatchObject({
        notes: REPORT.notes,
        minutes: 90,
        follow_up: true,
        occupant_damage: false,
        tech_name: "Ahmed Tech",
        created_at: new Date(NOW).toISOString(),
        currency: "OMR",
        decimals: 3,
        parts: [
          { name: "P-trap", qty: 2, unit_price: 1250, unit_price_text: "1.250" },
          { name: "Washer", qty: 1, unit_price: 105, unit_price_text: "0.105" },
        ],
        extra_costs: [{ label: "Call-out", amount: 500, amount_text: "0.500" }],
      });
      expect(report.signature?.url, who).toBeTruthy();
    }
  });

  it("a tenant's answers never carry a price: the report's parts and costs without amounts, nor any list, timeline or receipt", async () => {
    const w = await repairWorld(db);
    const { call, upload, get } = client();
    const id = await inProgress(w);
    await upload(id, w.t.tech, "after", jpeg());
    await upload(id, w.t.tech, "signature");
    expect((await call("complete", id, w.t.tech, REPORT)).status).toBe(200);

    const one = await get(`/api/issue/issue?issue_id=${id}`, w.t.tenant);
    const { data } = issueResponse.parse(await one.clone().json());
    // The tenant does see what was done: notes, parts and costs by name, the time, the signature.
    expect(data.work_report).toMatchObject({
      notes: REPORT.notes,
      minutes: 90,
      parts: [
        { name: "P-trap", qty: 2 },
        { name: "Washer", qty: 1 },
      ],
      extra_costs: [{ label: "Call-out" }],
    });
    expect(data.work_report?.signature).toBeTruthy();
    const texts = [await one.text()];
    for (const path of ["/api/issue/issues?status=open", "/api/issue/issues?status=closed", `/api/issue/timeline?issue_id=${id}`]) {
      const res = await get(path, w.t.tenant);
      expect(res.status, path).toBe(200);
      texts.push(await res.text());
    }
    expect(texts[1]).toContain(`"issue_id":${id}`);
    for (const text of texts)
      for (const leak of ['"unit_price', '"amount', '"total_text', ":1250", '"1.250"', '"0.105"', '"0.500"', '"hourly_rate', '"subtotal', '"vat'])
        expect(text, leak).not.toContain(leak);
    // The same issue for the owner: the prices are there (the check above can fail).
    expect(await (await get(`/api/issue/issue?issue_id=${id}`, w.t.owner)).text()).toContain('"unit_price_text":"1.250"');
    expect((await get(`/api/issue/receipt?issue_id=${id}`, w.t.tenant)).status).toBe(403);
  });

  // It showed none until completed again, and the form completing it started empty: the first visit's parts and time
  // were lost from the receipt (walked). The report of the visit before now stays in sight; a cancelled repair shows none.
  it("a reopened repair keeps the report of the visit before in sight until it is completed again", async () => {
    const w = await repairWorld(db);
    const { call, upload, get } = client();
    const id = await inProgress(w);
    await upload(id, w.t.tech, "after", jpeg());
    await call("complete", id, w.t.tech, REPORT);
    const reopened = issueResponse.parse(await (await call("reopen", id, w.t.tenant, { reason: "Still dripping" })).json());
    expect(reopened.data.stage).toBe("assigned");
    expect(reopened.data.work_report).toMatchObject({ notes: REPORT.notes });
    const list = await (await get("/api/issue/issues?status=open", w.t.owner)).json();
    expect(list.data.find((i: { issue_id: number }) => i.issue_id === id).work_report).toMatchObject({ notes: REPORT.notes });
    await call("cancel", id, w.t.owner, { reason: "Fixed it myself" });
    const cancelled = await (await get(`/api/issue/issue?issue_id=${id}`, w.t.owner)).json();
    expect(cancelled.data.stage).toBe("cancelled");
    expect(cancelled.data.work_report).toBeNull();
  });
});

describe("the signature (POST /issue/media?phase=signature)", () => {
  it("one image from the technician while the work is in progress; a new one replaces the old and its file", async () => {
    const w = await repairWorld(db);
    const { upload, get } = client();
    const id = await inProgress(w);
    const first = await upload(id, w.t.tech, "signature");
    expect(first.status).toBe(201);
    expect((await first.json()).data).toMatchObject({ kind: "image", phase: "signature" });
    const [old] = await signatures(id);
    const stored = (key: string) => existsSync(join(dir, key));
    expect(stored(old.storage_key)).toBe(true);

    const second = await upload(id, w.t.tech, "signature", jpeg());
    expect(second.status).toBe(201);
    const now = await signatures(id);
    expect(now).toHaveLength(1);
    expect(now[0].media_id).not.toBe(old.media_id);
    expect(stored(now[0].storage_key)).toBe(true);
    expect(stored(old.storage_key)).toBe(false);

    // Not a photo: neither the report's nor the finished work's.
    const { data } = issueResponse.parse(await (await get(`/api/issue/issue?issue_id=${id}`, w.t.owner)).json());
    expect(data.images).toEqual([]);
    expect(data.after_images).toEqual([]);
  });

  it("does not count as an after-photo: completing still needs one", async () => {
    const w = await repairWorld(db);
    const { call, upload } = client();
    const id = await inProgress(w);
    await upload(id, w.t.tech, "signature");
    const res = await call("complete", id, w.t.tech, REPORT);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.after_images).toBeTruthy();
  });

  it("is refused to others (403), before the work starts (409), as a video (415); only the technician removes it", async () => {
    const w = await repairWorld(db);
    const { upload, json } = client();
    const id = await inProgress(w);
    expect((await upload(id, w.t.tenant, "signature")).status).toBe(403);
    expect((await upload(id, w.t.owner, "signature")).status).toBe(403);
    expect((await upload(id, w.t.neighbour, "signature")).status).toBe(404);
    expect((await upload(id, w.t.tech, "signature", mp4())).status).toBe(415);
    const { issue_id: scheduled } = await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      assigned_tech_id: w.tech.user_id,
      stage: "scheduled",
      visit: S1,
    });
    const early = await upload(scheduled, w.t.tech, "signature");
    expect(early.status).toBe(409);
    expect((await early.json()).detail).toBeTruthy();
    const bad = await upload(id, w.t.tech, "signed");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.phase).toBeTruthy();
    expect(await signatures(id)).toEqual([]);

    await upload(id, w.t.tech, "signature");
    const [sig] = await signatures(id);
    expect((await json("DELETE", `/api/issue/media?media_id=${sig.media_id}`, undefined, w.t.tenant)).status).toBe(403);
    expect((await json("DELETE", `/api/issue/media?media_id=${sig.media_id}`, undefined, w.t.tech)).status).toBe(200);
    expect(await signatures(id)).toEqual([]);
  });

  it("is on the receipt", async () => {
    const w = await repairWorld(db);
    const { call, upload, get } = client();
    const id = await inProgress(w);
    await upload(id, w.t.tech, "after", jpeg());
    const without = await inProgress(w);
    await upload(without, w.t.tech, "after", jpeg());
    await upload(id, w.t.tech, "signature");
    await call("complete", id, w.t.tech, REPORT);
    await call("complete", without, w.t.tech, REPORT);
    const receipt = receiptResponse.parse(await (await get(`/api/issue/receipt?issue_id=${id}`, w.t.owner)).json()).data;
    const [sig] = await signatures(id);
    expect(receipt.signature).toMatchObject({ media_id: sig.media_id });
    expect(receipt.signature?.url).toBeTruthy();
    expect(receipt.after_photos).toHaveLength(1);
    expect(receipt.before_photos).toEqual([]);
    const none = receiptResponse.parse(await (await get(`/api/issue/receipt?issue_id=${without}`, w.t.owner)).json()).data;
    expect(none.signature).toBeNull();
  });
});

interface Done {
  tech: number;
  completedAt: number;
  minutes: number;
  qty?: number[];
  rating?: number | null;
  stage?: Stage;
  closedAt?: number | null;
  createdAt?: number;
  property_id?: number;
  title?: string;
}

/** A repair completed at `completedAt` with a work report by `tech` (rows written here, not through the moves). */
async function done(w: RepairWorld, f: Done) {
  const { issue_id } = await makeIssue(db, {
    property_id: f.property_id ?? w.building.property_id,
    unit_id: f.property_id ? null : w.u101.unit_id,
    creator_id: w.tenant.user_id,
    assigned_tech_id: f.tech,
    stage: f.stage ?? "completed",
    title: f.title,
    created_at: new Date(f.createdAt ?? Date.parse("2030-01-10T08:00:00Z")),
    completed_at: new Date(f.completedAt),
  });
  await db.query("update issues set rating = $2, closed_at = $3, updated_at = $4 where issue_id = $1", [
    issue_id,
    f.rating ?? null,
    f.closedAt ? new Date(f.closedAt) : null,
    new Date(f.closedAt ?? f.completedAt),
  ]);
  await db.query("insert into work_reports (issue_id, tech_id, notes, minutes, created_at) values ($1, $2, 'Fixed.', $3, $4)", [
    issue_id,
    f.tech,
    f.minutes,
    new Date(f.completedAt),
  ]);
  for (const [i, qty] of (f.qty ?? []).entries())
    await db.query("insert into work_report_parts (issue_id, position, name, qty, unit_price) values ($1, $2, 'Part', $3, 100)", [issue_id, i, qty]);
  return issue_id;
}

const reopenAt = (id: number, at: number, actor: number) =>
  db.query("insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, created_at) values ($1, $2, 'reopen', 'completed', 'assigned', $3)", [
    id,
    actor,
    new Date(at),
  ]);

describe("GET /tech/reports", () => {
  it("this month so far by default, in local time: jobs, minutes, parts, the average of the ratings given, reopens; newest first", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    const latest = await done(w, { tech: w.tech.user_id, completedAt: NOW - HOUR, minutes: 40, qty: [2, 1], title: "Latest" });
    // 01:00 on 1 March in Muscat (still February in UTC).
    const early = await done(w, {
      tech: w.tech.user_id,
      completedAt: MARCH_START + HOUR,
      minutes: 50,
      qty: [1],
      rating: 5,
      stage: "closed",
      closedAt: MARCH_START + 2 * HOUR,
      title: "Early",
    });
    // 23:00 on 28 February in Muscat: last month.
    const february = await done(w, { tech: w.tech.user_id, completedAt: MARCH_START - HOUR, minutes: 70, qty: [4], rating: 1, title: "February" });
    // Another technician's work.
    await done(w, { tech: w.tech2.user_id, completedAt: NOW - HOUR, minutes: 30, rating: 2 });
    // Reopens of the technician's repairs: one this month, one last month; one of another technician's.
    const { issue_id: sentBack } = await makeIssue(db, { property_id: w.building.property_id, assigned_tech_id: w.tech.user_id, stage: "assigned" });
    await reopenAt(sentBack, NOW - 2 * HOUR, w.tenant.user_id);
    await reopenAt(february, MARCH_START - 10 * MINUTE, w.tenant.user_id);
    const { issue_id: others } = await makeIssue(db, { property_id: w.building.property_id, assigned_tech_id: w.tech2.user_id, stage: "assigned" });
    await reopenAt(others, NOW - HOUR, w.tenant.user_id);

    const res = await get("/api/tech/reports", w.t.tech);
    expect(res.status).toBe(200);
    const { data } = techReportsResponse.parse(await res.json());
    expect(data).toMatchObject({ from: "2030-03-01", to: "2030-03-01" });
    expect(data.figures).toEqual({ jobs_done: 2, minutes: 90, parts: 4, average_rating: 5, reopened: 1 });
    expect(data.reports.map((r) => r.issue_id)).toEqual([latest, early]);
    expect(data.reports[0]).toMatchObject({
      title: "Latest",
      property_name: "Qurum Heights",
      unit_name: "101",
      completed_at: new Date(NOW - HOUR).toISOString(),
      minutes: 40,
      parts: 3,
      rating: null,
      stage: "completed",
    });
    expect(data.reports[1]).toMatchObject({ minutes: 50, parts: 1, rating: 5, stage: "closed" });

    const feb = techReportsResponse.parse(await (await get("/api/tech/reports?from=2030-02-01&to=2030-02-28", w.t.tech)).json()).data;
    expect(feb.figures).toEqual({ jobs_done: 1, minutes: 70, parts: 4, average_rating: 1, reopened: 1 });
    expect(feb.reports.map((r) => r.issue_id)).toEqual([february]);
    const both = techReportsResponse.parse(await (await get("/api/tech/reports?from=2030-02-01&to=2030-03-31", w.t.tech)).json()).data;
    expect(both.figures).toMatchObject({ jobs_done: 3, minutes: 160, average_rating: 3, reopened: 2 });
    expect(both.reports.map((r) => r.issue_id)).toEqual([latest, early, february]);
  });

  it("an empty period has zero figures and no average", async () => {
    const w = await repairWorld(db);
    const res = await client().get("/api/tech/reports?from=2029-01-01&to=2029-01-31", w.t.tech);
    const { data } = techReportsResponse.parse(await res.json());
    expect(data.figures).toEqual({ jobs_done: 0, minutes: 0, parts: 0, average_rating: null, reopened: 0 });
    expect(data.reports).toEqual([]);
  });

  it("refuses dates that are not real (422 at the field), a period that ends before it starts, and other roles", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    const badDay = await get("/api/tech/reports?from=2030-02-30", w.t.tech);
    expect(badDay.status).toBe(422);
    expect((await badDay.json()).errors.from).toBe("Dates must be real dates written YYYY-MM-DD.");
    const badFormat = await get("/api/tech/reports?to=1-3-2030", w.t.tech, AR);
    expect(badFormat.status).toBe(422);
    expect((await badFormat.json()).errors.to).toBe("يجب أن تكون التواريخ حقيقية وبصيغة YYYY-MM-DD.");
    const backwards = await get("/api/tech/reports?from=2030-03-05&to=2030-03-01", w.t.tech, AR);
    expect(backwards.status).toBe(422);
    expect((await backwards.json()).errors.to).toBe("يجب ألا تكون بداية الفترة بعد نهايتها.");
    for (const who of ["manager", "owner", "tenant"] as const) expect((await get("/api/tech/reports", w.t[who])).status, who).toBe(403);
  });
});

describe("GET /company/dashboard", () => {
  it("the company's properties by type, the month's figures, its technicians and its latest tasks; nothing of another company", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    const villa = await makeProperty(db, { owner_id: w.owner.user_id, company_id: w.gulf.company_id, type: "villa" });
    await makeProperty(db, { owner_id: w.owner.user_id, company_id: w.gulf.company_id, type: "townhouse" });
    const office = await makeProperty(db, { owner_id: w.owner.user_id, company_id: w.other.company_id, type: "office" });
    await makeUnit(db, { property_id: villa.property_id });
    const disabled = await makeUser(db, { role: 1, company_id: w.gulf.company_id, name: "Gone Tech" });
    await db.query("update users set disabled = true where user_id = $1", [disabled.user_id]);

    // Reported this month (open), and an old job in progress (open).
    const { issue_id: fresh } = await makeIssue(db, { property_id: villa.property_id, stage: "reported", created_at: new Date(NOW - HOUR) });
    await makeIssue(db, { property_id: w.building.property_id, assigned_tech_id: w.tech.user_id, stage: "in_progress" });
    // Completed this month: 60 + 30 + 15 minutes; the second closed with 4 stars.
    await done(w, { tech: w.tech.user_id, completedAt: NOW - 2 * HOUR, minutes: 60 });
    await done(w, { tech: w.tech2.user_id, completedAt: MARCH_START + HOUR, minutes: 30, stage: "closed", rating: 4, closedAt: NOW - 3 * HOUR });
    await done(w, { tech: w.tech2.user_id, completedAt: NOW - 4 * HOUR, minutes: 15 });
    // Completed in February, closed this month with 2 stars; completed at 23:00 on 28 February local time.
    await done(w, { tech: w.tech.user_id, completedAt: Date.parse("2030-02-20T08:00:00Z"), minutes: 45, stage: "closed", rating: 2, closedAt: NOW - 5 * HOUR });
    await done(w, { tech: w.tech.user_id, completedAt: MARCH_START - HOUR, minutes: 25 });
    // Another company's: reported and completed this month.
    await makeIssue(db, { property_id: office.property_id, stage: "reported", created_at: new Date(NOW - HOUR) });
    await done(w, {
      tech: w.otherTech.user_id,
      completedAt: NOW - HOUR,
      minutes: 99,
      property_id: office.property_id,
      rating: 1,
      stage: "closed",
      closedAt: NOW,
    });

    const res = await get("/api/company/dashboard", w.t.manager);
    expect(res.status).toBe(200);
    const { data } = dashboardResponse.parse(await res.json());
    expect(data.month).toBe("2030-03");
    expect(data.properties).toEqual({ total: 3, building: 1, villa: 1, townhouse: 1, office: 0 });
    expect(data.figures).toEqual({ reported: 1, completed: 3, open: 2, average_rating: 3, minutes: 105 });
    expect(data.workers.map((x) => [x.name, x.done, x.open_jobs])).toEqual([
      ["Second Tech", 2, 0],
      ["Ahmed Tech", 1, 1],
    ]);
    // The latest updated this month first: the new report, then the closings and completions by time.
    expect(data.tasks[0]).toMatchObject({ issue_id: fresh, property_type: "villa", desc: "Something needs fixing", stage: "reported" });
    expect(data.tasks.map((x) => x.updated_at)).toEqual([...data.tasks.map((x) => x.updated_at)].sort().reverse());
    expect(data.tasks).toHaveLength(5);

    const feb = dashboardResponse.parse(await (await get("/api/company/dashboard?month=2030-02", w.t.manager)).json()).data;
    expect(feb.figures).toMatchObject({ reported: 0, completed: 2, minutes: 70, average_rating: null, open: 2 });
    expect(feb.tasks).toHaveLength(1);
  });

  it("lists at most the 10 most recently updated tasks of the month", async () => {
    const w = await repairWorld(db);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { issue_id } = await makeIssue(db, { property_id: w.building.property_id, stage: "reported", created_at: new Date(NOW - (i + 1) * MINUTE) });
      ids.push(issue_id);
    }
    const { data } = dashboardResponse.parse(await (await client().get("/api/company/dashboard", w.t.manager)).json());
    expect(data.tasks.map((x) => x.issue_id)).toEqual(ids.slice(0, 10));
    expect(data.figures).toMatchObject({ reported: 12, open: 12 });
  });

  it("refuses a month not written YYYY-MM (422, in Arabic too) and callers who are not managers", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    const bad = await get("/api/company/dashboard?month=2030-13", w.t.manager, AR);
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.month).toBe("يجب كتابة الشهر بصيغة YYYY-MM.");
    for (const who of ["tech", "owner", "tenant"] as const) expect((await get("/api/company/dashboard", w.t[who])).status, who).toBe(403);
  });
});

describe("GET /company/summary", () => {
  it("counts what the manager sees now: unassigned, waiting for acceptance, today's visits and late ones, by the property's clock", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    const riyadh = await makeProperty(db, { owner_id: w.owner.user_id, company_id: w.gulf.company_id });
    await db.query("update properties set country = 'Saudi Arabia' where property_id = $1", [riyadh.property_id]);
    const otherBuilding = await makeProperty(db, { owner_id: w.owner.user_id, company_id: w.other.company_id });
    const at = (stage: Stage, visit: { date: string; time_from: string; time_to: string } | null, property_id = w.building.property_id, tech = w.tech) =>
      makeIssue(db, { property_id, stage, assigned_tech_id: stage === "reported" ? null : tech.user_id, visit });
    const day = (date: string, time_from: string, time_to: string) => ({ date, time_from, time_to });

    await at("reported", null);
    await at("reported", null);
    await at("assigned", null);
    await at("accepted", null);
    const toCome = await at("scheduled", day("2030-03-01", "14:00", "16:00")); // today, to come
    const passed = await at("scheduled", day("2030-03-01", "08:00", "09:00")); // today, passed without a start
    const yesterday = await at("scheduled", day("2030-02-28", "14:00", "16:00")); // yesterday, passed
    const started = await at("in_progress", day("2030-03-01", "08:00", "09:00")); // today, started
    await at("scheduled", day("2030-03-02", "08:00", "09:00")); // tomorrow
    // 09:00 in Riyadh (+3): a visit until 09:30 has not passed yet there.
    const inRiyadh = await at("scheduled", day("2030-03-01", "08:30", "09:30"), riyadh.property_id);
    // Another company's.
    await at("reported", null, otherBuilding.property_id);
    await at("scheduled", day("2030-02-28", "14:00", "16:00"), otherBuilding.property_id, w.otherTech);

    const res = await get("/api/company/summary", w.t.manager);
    expect(res.status).toBe(200);
    const { data } = companySummaryResponse.parse(await res.json());
    // The staff tile's number is the /resources list's total.
    const staffTotal = async (token: string) => (await (await get("/api/company/staffs?page_num=1", token)).json()).total;
    expect(data).toEqual({ unassigned: 2, waiting_acceptance: 1, today_visits: 4, overdue: 2, staff: await staffTotal(w.t.manager) });
    expect(data.staff).toBeGreaterThan(0);
    const other = companySummaryResponse.parse(await (await get("/api/company/summary", w.t.otherManager)).json()).data;
    expect(other).toEqual({ unassigned: 1, waiting_acceptance: 0, today_visits: 0, overdue: 1, staff: await staffTotal(w.t.otherManager) });
    // Later that day, the afternoon visit is late too, and Riyadh's.
    clock.set(NOW + 7 * HOUR);
    const later = companySummaryResponse.parse(await (await get("/api/company/summary", w.t.manager)).json()).data;
    expect(later).toMatchObject({ today_visits: 4, overdue: 4 });
    for (const who of ["tech", "owner", "tenant"] as const) expect((await get("/api/company/summary", w.t[who])).status, who).toBe(403);

    // Each count opens its list (GET /issue/issues?visit=): the same repairs, by the same clocks.
    const listed = async (query: string, token = w.t.manager) => {
      const body = await (await get(`/api/issue/issues?scope=company&${query}`, token)).json();
      return { total: body.total, ids: (body.data as { issue_id: number }[]).map((i) => i.issue_id).sort((a, b) => a - b) };
    };
    const ids = (...issues: { issue_id: number }[]) => issues.map((i) => i.issue_id).sort((a, b) => a - b);
    clock.set(NOW);
    expect(await listed("visit=today")).toEqual({ total: 4, ids: ids(toCome, passed, started, inRiyadh) });
    expect(await listed("visit=overdue")).toEqual({ total: 2, ids: ids(passed, yesterday) });
    expect((await listed("stage=assigned")).total).toBe(1);
    expect(await listed("visit=overdue", w.t.otherManager)).toMatchObject({ total: 1 });
    clock.set(NOW + 7 * HOUR);
    expect(await listed("visit=overdue")).toEqual({ total: 4, ids: ids(toCome, passed, yesterday, inRiyadh) });
    const bad = await get("/api/issue/issues?scope=company&visit=tomorrow", w.t.manager, AR);
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.visit).toBe("يُرجى اختيار زيارات اليوم أو المتأخرة.");
  });

  it("a manager with nothing to do gets zeros", async () => {
    const w = await repairWorld(db);
    const lone = await makeUser(db, { role: 2, company_id: w.other.company_id });
    const res = await client().get("/api/company/summary", await signIn(db, lone));
    expect(companySummaryResponse.parse(await res.json()).data).toMatchObject({ unassigned: 0, waiting_acceptance: 0, today_visits: 0, overdue: 0 });
  });
});
