// The table of moves (issue 11, LOOP.md section 2, D20): every move allowed for the right relation at the right stage,
// and refused otherwise: 404 for whoever does not see the issue, 403 (with a detail) when the caller's relation never
// allows the move, 409 (with a detail) when the stage does not. The expectations below are written from LOOP.md, not
// read from server/issues/stages.ts, so the two check each other.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAGES, type Stage } from "../../src/contract/repairs";
import { type Db, migrate } from "../../server/db/db";
import { startPurging } from "../../server/db/purge";
import { seedIfEmpty } from "../../server/db/seed";
import { autoClose } from "../../server/issues/stages";
import { clock } from "../../server/lib/clock";
import { translate } from "../../server/lib/i18n";
import { makeIssue } from "./factories";
import { blankDb, sharedApp, testApp } from "./helpers";
import { HOUR, NOW, ownersVillaRepair, PAST, repairSuite, type RepairWorld, repairWorld, S1, S2, S3 } from "./repair-helpers";

let db: Db;
repairSuite((d) => (db = d));

const AR = { "accept-language": "ar" };
const BEFORE_WORK: Stage[] = ["reported", "assigned", "accepted", "proposed", "scheduled"];

type Who = "creator" | "tenant" | "owner" | "manager" | "tech_manager" | "technician";
type Actor = "tenant" | "owner" | "manager" | "tech" | "neighbour" | "otherManager";
const ACTORS: Actor[] = ["tenant", "owner", "manager", "tech", "neighbour", "otherManager"];

/** Who each actor is to an issue the tenant reported in their unit (unassigned while reported); [] = does not see it. */
const relationsAt = (actor: Actor, stage: Stage): Who[] =>
  ({
    tenant: ["creator", "tenant"] as Who[],
    owner: ["owner"] as Who[],
    // The company runs the building, and (once assigned) employs the technician.
    manager: (stage === "reported" ? ["manager"] : ["manager", "tech_manager"]) as Who[],
    tech: (stage === "reported" ? [] : ["technician"]) as Who[],
    neighbour: [] as Who[],
    otherManager: [] as Who[],
  })[actor];

interface Spec {
  to: Stage;
  rules: Array<[Who[], Stage[]]>;
  body: (w: RepairWorld) => unknown;
}
/** LOOP.md section 2, move by move. */
const SPEC: Record<string, Spec> = {
  cancel: {
    to: "cancelled",
    rules: [
      [["creator"], BEFORE_WORK],
      [
        ["owner", "manager"],
        [...BEFORE_WORK, "in_progress"],
      ],
    ],
    body: () => ({ reason: "Fixed it myself" }),
  },
  pick_slot: { to: "scheduled", rules: [[["creator", "tenant", "owner"], ["proposed"]]], body: () => S1 },
  request_slots: { to: "accepted", rules: [[["creator", "tenant", "owner"], ["proposed"]]], body: () => ({ note: "Evenings please" }) },
  confirm: { to: "closed", rules: [[["creator", "owner"], ["completed"]]], body: () => ({ rating: 5, comment: "Quick and tidy" }) },
  reopen: { to: "assigned", rules: [[["creator", "owner"], ["completed"]]], body: () => ({ reason: "Still dripping" }) },
  assign: { to: "assigned", rules: [[["manager"], ["reported", "assigned"]]], body: (w) => ({ tech_id: w.tech2.user_id }) },
  accept: { to: "accepted", rules: [[["technician"], ["assigned"]]], body: () => undefined },
  // Issue 12's job moves (decline, resume and complete, which need more than a bare issue: repair-work.test.ts).
  start: { to: "in_progress", rules: [[["technician", "tech_manager"], ["scheduled"]]], body: () => undefined },
  hold: { to: "in_progress", rules: [[["technician", "tech_manager"], ["in_progress"]]], body: () => ({ reason: "Waiting for a part" }) },
  // PUT /issue/issue, SPEC.md section 5: one of the tenant's slots chosen → scheduled. At accepted it is the
  // acknowledgement; once a time is proposed or agreed, the same call is a reschedule (its own action and row).
  acknowledge: {
    to: "scheduled",
    rules: [
      [
        ["technician", "tech_manager"],
        ["accepted", "proposed", "scheduled"],
      ],
    ],
    body: () => ({ tech_available: [S1] }),
  },
};

