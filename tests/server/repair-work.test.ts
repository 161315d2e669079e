import { describe, expect, it } from "vitest";
import { STAGES, type Stage } from "../../src/contract/repairs";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { diskStorage } from "../../server/lib/storage";
import { makeIssue, makeProperty, makeUnit } from "./factories";
import { testApp } from "./helpers";
import { HOUR, NOW, type RepairWorld, S1, S2, jpeg, repairWorld, repairSuite, REPORT } from "./repair-helpers";

let db: Db;
let dir: string;
repairSuite((d, tmp) => {
  db = d;
  dir = tmp;
}, "fixit-work-");

const AR = { "accept-language": "ar" };
const MINUTE = 60_000;

type Who = "creator" | "tenant" | "owner" | "manager" | "tech_manager" | "technician";
type Actor = "tenant" | "owner" | "manager" | "tech" | "neighbour" | "otherManager";
const ACTORS: Actor[] = ["tenant", "owner", "manager", "tech", "neighbour", "otherManager"];
const relationsAt = (actor: Actor, stage: Stage): Who[] =>
  ({
    tenant: ["creator", "tenant"] as Who[],
    owner: ["owner"] as Who[],
    manager: (stage === "reported" ? ["manager"] : ["manager", "tech_manager"]) as Who[],
    tech: (stage === "reported" ? [] : ["technician"]) as Who[],
    neighbour: [] as Who[],
    otherManager: [] as Who[],
  })[actor];

interface Spec {
  to: Stage;
  rules: Array<[Who[], Stage[]]>;
  body: unknown;
  /** The issue is on hold (resume), or has an after-photo (complete). */
  held?: boolean;
  afterPhoto?: boolean;
}
const SPEC: Record<string, Spec> = {
  decline: { to: "reported", rules: [[["technician"], ["assigned"]]], body: { reason: "Not my trade" } },
  start: { to: "in_progress", rules: [[["technician", "tech_manager"], ["scheduled"]]], body: undefined },
  hold: { to: "in_progress", rules: [[["technician", "tech_manager"], ["in_progress"]]], body: { reason: "Waiting for a part" } },
  resume: { to: "in_progress", rules: [[["technician", "tech_manager"], ["in_progress"]]], body: undefined, held: true },
  complete: { to: "completed", rules: [[["technician"], ["in_progress"]]], body: REPORT, afterPhoto: true },
};

function expected(move: string, actor: Actor, stage: Stage): number {
  const rel = relationsAt(actor, stage);
  if (!rel.length) return 404;
  const mine = SPEC[move].rules.filter(([who]) => who.some((x) => rel.includes(x)));
  if (!mine.length) return 403;
  return mine.some(([, from]) => from.includes(stage)) ? 200 : 409;
}

/** An issue the tenant reported in unit 101 at `stage`; on hold, with an after-photo, started when asked. */
async function issueAt(
  w: RepairWorld,
  stage: Stage,
  f: { held?: boolean; afterPhoto?: boolean; startedAt?: number; property_id?: number; unit_id?: number } = {},
) {
  const { issue_id } = await makeIssue(db, {
    property_id: f.property_id ?? w.building.property_id,
    unit_id: f.unit_id ?? w.u101.unit_id,
    creator_id: w.tenant.user_id,
    assigned_tech_id: stage === "reported" ? null : w.tech.user_id,
    stage,
    slots: [S1, S2],
    tech_slots: stage === "scheduled" || stage === "in_progress" ? [S1] : [],
    visit: stage === "scheduled" || stage === "in_progress" ? S1 : null,
    completed_at: stage === "completed" ? new Date(NOW - HOUR) : null,
  });
  if (f.held) await db.query("update issues set held_at = $2, hold_reason = 'Waiting' where issue_id = $1", [issue_id, new Date(NOW - HOUR)]);
  if (f.startedAt !== undefined) await db.query("update issues set started_at = $2 where issue_id = $1", [issue_id, new Date(f.startedAt)]);
  if (f.afterPhoto)
    await db.query("insert into issue_media (issue_id, kind, file_name, path, phase) values ($1, 'image', 'after.jpg', 'demo/after.jpg', 'after')", [issue_id]);
  return issue_id;
}