function expected(move: string, actor: Actor, stage: Stage): number {
  const rel = relationsAt(actor, stage);
  // Customers never reach the acknowledgement: it is the staff's call (role check first, SPEC.md).
  if (move === "acknowledge" && (actor === "tenant" || actor === "owner" || actor === "neighbour")) return 403;
  if (!rel.length) return 404;
  const mine = SPEC[move].rules.filter(([who]) => who.some((x) => rel.includes(x)));
  if (!mine.length) return 403;
  return mine.some(([, from]) => from.includes(stage)) ? 200 : 409;
}

/** An issue the tenant reported in unit 101 at `stage`, holding what that stage holds. */
async function issueAt(w: RepairWorld, stage: Stage) {
  return (
    await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      assigned_tech_id: stage === "reported" ? null : w.tech.user_id,
      stage,
      slots: [S1, S2],
      tech_slots: stage === "proposed" ? [S1, S3] : stage === "scheduled" ? [S1] : [],
      visit: stage === "scheduled" ? S1 : null,
      completed_at: stage === "completed" ? new Date(NOW - HOUR) : null,
    })
  ).issue_id;
}

function call(move: string, issueId: number, token: string, payload: unknown, headers: Record<string, string> = {}) {
  const { json } = sharedApp(db);
  return move === "acknowledge"
    ? json("PUT", `/api/issue/issue?issue_id=${issueId}`, payload, token, headers)
    : json("POST", `/api/issue/${move}?issue_id=${issueId}`, payload, token, headers);
}

const stageOf = async (id: number) =>
  (await db.query<{ stage: string; issue_status: number }>("select stage, issue_status from issues where issue_id = $1", [id])).rows[0];
const events = async (id: number) =>
  (
    await db.query<{ kind: string; from_stage: string | null; to_stage: string | null; actor_id: number | null; note: string | null }>(
      "select kind, from_stage, to_stage, actor_id, note from issue_events where issue_id = $1 order by event_id",
      [id],
    )
  ).rows;

describe("the table of moves", () => {
  for (const move of Object.keys(SPEC))
    it(`${move}: allowed for the right relation at the right stage, 403/404/409 with a detail otherwise`, async () => {
      const w = await repairWorld(db);
      const seen: Record<number, number> = {};
      for (const stage of STAGES) {
        let issueId = await issueAt(w, stage);
        // Refusals first: they change nothing, so one issue serves them all.
        const allowed = ACTORS.filter((a) => expected(move, a, stage) === 200);
        for (const actor of ACTORS.filter((a) => !allowed.includes(a))) {
          const res = await call(move, issueId, w.t[actor], SPEC[move].body(w));
          const want = expected(move, actor, stage);
          expect(res.status, `${move} by ${actor} at ${stage}`).toBe(want);
          seen[want] = (seen[want] ?? 0) + 1;
          expect((await res.json()).detail, `${move} by ${actor} at ${stage}`).toBeTruthy();
        }
        expect((await stageOf(issueId)).stage).toBe(stage);
        for (const [i, actor] of allowed.entries()) {
          if (i > 0) issueId = await issueAt(w, stage);
          const res = await call(move, issueId, w.t[actor], SPEC[move].body(w));
          expect(res.status, `${move} by ${actor} at ${stage}`).toBe(200);
          seen[200] = (seen[200] ?? 0) + 1;
          const body = await res.json();
          expect(body.message).toBeTruthy();
          expect(body.data).toMatchObject({ issue_id: issueId, stage: SPEC[move].to });
          expect(Array.isArray(body.data.actions)).toBe(true);
          const kind = move === "acknowledge" && stage !== "accepted" ? "reschedule" : move;
          expect((await events(issueId)).at(-1)).toMatchObject({ kind, from_stage: stage, to_stage: SPEC[move].to });
        }
      }
      // Every answer of the table came up at least once.
      expect(seen[200]).toBeGreaterThan(0);
      expect(seen[404]).toBeGreaterThan(0);
      expect(seen[403]).toBeGreaterThan(0);
      expect(seen[409]).toBeGreaterThan(0);
    });

  it("a tenant of the unit who did not report the issue may pick a slot, but not cancel, confirm or reopen it", async () => {
    const w = await repairWorld(db);
    const reportedByOwner = async (stage: Stage) =>
      (
        await makeIssue(db, {
          property_id: w.building.property_id,
          unit_id: w.u101.unit_id,
          creator_id: w.owner.user_id,
          assigned_tech_id: w.tech.user_id,
          stage,
          tech_slots: stage === "proposed" ? [S1] : [],
          completed_at: stage === "completed" ? new Date(NOW - HOUR) : null,
        })
      ).issue_id;
    const proposed = await reportedByOwner("proposed");
    expect((await call("cancel", proposed, w.t.tenant, { reason: "x" })).status).toBe(403);
    expect((await call("pick_slot", proposed, w.t.tenant, S1)).status).toBe(200);
    const completed = await reportedByOwner("completed");
    for (const move of ["confirm", "reopen"]) expect((await call(move, completed, w.t.tenant, SPEC[move].body(w))).status).toBe(403);
    // The owner reported it: they confirm.
    expect((await call("confirm", completed, w.t.owner, { rating: 4 })).status).toBe(200);
  });

  it("on an owner's own property, the manager of the technician's company answers for the job but may not cancel the repair", async () => {
    const w = await repairWorld(db);
    // No company runs the villa; the company's technician has the job.
    const { id } = await ownersVillaRepair(db, w);
    const { data } = await (await sharedApp(db).json("GET", `/api/issue/issue?issue_id=${id}`, undefined, w.t.manager)).json();
    expect(data.actions).toContain("acknowledge");
    expect(data.actions).not.toContain("cancel");
    const before = await events(id);
    const refused = await call("cancel", id, w.t.manager, { reason: "Not ours" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBeTruthy();
    expect((await db.query("select stage from issues where issue_id = $1", [id])).rows[0]).toEqual({ stage: "accepted" });
    expect(await events(id)).toEqual(before);
    // The owner may.
    expect((await call("cancel", id, w.t.owner, { reason: "Sold the villa" })).status).toBe(200);
  });

  it("refusals are in the caller's language", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "completed");
    const forbidden = await call("assign", id, w.t.tenant, { tech_id: w.tech2.user_id }, AR);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).detail).toBe("دورك في هذه المشكلة لا يسمح بذلك.");
    const conflict = await call("cancel", id, w.t.tenant, { reason: "x" }, AR);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).detail).toBe("لم يعد من الممكن إلغاء هذه المشكلة.");
    const english = await call("cancel", id, w.t.tenant, { reason: "x" });
    expect((await english.json()).detail).toBe("This issue can no longer be cancelled.");
    const missing = await call("cancel", id, w.t.neighbour, { reason: "x" }, AR);
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toMatch(/[\u0600-\u06FF]/);
  });

  it("the actions of every issue match the table: the app shows exactly what the server then allows", async () => {
    const w = await repairWorld(db);
    const { json } = testApp(db);
    for (const stage of STAGES) {
      const id = await issueAt(w, stage);
      for (const actor of ["tenant", "owner", "manager", "tech"] as Actor[]) {
        const res = await json("GET", `/api/issue/issue?issue_id=${id}`, undefined, w.t[actor]);
        if (expected("cancel", actor, stage) === 404) {
          expect(res.status).toBe(404);
          continue;
        }
        const { actions } = (await res.json()).data as { actions: string[] };
        for (const move of Object.keys(SPEC)) {
          if (move !== "acknowledge") {
            expect(actions.includes(move), `${move} for ${actor} at ${stage}`).toBe(expected(move, actor, stage) === 200);
            continue;
          }
          // One call, two buttons: the acknowledgement at accepted, "change the visit time" after it.
          const may = expected(move, actor, stage) === 200;
          expect(actions.includes("acknowledge"), `acknowledge for ${actor} at ${stage}`).toBe(may && stage === "accepted");
          expect(actions.includes("reschedule"), `reschedule for ${actor} at ${stage}`).toBe(may && stage !== "accepted");
        }
        const creatorBeforeWork = actor === "tenant" && BEFORE_WORK.includes(stage);
        expect(actions.includes("edit"), `edit for ${actor} at ${stage}`).toBe(creatorBeforeWork);
        expect(actions.includes("upload"), `upload for ${actor} at ${stage}`).toBe(creatorBeforeWork);
        expect(actions.includes("comment"), `comment for ${actor} at ${stage}`).toBe(stage !== "closed" && stage !== "cancelled");
      }
    }
  });
});