function client() {
  const t = testApp(db, { storage: diskStorage(dir) });
  const call = (move: string, id: number, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.json("POST", `/api/issue/${move}?issue_id=${id}`, payload, token, headers);
  const upload = (id: number, token: string, phase = "after") =>
    t.app.request(`/api/issue/media?issue_id=${id}&phase=${phase}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: jpeg(),
    });
  const get = (path: string, token: string, headers: Record<string, string> = {}) => t.json("GET", path, undefined, token, headers);
  return { ...t, call, upload, get };
}

const row = async (id: number) =>
  (
    await db.query<Record<string, unknown>>(
      "select stage, assigned_tech_id, started_at, held_at, hold_reason, completed_at, visit_date from issues where issue_id = $1",
      [id],
    )
  ).rows[0];
const lastEvent = async (id: number) =>
  (
    await db.query<Record<string, unknown>>(
      "select kind, from_stage, to_stage, note, actor_id from issue_events where issue_id = $1 order by event_id desc limit 1",
      [id],
    )
  ).rows[0];

describe("the job's moves in the table", () => {
  for (const move of Object.keys(SPEC))
    it(`${move}: allowed for the right relation at the right stage, 403/404/409 with a detail otherwise`, async () => {
      const w = await repairWorld(db);
      const { call } = client();
      const extra = { held: SPEC[move].held, afterPhoto: SPEC[move].afterPhoto };
      const seen: Record<number, number> = {};
      for (const stage of STAGES) {
        let id = await issueAt(w, stage, extra);
        const allowed = ACTORS.filter((a) => expected(move, a, stage) === 200);
        for (const actor of ACTORS.filter((a) => !allowed.includes(a))) {
          const res = await call(move, id, w.t[actor], SPEC[move].body);
          const want = expected(move, actor, stage);
          expect(res.status, `${move} by ${actor} at ${stage}`).toBe(want);
          seen[want] = (seen[want] ?? 0) + 1;
          expect((await res.json()).detail, `${move} by ${actor} at ${stage}`).toBeTruthy();
        }
        expect((await row(id)).stage).toBe(stage);
        for (const [i, actor] of allowed.entries()) {
          if (i > 0) id = await issueAt(w, stage, extra);
          const res = await call(move, id, w.t[actor], SPEC[move].body);
          expect(res.status, `${move} by ${actor} at ${stage}`).toBe(200);
          seen[200] = (seen[200] ?? 0) + 1;
          const body = await res.json();
          expect(body).toMatchObject({ status: 1 });
          expect(body.message).toBeTruthy();
          // The technician who declined no longer sees the issue: the answer has no data.
          if (move === "decline") expect(body.data).toBeUndefined();
          else expect(body.data).toMatchObject({ issue_id: id, stage: SPEC[move].to });
          expect(await lastEvent(id)).toMatchObject({ kind: move, from_stage: stage, to_stage: SPEC[move].to });
        }
      }
      for (const code of [200, 403, 404, 409]) expect(seen[code], `${move}: ${code}`).toBeGreaterThan(0);
    });

  it("the actions of every issue list the job's moves exactly when the table allows them", async () => {
    const w = await repairWorld(db);
    const { get } = client();
    for (const stage of STAGES)
      for (const held of [false, true]) {
        if (held && stage !== "in_progress") continue;
        const id = await issueAt(w, stage, { held });
        for (const actor of ["tenant", "owner", "manager", "tech"] as Actor[]) {
          const res = await get(`/api/issue/issue?issue_id=${id}`, w.t[actor]);
          if (!relationsAt(actor, stage).length) {
            expect(res.status).toBe(404);
            continue;
          }
          const { actions, held_at } = (await res.json()).data as { actions: string[]; held_at: string | null };
          expect(held_at !== null).toBe(held);
          for (const move of Object.keys(SPEC)) {
            let may = expected(move, actor, stage) === 200;
            if (move === "hold" || move === "complete") may &&= !held;
            if (move === "resume") may &&= held;
            expect(actions.includes(move), `${move} for ${actor} at ${stage}${held ? " (held)" : ""}`).toBe(may);
          }
          const receipt = (actor === "owner" || actor === "manager") && (stage === "completed" || stage === "closed");
          expect(actions.includes("receipt"), `receipt for ${actor} at ${stage}`).toBe(receipt);
        }
      }
  });
});

describe("the job in detail", () => {
  it("decline needs a reason; the job goes back unassigned, its visit and slots gone, and the technician no longer sees it", async () => {
    const w = await repairWorld(db);
    const { call, get } = client();
    const id = await issueAt(w, "assigned");
    const empty = await call("decline", id, w.t.tech, { reason: " " });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.reason).toBe("Please give a reason.");
    const res = await call("decline", id, w.t.tech, { reason: "Not my trade" });
    expect((await res.json()).message).toBe("Job declined. It is back with the manager.");
    expect(await row(id)).toMatchObject({ stage: "reported", assigned_tech_id: null });
    expect(await lastEvent(id)).toMatchObject({ kind: "decline", note: "Not my trade", actor_id: w.tech.user_id });
    expect((await get(`/api/issue/issue?issue_id=${id}`, w.t.tech)).status).toBe(404);
    const seen = (await (await get(`/api/issue/issue?issue_id=${id}`, w.t.manager)).json()).data;
    expect(seen).toMatchObject({ stage: "reported", tech_name: null });
    expect(seen.actions).toContain("assign");
    // The reason is the manager's to read on the timeline; the tenant sees that it was declined, not why.
    const noteOf = async (token: string) =>
      ((await (await get(`/api/issue/timeline?issue_id=${id}`, token)).json()).data as Array<{ kind: string; note: string | null }>).find(
        (e) => e.kind === "decline",
      )?.note;
    expect(await noteOf(w.t.manager)).toBe("Not my trade");
    expect(await noteOf(w.t.tenant)).toBeNull();
  });

  it("start records when; hold keeps its reason and refuses twice; resume; complete refuses while held; in Arabic too", async () => {
    const w = await repairWorld(db);
    const { call } = client();
    const id = await issueAt(w, "scheduled", { afterPhoto: true });
    const started = await (await call("start", id, w.t.tech)).json();
    expect(started.data).toMatchObject({ stage: "in_progress", started_at: new Date(NOW).toISOString(), held_at: null });
    expect(started.data.actions).toEqual(expect.arrayContaining(["hold", "complete"]));
    expect(started.data.actions).not.toContain("resume");
    const held = await (await call("hold", id, w.t.tech, { reason: "Waiting for a part" })).json();
    expect(held.data).toMatchObject({ stage: "in_progress", hold_reason: "Waiting for a part" });
    expect(held.data.held_at).toBeTruthy();
    expect(held.data.actions).toContain("resume");
    expect(held.data.actions).not.toContain("hold");
    expect(held.data.actions).not.toContain("complete");
    const twice = await call("hold", id, w.t.tech, { reason: "Again" }, AR);
    expect(twice.status).toBe(409);
    expect((await twice.json()).detail).toBe("العمل متوقف مؤقتًا بالفعل.");
    const whileHeld = await call("complete", id, w.t.tech, REPORT);
    expect(whileHeld.status).toBe(409);
    expect((await whileHeld.json()).detail).toBe("Please resume the work first.");
    const resumed = await (await call("resume", id, w.t.manager)).json();
    expect(resumed.data).toMatchObject({ stage: "in_progress", held_at: null, hold_reason: null });
    const again = await call("resume", id, w.t.tech);
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe("The work is not on hold.");
    const kinds = (await db.query<{ kind: string }>("select kind from issue_events where issue_id = $1 order by event_id", [id])).rows.map((r) => r.kind);
    expect(kinds).toEqual(["reported", "start", "hold", "resume"]);
  });

  it("complete: refused without an after-photo (422 with a detail), which only the technician uploads while in progress", async () => {
    const w = await repairWorld(db);
    const { call, upload } = client();
    const scheduled = await issueAt(w, "scheduled");
    expect((await upload(scheduled, w.t.tech)).status).toBe(409);
    const id = await issueAt(w, "in_progress", { startedAt: NOW });
    const none = await call("complete", id, w.t.tech, REPORT, AR);
    expect(none.status).toBe(422);
    const refused = await none.json();
    expect(refused.detail).toBe("يُرجى إضافة صورة واحدة على الأقل للعمل بعد إنجازه.");
    expect(refused.errors.after_images).toBe(refused.detail);
    expect((await row(id)).stage).toBe("in_progress");
    expect((await upload(id, w.t.tenant)).status).toBe(403);
    expect((await upload(id, w.t.tech, "later")).status).toBe(422);
    const up = await upload(id, w.t.tech);
    expect(up.status).toBe(201);
    expect((await up.json()).data).toMatchObject({ kind: "image", phase: "after" });
    const done = await call("complete", id, w.t.tech, REPORT);
    expect(done.status).toBe(200);
    const { data } = await done.json();
    expect(data).toMatchObject({ stage: "completed", issue_status: 1, completed_at: new Date(NOW).toISOString() });
    // After-photos are not the report's photos.
    expect(data.images).toEqual([]);
    expect(data.after_images).toHaveLength(1);
    expect(data.after_images[0].url).toBeTruthy();
  });

  // Walked: the job screen showed the unit's link to a technician the server would not show the unit to (an offer not
  // yet taken), and the unit's 404 trapped them. The link now follows `unit`, which must say what the property's read does.
  it("`unit` is in the technician's actions exactly while the property answers them: while the job is open", async () => {
    const w = await repairWorld(db);
    const { call, get } = client();
    const id = await issueAt(w, "in_progress", { afterPhoto: true });
    const unitAllowed = async () => {
      const actions: string[] = (await (await get(`/api/issue/issue?issue_id=${id}`, w.t.tech)).json()).data.actions;
      const property = await get(`/api/property/property?property_id=${w.building.property_id}`, w.t.tech);
      return [actions.includes("unit"), property.status];
    };
    expect(await unitAllowed()).toEqual([true, 200]);
    expect((await (await get(`/api/issue/issue?issue_id=${id}`, w.t.tenant)).json()).data.actions).not.toContain("unit");
    expect((await call("complete", id, w.t.tech, REPORT)).status).toBe(200);
    expect(await unitAllowed()).toEqual([false, 404]);
  });

  it("complete checks the report and keeps it; the time on site defaults to start → now, rounded up, within 1..1440", async () => {
    const w = await repairWorld(db);
    const { call } = client();
    const bad = await call("complete", await issueAt(w, "in_progress", { afterPhoto: true }), w.t.tech, {
      notes: "",
      parts: [{ name: "x", qty: 0, unit_price: 1.5 }],
      minutes: 0,
      extra_costs: [{ label: "", amount: -1 }],
    });
    expect(bad.status).toBe(422);
    const { errors } = await bad.json();
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["notes", "minutes"]));
    const work = async (id: number) =>
      (await db.query<Record<string, unknown>>("select notes, minutes, follow_up, occupant_damage, tech_id from work_reports where issue_id = $1", [id]))
        .rows[0];

    const id = await issueAt(w, "in_progress", { afterPhoto: true, startedAt: NOW - 95 * MINUTE - 30_000 });
    const { minutes: _, ...noMinutes } = REPORT;
    expect((await call("complete", id, w.t.tech, noMinutes)).status).toBe(200);
    expect(await work(id)).toMatchObject({ notes: REPORT.notes, minutes: 96, follow_up: true, occupant_damage: false, tech_id: w.tech.user_id });
    const parts = await db.query("select name, qty, unit_price::int as unit_price from work_report_parts where issue_id = $1 order by position", [id]);
    expect(parts.rows).toEqual(REPORT.parts);
    expect(await lastEvent(id)).toMatchObject({ kind: "complete", note: REPORT.notes, from_stage: "in_progress", to_stage: "completed" });

    const long = await issueAt(w, "in_progress", { afterPhoto: true, startedAt: NOW - 30 * HOUR });
    await call("complete", long, w.t.tech, noMinutes);
    expect((await work(long)).minutes).toBe(1440);
    const given = await issueAt(w, "in_progress", { afterPhoto: true, startedAt: NOW - 30 * HOUR });
    await call("complete", given, w.t.tech, { ...noMinutes, minutes: 45 });
    expect((await work(given)).minutes).toBe(45);
  });

  // Walked: a reopened repair completed again lost the first visit's parts and time from its receipt, and its new
  // report showed the signature drawn at the first visit.
  it("a reopened repair keeps the first report in sight, and its signature belongs to the visit it was drawn at", async () => {
    const w = await repairWorld(db);
    const { call, upload, get } = client();
    const id = await issueAt(w, "in_progress", { afterPhoto: true, startedAt: NOW - HOUR });
    expect((await upload(id, w.t.tech, "signature")).status).toBe(201);
    expect((await call("complete", id, w.t.tech, REPORT)).status).toBe(200);
    const report = async (token = w.t.tech) => (await (await get(`/api/issue/issue?issue_id=${id}`, token)).json()).data.work_report;
    expect((await report()).signature).not.toBeNull();

    expect((await call("reopen", id, w.t.tenant, { reason: "Still dripping" })).status).toBe(200);
    // Back with the technician: the report of the visit before, its signature with it, for them and the customer.
    const before = await report();
    expect(before).toMatchObject({ notes: REPORT.notes, minutes: REPORT.minutes });
    expect(before.parts.map((p: { name: string }) => p.name)).toEqual(REPORT.parts.map((p) => p.name));
    expect(before.signature).not.toBeNull();
    expect((await report(w.t.tenant)).notes).toBe(REPORT.notes);

    // The second visit starts: the first signature is not this visit's.
    clock.set(NOW + HOUR);
    await db.query("update issues set stage = 'in_progress', started_at = $2 where issue_id = $1", [id, new Date(NOW + HOUR)]);
    expect((await report()).signature).toBeNull();
    clock.set(NOW + 2 * HOUR);
    expect((await call("complete", id, w.t.tech, { ...REPORT, notes: "Replaced the trap as well." })).status).toBe(200);
    const after = await report();
    expect(after.notes).toBe("Replaced the trap as well.");
    expect(after.signature).toBeNull();
    // Signed at this visit: shown.
    await db.query("update issues set stage = 'in_progress', completed_at = null where issue_id = $1", [id]);
    expect((await upload(id, w.t.tech, "signature")).status).toBe(201);
    expect((await report()).signature).not.toBeNull();
  });

  // Walked: a start and a completion made offline two hours apart were both dated when the phone found signal.
  it("dates a move sent late by X-Done-At (the press), never later than now nor before the issue's last event", async () => {
    const w = await repairWorld(db);
    const { call } = client();
    const events = async (id: number) =>
      (await db.query<{ kind: string; at: Date }>("select kind, created_at as at from issue_events where issue_id = $1 order by event_id", [id])).rows;
    const id = await issueAt(w, "scheduled");
    const last = (await events(id)).at(-1)!.at.getTime();
    const pressed = Math.max(last + MINUTE, NOW - 2 * HOUR);
    expect((await call("start", id, w.t.tech, undefined, { "x-done-at": new Date(pressed).toISOString() })).status).toBe(200);
    expect(((await row(id)).started_at as Date).getTime()).toBe(pressed);
    expect((await events(id)).at(-1)).toMatchObject({ kind: "start", at: new Date(pressed) });
    // Before the start (its last event): bounded by it.
    await db.query("insert into issue_media (issue_id, kind, file_name, path, phase) values ($1, 'image', 'after.jpg', 'demo/after.jpg', 'after')", [id]);
    expect((await call("complete", id, w.t.tech, REPORT, { "x-done-at": new Date(pressed - HOUR).toISOString() })).status).toBe(200);
    expect(((await row(id)).completed_at as Date).getTime()).toBe(pressed);
    // A time ahead of the server's, or none: now.
    const other = await issueAt(w, "scheduled");
    await call("start", other, w.t.tech, undefined, { "x-done-at": new Date(NOW + HOUR).toISOString() });
    expect(((await row(other)).started_at as Date).getTime()).toBe(NOW);
    const third = await issueAt(w, "scheduled");
    await call("start", third, w.t.tech, undefined, { "x-done-at": "yesterday" });
    expect(((await row(third)).started_at as Date).getTime()).toBe(NOW);
  });

  it("a repeat with the same Idempotency-Key gets the first answer", async () => {
    const w = await repairWorld(db);
    const { call } = client();
    const id = await issueAt(w, "scheduled");
    const key = { "idempotency-key": "start-once-123" };
    const first = await call("start", id, w.t.tech, undefined, key);
    const second = await call("start", id, w.t.tech, undefined, key);
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(await first.json());
    expect((await db.query("select 1 from issue_events where issue_id = $1 and kind = 'start'", [id])).rows).toHaveLength(1);
  });
});

describe("GET /issue/receipt", () => {
  /** A repair completed with REPORT in a property of `country`. */
  async function completed(w: RepairWorld, country = "Oman", f: { property_id?: number; unit_id?: number } = {}) {
    const id = await issueAt(w, "in_progress", { afterPhoto: true, startedAt: NOW - HOUR, ...f });
    await db.query("update properties set country = $2 where property_id = (select property_id from issues where issue_id = $1)", [id, country]);
    const res = await client().call("complete", id, w.t.tech, REPORT);
    expect(res.status).toBe(200);
    return id;
  }
  const receipt = (id: number, token: string, headers: Record<string, string> = {}) => client().get(`/api/issue/receipt?issue_id=${id}`, token, headers);

  // Walked: a reopened repair completed again kept "Receipt No. 3, issued 28 Nov" above a new total and a later completion.
  it("a reopened repair completed again is billed on a new receipt, numbered and dated at its new completion", async () => {
    const w = await repairWorld(db);
    const id = await completed(w);
    const first = (await (await receipt(id, w.t.owner)).json()).data;
    expect(first).toMatchObject({ receipt_no: 1, issued_at: new Date(NOW).toISOString() });
    const { call } = client();
    expect((await call("reopen", id, w.t.tenant, { reason: "Still dripping" })).status).toBe(200);
    clock.set(NOW + 24 * HOUR);
    await db.query("update issues set stage = 'in_progress', started_at = $2 where issue_id = $1", [id, new Date(NOW + 23 * HOUR)]);
    const parts = [...REPORT.parts, { name: "PTFE tape", qty: 1, unit_price: 800 }];
    expect((await call("complete", id, w.t.tech, { ...REPORT, parts })).status).toBe(200);
    const second = (await (await receipt(id, w.t.owner)).json()).data;
    expect(second).toMatchObject({ receipt_no: 2, issued_at: new Date(NOW + 24 * HOUR).toISOString(), completed_at: new Date(NOW + 24 * HOUR).toISOString() });
    expect(second.parts.map((p: { name: string }) => p.name)).toContain("PTFE tape");
    expect((await db.query("select count(*)::int as n from receipts where issue_id = $1", [id])).rows[0].n).toBe(1);
  });

  it("gives the owner and the managers the receipt: lines, labour at the company's rate, VAT and total in rials", async () => {
    const w = await repairWorld(db);
    await db.query("update companies set reg_no = 'CR-1234' where company_id = $1", [w.gulf.company_id]);
    const id = await completed(w);
    const res = await receipt(id, w.t.owner);
    expect(res.status).toBe(200);
    const { status, data } = await res.json();
    expect(status).toBe(1);
    expect(data).toMatchObject({
      receipt_no: 1,
      issued_at: new Date(NOW).toISOString(),
      completed_at: new Date(NOW).toISOString(),
      property: { name: "Qurum Heights", unit: "101" },
      company: { name: "Gulf Fix", reg_no: "CR-1234" },
      technician: { name: "Ahmed Tech" },
      work: { notes: REPORT.notes, minutes: 90, follow_up: true, occupant_damage: false },
      parts: [
        { name: "P-trap", qty: 2, unit_price: 1250, unit_price_text: "1.250", total: 2500, total_text: "2.500" },
        { name: "Washer", qty: 1, unit_price: 105, unit_price_text: "0.105", total: 105, total_text: "0.105" },
      ],
      labour: { minutes: 90, hourly_rate: 10_000, hourly_rate_text: "10.000", amount: 15_000, amount_text: "15.000" },
      extra_costs: [{ label: "Call-out", amount: 500, amount_text: "0.500" }],
      subtotal: 18_105,
      subtotal_text: "18.105",
      vat_rate: 5,
      vat: 905,
      vat_text: "0.905",
      total: 19_010,
      total_text: "19.010",
      currency: "OMR",
      decimals: 3,
      rating: null,
    });
    expect(data.after_photos).toHaveLength(1);
    expect(data.before_photos).toEqual([]);
    expect(data.property.address).toContain("Muscat");
    // The parts too, for the app to write the country by its name in the reader's language; and the unit's id.
    expect(data.property).toMatchObject({ addrs: { city: "Muscat", country: "Oman" }, unit_id: expect.any(Number) });
    // The company's managers see the same receipt, with the same number.
    const managers = await (await receipt(id, w.t.manager)).json();
    expect(managers.data).toEqual(data);
  });

  it("computes each Gulf currency with its decimals and VAT (labour at a company rate of 8.000 an hour)", async () => {
    const w = await repairWorld(db);
    await db.query("update companies set hourly_rate = 8000 where company_id = $1", [w.gulf.company_id]);
    // 2 × 1250 + 105 + 90 min × 8000 / 60 = 12000 + 500 = 15105 minor units.
    const cases: Array<[string, string, number, number, string]> = [
      ["Oman", "OMR", 5, 755, "15.860"], // 755.25
      ["United Arab Emirates", "AED", 5, 755, "158.60"],
      ["Saudi Arabia", "SAR", 15, 2266, "173.71"], // 2265.75
      ["Bahrain", "BHD", 10, 1511, "16.616"], // 1510.5
      ["Kuwait", "KWD", 0, 0, "15.105"],
      ["Qatar", "QAR", 0, 0, "151.05"],
    ];
    for (const [country, currency, rate, vat, total] of cases) {
      const id = await completed(w, country);
      const { data } = await (await receipt(id, w.t.owner)).json();
      expect(data, country).toMatchObject({ currency, vat_rate: rate, subtotal: 15_105, vat, total: 15_105 + vat, total_text: total });
      expect(data.labour.amount).toBe(12_000);
    }
  });

  it("numbers receipts per company in the order the work was finished, whatever order they are opened in", async () => {
    const w = await repairWorld(db);
    const first = await completed(w);
    const second = await completed(w);
    const otherBuilding = await makeProperty(db, { owner_id: w.owner.user_id, company_id: w.other.company_id, name: "Other Tower" });
    const otherUnit = await makeUnit(db, { property_id: otherBuilding.property_id, name: "1" });
    // The other company's technician does that job: its own company's numbers.
    const elsewhere = await issueAt(w, "in_progress", {
      afterPhoto: true,
      startedAt: NOW - HOUR,
      property_id: otherBuilding.property_id,
      unit_id: otherUnit.unit_id,
    });
    await db.query("update issues set assigned_tech_id = $2 where issue_id = $1", [elsewhere, w.otherTech.user_id]);
    expect((await client().call("complete", elsewhere, w.t.otherTech, REPORT)).status).toBe(200);
    const no = async (id: number, token = w.t.owner) => (await (await receipt(id, token)).json()).data.receipt_no;
    // Opened second first: still the second finished (it was numbered first when opened, before the issue's fix).
    expect(await no(second)).toBe(2);
    expect(await no(first)).toBe(1);
    expect(await no(second)).toBe(2);
    expect(await no(first, w.t.manager)).toBe(1);
    expect(await no(elsewhere)).toBe(1);
    expect(await no(elsewhere, w.t.otherManager)).toBe(1);
    // The confirmation closes it: the receipt stays the same.
    clock.set(NOW + HOUR);
    await client().call("confirm", first, w.t.tenant, { rating: 5 });
    const closed = (await (await receipt(first, w.t.owner)).json()).data;
    expect(closed).toMatchObject({ receipt_no: 1, rating: 5, issued_at: new Date(NOW).toISOString() });
  });

  it("keeps the hourly rate and the company's name of the day the work was finished (a change after does not rewrite it)", async () => {
    const w = await repairWorld(db);
    await db.query("update companies set hourly_rate = 10000, reg_no = 'CR-1' where company_id = $1", [w.gulf.company_id]);
    const id = await completed(w);
    // Changed before anyone opened the receipt.
    await db.query("update companies set hourly_rate = 40000, name = 'Gulf Fix Renamed', reg_no = 'CR-2' where company_id = $1", [w.gulf.company_id]);
    const { data } = await (await receipt(id, w.t.owner)).json();
    expect(data.labour).toMatchObject({ minutes: 90, hourly_rate: 10_000, amount: 15_000 });
    expect(data.company).toEqual({ name: "Gulf Fix", reg_no: "CR-1" });
    // The next job is billed at the new rate, under the new name.
    const next = await completed(w);
    const later = (await (await receipt(next, w.t.owner)).json()).data;
    expect(later.labour.hourly_rate).toBe(40_000);
    expect(later.company).toEqual({ name: "Gulf Fix Renamed", reg_no: "CR-2" });
  });

  it("is dated when the work was reported done, even when first opened days later", async () => {
    const w = await repairWorld(db);
    const id = await completed(w);
    clock.set(NOW + 72 * HOUR);
    const data = (await (await receipt(id, w.t.owner)).json()).data;
    expect(data.issued_at).toBe(new Date(NOW).toISOString());
  });

  it("is never a tenant's (403 with a detail), nor the technician's; 404 for strangers; 409 before completion", async () => {
    const w = await repairWorld(db);
    const id = await completed(w);
    const tenant = await receipt(id, w.t.tenant, AR);
    expect(tenant.status).toBe(403);
    expect((await tenant.json()).detail).toBe("لا يطّلع على الإيصال إلا مالك العقار ومديرو الشركة.");
    expect((await receipt(id, w.t.tech)).status).toBe(403);
    expect((await receipt(id, w.t.neighbour)).status).toBe(404);
    expect((await receipt(id, w.t.otherManager)).status).toBe(404);
    const early = await receipt(await issueAt(w, "in_progress"), w.t.owner);
    expect(early.status).toBe(409);
    expect((await early.json()).detail).toBe("The receipt is ready once the work is completed.");
    // One receipt, issued with the completion: none for the work not finished, none made by those refused.
    expect((await db.query("select issue_id from receipts")).rows).toEqual([{ issue_id: id }]);
  });

  it("no issue answer, list or timeline gives a tenant an amount", async () => {
    const w = await repairWorld(db);
    const id = await completed(w);
    await receipt(id, w.t.owner);
    const { get } = client();
    const answers = [
      await get(`/api/issue/issue?issue_id=${id}`, w.t.tenant),
      await get("/api/issue/issues?status=open", w.t.tenant),
      await get("/api/issue/issues?status=closed", w.t.tenant),
      await get(`/api/issue/timeline?issue_id=${id}`, w.t.tenant),
    ];
    const texts = [];
    for (const res of answers) {
      expect(res.status).toBe(200);
      texts.push(await res.text());
    }
    // The tenant does see the completed repair, its work notes and its timeline.
    expect(texts[0]).toContain(`"issue_id":${id}`);
    expect(texts[1]).toContain(`"issue_id":${id}`);
    expect(texts[3]).toContain(REPORT.notes);
    // The work report names the parts and costs for the tenant too, never their amounts (tests/server/repair-reports.test.ts).
    for (const text of texts) {
      for (const leak of ["unit_price", ":1250", "amount", "hourly_rate", "subtotal", "vat", "19.010"]) expect(text, leak).not.toContain(leak);
    }
  });
});