describe("moves in detail", () => {
  it("cancel needs a reason, which the issue and its timeline keep; issue_status follows the stage", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "accepted");
    const empty = await call("cancel", id, w.t.tenant, { reason: "  " });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors.reason).toBe("Please give a reason.");
    const res = await call("cancel", id, w.t.tenant, { reason: "Fixed it myself" });
    const { data } = await res.json();
    expect(data).toMatchObject({ stage: "cancelled", issue_status: 1, cancel_reason: "Fixed it myself" });
    expect(data.actions).toEqual([]);
    expect((await events(id)).at(-1)).toMatchObject({ kind: "cancel", note: "Fixed it myself", actor_id: w.tenant.user_id });
  });

  it("acknowledging: a tenant slot → scheduled with that visit; without tenant slots → proposed, the customer picks → scheduled on both sides", async () => {
    const w = await repairWorld(db);
    const { json } = testApp(db);
    const withSlots = await issueAt(w, "accepted");
    const ack = await (await call("acknowledge", withSlots, w.t.tech, { tech_available: [S2] })).json();
    expect(ack.message).toBe("Availability acknowledged successfully");
    expect(ack.data).toMatchObject({ stage: "scheduled", visit: S2, tech_available: [S2] });
    const tenantView = (await (await json("GET", `/api/issue/issue?issue_id=${withSlots}`, undefined, w.t.tenant)).json()).data;
    expect(tenantView).toMatchObject({ stage: "scheduled", visit: S2, tech_name: "Ahmed Tech" });
    expect(tenantView.actions).not.toContain("pick_slot");

    const noSlots = (
      await makeIssue(db, { property_id: w.building.property_id, unit_id: w.u101.unit_id, creator_id: w.tenant.user_id, assigned_tech_id: w.tech.user_id })
    ).issue_id;
    const proposed = await (await call("acknowledge", noSlots, w.t.tech, { tech_available: [S1, S3] })).json();
    expect(proposed.data).toMatchObject({ stage: "proposed", visit: null, tech_available: [S1, S3] });
    const seen = (await (await json("GET", `/api/issue/issue?issue_id=${noSlots}`, undefined, w.t.tenant)).json()).data;
    expect(seen).toMatchObject({ stage: "proposed", tech_available: [S1, S3] });
    expect(seen.actions).toEqual(expect.arrayContaining(["pick_slot", "request_slots"]));
    // Only a proposed slot, and one that has not passed.
    const other = await call("pick_slot", noSlots, w.t.tenant, S2);
    expect(other.status).toBe(422);
    expect((await other.json()).detail).toBe("Please choose one of the proposed times.");
    const picked = await (await call("pick_slot", noSlots, w.t.tenant, S3)).json();
    expect(picked.data).toMatchObject({ stage: "scheduled", visit: S3, tech_available: [S3] });
    const techView = (await (await json("GET", `/api/issue/issue?issue_id=${noSlots}`, undefined, w.t.tech)).json()).data;
    expect(techView).toMatchObject({ stage: "scheduled", visit: S3 });
    expect((await events(noSlots)).map((e) => e.kind)).toEqual(["reported", "acknowledge", "pick_slot"]);
  });

  it("propose: true proposes the technician's own times although the tenant gave some", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "accepted");
    const res = await (await call("acknowledge", id, w.t.manager, { tech_available: [S3], propose: true })).json();
    expect(res.data).toMatchObject({ stage: "proposed", visit: null, tech_available: [S3], available: [S1, S2] });
    expect((await call("pick_slot", id, w.t.tenant, S3)).status).toBe(200);
  });

  it("request_slots sends it back to the technician: slots cleared, acknowledged again", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "proposed");
    const { data } = await (await call("request_slots", id, w.t.owner, { note: "Mornings only" })).json();
    expect(data).toMatchObject({ stage: "accepted", tech_available: [], acknowledged_at: null, visit: null });
    expect((await events(id)).at(-1)).toMatchObject({ kind: "request_slots", note: "Mornings only" });
    expect((await call("acknowledge", id, w.t.tech, { tech_available: [S3], propose: true })).status).toBe(200);
  });

  it("slots in the past are refused: picking one, acknowledging one", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "proposed");
    // S1 starts at 09:00 in Muscat on 2 March: at 09:30 it has passed.
    clock.set(Date.parse("2030-03-02T05:30:00Z"));
    const late = await call("pick_slot", id, w.t.tenant, S1, AR);
    expect(late.status).toBe(422);
    expect((await late.json()).detail).toBe("يُرجى اختيار مواعيد في المستقبل.");
    const ack = await issueAt(w, "accepted");
    const past = await call("acknowledge", ack, w.t.tech, { tech_available: [PAST], propose: true });
    expect(past.status).toBe(422);
    expect((await past.json()).errors.tech_available).toBe("Please choose times in the future.");
  });

  it("slots more than 180 days ahead are refused, in the caller's language", async () => {
    const w = await repairWorld(db);
    const ack = await issueAt(w, "accepted");
    const far = await call("acknowledge", ack, w.t.tech, { tech_available: [{ date: "9999-12-31", time_from: "09:00", time_to: "10:00" }], propose: true }, AR);
    expect(far.status).toBe(422);
    expect((await far.json()).detail).toBe("يُرجى اختيار مواعيد خلال الأيام الـ180 القادمة.");
  });

  it("confirm rates 1 to 5 stars and closes; the rating shows on the issue", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "completed");
    expect((await call("confirm", id, w.t.tenant, { rating: 6 })).status).toBe(422);
    const { data } = await (await call("confirm", id, w.t.tenant, { rating: 4, comment: "Good" })).json();
    expect(data).toMatchObject({ stage: "closed", issue_status: 1, rating: 4, rating_comment: "Good" });
  });

  it("reopen within 72 hours goes back to the same technician; after 72 hours it is refused (409) and the issue closed itself", async () => {
    const w = await repairWorld(db);
    const early = await issueAt(w, "completed");
    clock.set(NOW - HOUR + 72 * HOUR - 60_000);
    const { data: before } = await (await sharedApp(db).json("GET", `/api/issue/issue?issue_id=${early}`, undefined, w.t.tech)).json();
    expect(before.reopen_reason).toBeNull();
    const { data } = await (await call("reopen", early, w.t.tenant, { reason: "Still dripping" })).json();
    expect(data).toMatchObject({ stage: "assigned", issue_status: 0, completed_at: null, tech_name: "Ahmed Tech", reopen_reason: "Still dripping" });
    // The same technician accepts it again, and reads why it came back.
    const accepted = await (await call("accept", early, w.t.tech, undefined)).json();
    expect(accepted.data).toMatchObject({ stage: "accepted", reopen_reason: "Still dripping" });

    clock.set(NOW);
    const late = await issueAt(w, "completed");
    clock.set(NOW - HOUR + 72 * HOUR + 60_000);
    const res = await call("reopen", late, w.t.tenant, { reason: "Still dripping" }, AR);
    expect(res.status).toBe(409);
    // The sweep closed it first: the detail says so, in the caller's language.
    expect((await res.json()).detail).toBe(translate("ar", { key: "issueClosed" }));
    expect((await stageOf(late)).stage).toBe("closed");
  });

  it("assign: only a technician of the manager's own company", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "reported");
    const foreign = await call("assign", id, w.t.manager, { tech_id: w.otherTech.user_id });
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).errors.tech_id).toBe("Please choose a technician of your company.");
    expect((await call("assign", id, w.t.manager, { tech_id: w.manager.user_id })).status).toBe(422);
    expect((await call("assign", id, w.t.manager, {})).status).toBe(422);
    const { data } = await (await call("assign", id, w.t.manager, { tech_id: w.tech.user_id })).json();
    expect(data).toMatchObject({ stage: "assigned", tech_name: "Ahmed Tech" });
    // The technician now sees it, may accept it, and then acknowledge.
    const seen = (await (await testApp(db).json("GET", `/api/issue/issue?issue_id=${id}`, undefined, w.t.tech)).json()).data;
    expect(seen.actions).toContain("accept");
    expect((await call("accept", id, w.t.tech, undefined)).status).toBe(200);
    expect((await call("acknowledge", id, w.t.tech, { tech_available: [S1] })).status).toBe(200);
  });

  it("a move repeated with its Idempotency-Key is made once and answered the same", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "proposed");
    const key = { "idempotency-key": "6a1f0c2e-0000-4000-8000-000000000001" };
    const first = await call("pick_slot", id, w.t.tenant, S1, key);
    const again = await call("pick_slot", id, w.t.tenant, S1, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect((await events(id)).filter((e) => e.kind === "pick_slot")).toHaveLength(1);
  });
});

describe("the automatic close", () => {
  it("closes a completed issue 72 hours after completion, once, with an auto_close row; reads sweep it", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "completed");
    const { json } = testApp(db);
    const openTab = async () => (await (await json("GET", "/api/issue/issues?status=open", undefined, w.t.tenant)).json()).data as { issue_id: number }[];
    // Completed waits for the customer on the Open tab, first.
    expect((await openTab()).map((i) => i.issue_id)).toEqual([id]);
    clock.set(NOW - HOUR + 72 * HOUR - 1000);
    expect((await openTab()).map((i) => i.issue_id)).toEqual([id]);
    clock.set(NOW - HOUR + 72 * HOUR);
    expect(await openTab()).toEqual([]);
    const closed = (await (await json("GET", "/api/issue/issues?status=closed", undefined, w.t.tenant)).json()).data;
    // Closed, nothing is left to do with it but report the problem again if it comes back.
    expect(closed[0]).toMatchObject({ issue_id: id, stage: "closed", issue_status: 1, actions: ["report_again"] });
    await json("GET", `/api/issue/issue?issue_id=${id}`, undefined, w.t.owner);
    expect(await autoClose(db, clock.now() + HOUR)).toBe(0);
    const timeline = (await (await json("GET", `/api/issue/timeline?issue_id=${id}`, undefined, w.t.tenant)).json()).data;
    expect(timeline.filter((e: { kind: string }) => e.kind === "auto_close")).toEqual([
      expect.objectContaining({ kind: "auto_close", from_stage: "completed", to_stage: "closed", actor_name: null, mine: false }),
    ]);
    expect((await call("confirm", id, w.t.tenant, { rating: 5 })).status).toBe(409);
  });

  it("runs with the hourly purge too", async () => {
    const w = await repairWorld(db);
    const id = await issueAt(w, "completed");
    const logs: Record<string, unknown>[] = [];
    const purging = startPurging(
      db,
      (e) => logs.push(e),
      3600_000,
      () => new Date(NOW + 80 * HOUR),
    );
    await purging.first;
    purging.stop();
    expect((await stageOf(id)).stage).toBe("closed");
    expect(logs).toContainEqual({ msg: "issues closed by themselves", closed: 1 });
  });
});

describe("migration 008-stages", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "fixit-008-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives existing issues the stage of what they hold, their visit and a 'reported' row; issue_status derives from the stage", async () => {
    const migrations = join(process.cwd(), "server/db/migrations");
    for (const f of readdirSync(migrations).filter((f) => f < "008")) cpSync(join(migrations, f), join(dir, f));
    const url = process.env.DATABASE_URL;
    const schema = `m008_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const old = await blankDb(schema);
    try {
      await migrate(old, dir);
      const user = async (role: number, email: string) =>
        (await old.query<{ user_id: number }>("insert into users (role, name, email) values ($1, $2, $2) returning user_id", [role, email])).rows[0].user_id;
      const owner = await user(0, "o@test.om");
      const tech = await user(1, "t@test.om");
      const p = (await old.query<{ property_id: number }>("insert into properties (owner_id, name) values ($1, 'Old') returning property_id", [owner])).rows[0]
        .property_id;
      const issue = async (title: string, status: number, techId: number | null, acknowledged: boolean) =>
        (
          await old.query<{ issue_id: number }>(
            "insert into issues (property_id, creator_id, title, issue_status, assigned_tech_id, acknowledged_at, acknowledged_by, priority) values ($1, $2, $3, $4, $5, $6, $5, $7) returning issue_id",
            [p, owner, title, status, techId, acknowledged ? new Date("2026-01-02T00:00:00Z") : null, title === "closed" ? 3 : 1],
          )
        ).rows[0].issue_id;
      const ids = {
        closed: await issue("closed", 1, tech, false),
        scheduled: await issue("scheduled", 0, tech, true),
        proposed: await issue("proposed", 0, tech, true),
        accepted: await issue("accepted", 0, tech, false),
        reported: await issue("reported", 0, null, false),
      };
      for (const [id, slots] of [
        [ids.scheduled, [S1, S2]],
        [ids.accepted, [S1]],
      ] as const)
        for (const s of slots)
          await old.query("insert into issue_availability (issue_id, date, time_from, time_to) values ($1, $2, $3, $4)", [id, s.date, s.time_from, s.time_to]);
      await old.query("insert into issue_tech_slots (issue_id, tech_id, date, time_from, time_to) values ($1, $2, $3, $4, $5)", [
        ids.scheduled,
        tech,
        S2.date,
        S2.time_from,
        S2.time_to,
      ]);
      for (const s of [S1, S3])
        await old.query("insert into issue_tech_slots (issue_id, tech_id, date, time_from, time_to) values ($1, $2, $3, $4, $5)", [
          ids.proposed,
          tech,
          s.date,
          s.time_from,
          s.time_to,
        ]);
      await old.query("insert into issue_media (issue_id, kind, file_name, path) values ($1, 'image', 'a.png', 'demo/a.png')", [ids.closed]);

      // 009 and later (issue 12) follow; they only add columns, tables and checks.
      const applied = await migrate(old);
      expect(applied.slice(0, 2)).toEqual(["008-stages.sql", "009-work.sql"]);
      expect(applied).toContain("011-signature.sql");
      const rows = (
        await old.query<{ title: string; stage: string; issue_status: number; visit: string | null; emergency: boolean; events: string }>(
          `select title, stage, issue_status, emergency,
                  case when visit_date is null then null else to_char(visit_date, 'YYYY-MM-DD') || ' ' || to_char(visit_from, 'HH24:MI') end as visit,
                  (select string_agg(kind, ',' order by event_id) from issue_events e where e.issue_id = i.issue_id) as events
             from issues i order by issue_id`,
        )
      ).rows;
      expect(rows).toEqual([
        { title: "closed", stage: "closed", issue_status: 1, visit: null, emergency: true, events: "reported" },
        { title: "scheduled", stage: "scheduled", issue_status: 0, visit: `${S2.date} ${S2.time_from}`, emergency: false, events: "reported,acknowledge" },
        { title: "proposed", stage: "proposed", issue_status: 0, visit: null, emergency: false, events: "reported,acknowledge" },
        { title: "accepted", stage: "accepted", issue_status: 0, visit: null, emergency: false, events: "reported" },
        { title: "reported", stage: "reported", issue_status: 0, visit: null, emergency: false, events: "reported" },
      ]);
      // Derived: it follows every change of the stage, and cannot be written.
      await old.query("update issues set stage = 'completed' where issue_id = $1", [ids.accepted]);
      expect((await old.query("select issue_status from issues where issue_id = $1", [ids.accepted])).rows[0]).toEqual({ issue_status: 1 });
      await expect(old.query("update issues set issue_status = 0 where issue_id = $1", [ids.accepted])).rejects.toThrow();
      await expect(old.query("update issues set stage = 'done' where issue_id = $1", [ids.accepted])).rejects.toThrow();
      expect((await old.query("select storage_key, path from issue_media")).rows).toEqual([{ storage_key: null, path: "demo/a.png" }]);
    } finally {
      if (url) await old.exec(`drop schema "${schema}" cascade`);
      await old.close();
    }
  });

  it("the demo seed gives the same: stages, categories and a 'reported' row for each issue", async () => {
    await seedIfEmpty(db);
    const rows = (
      await db.query<{ stage: string; n: number; categorised: number; reported: number }>(
        `select stage, count(*)::int as n, count(category)::int as categorised,
                sum((select count(*) from issue_events e where e.issue_id = i.issue_id and e.kind = 'reported'))::int as reported
           from issues i group by stage order by stage`,
      )
    ).rows;
    expect(rows).toEqual([
      { stage: "accepted", n: 4, categorised: 4, reported: 4 },
      { stage: "closed", n: 2, categorised: 2, reported: 2 },
      // The demo tenant's repair finished yesterday, waiting for her rating.
      { stage: "completed", n: 1, categorised: 1, reported: 1 },
      // Nobody has taken these yet: one for the demo manager to assign, one the owner offered (issue 12).
      { stage: "reported", n: 2, categorised: 2, reported: 2 },
    ]);
  });
});
