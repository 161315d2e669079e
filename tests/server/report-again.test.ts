// Report again (LOOP.md section 2): a closed repair whose problem came back is reported anew by whoever may report on
// its unit now, once, and the two issues link to each other for those who may open each. POST /issue/issue with
// `again_of`; the earlier issue's action report_again says who may.
import { describe, expect, it } from "vitest";
import type { Stage } from "../../src/contract/repairs";
import type { Db } from "../../server/db/db";
import { makeIssue } from "./factories";
import { sharedApp } from "./helpers";
import { HOUR, NOW, ownersVillaRepair, type RepairWorld, repairSuite, repairWorld, report, S1 } from "./repair-helpers";

let db: Db;
repairSuite((d) => (db = d));

/** A repair of unit 101, reported by the tenant and done by the world's first technician, at `stage`. */
const earlier = async (w: RepairWorld, stage: Stage = "closed") =>
  (
    await makeIssue(db, {
      property_id: w.building.property_id,
      unit_id: w.u101.unit_id,
      creator_id: w.tenant.user_id,
      assigned_tech_id: w.tech.user_id,
      stage,
      category: 1,
      // Within the reopen window while completed (else a read closes it), long ago when closed.
      completed_at: stage === "completed" ? new Date(NOW - HOUR) : stage === "closed" ? new Date(NOW - 100 * HOUR) : null,
    })
  ).issue_id;

const get = async (id: number, token: string) => {
  const res = await sharedApp(db).json("GET", `/api/issue/issue?issue_id=${id}`, undefined, token);
  return { status: res.status, data: res.status === 200 ? (await res.json()).data : null };
};
const again = (w: RepairWorld, id: number, token: string, extra: Record<string, unknown> = {}) =>
  sharedApp(db).json("POST", "/api/issue/issue", report(w, { again_of: id, ...extra }), token);
const issueCount = async () => (await db.query<{ n: number }>("select count(*)::int as n from issues")).rows[0].n;
const kinds = async (id: number) =>
  (await db.query<{ kind: string }>("select kind from issue_events where issue_id = $1 order by event_id", [id])).rows.map((r) => r.kind);

describe("report again", () => {
  it("the tenant reports a closed repair again: a new issue links to it, the earlier one links back and its timeline says so", async () => {
    const w = await repairWorld(db);
    const old = await earlier(w);
    expect((await get(old, w.t.tenant)).data.actions).toContain("report_again");

    const res = await again(w, old, w.t.tenant, { title: "Sink leaking again" });
    expect(res.status).toBe(201);
    const made = (await res.json()).data;
    expect(made).toMatchObject({ stage: "reported", title: "Sink leaking again", repeat: true, again_of: old, reported_again: null });

    const before = (await get(old, w.t.tenant)).data;
    expect(before).toMatchObject({ stage: "closed", repeat: false, again_of: null, reported_again: made.issue_id });
    // Once: the earlier repair is not offered again.
    expect(before.actions).not.toContain("report_again");
    expect(await kinds(old)).toEqual(["reported", "report_again"]);
    expect(await kinds(made.issue_id)).toEqual(["reported"]);
    const row = (await db.query<{ again_of: number | null }>("select again_of from issues where issue_id = $1", [made.issue_id])).rows[0];
    expect(row.again_of).toBe(old);
  });

  it("is offered to the tenant, the owner and the company's manager of a closed repair only; the technician and others are refused", async () => {
    const w = await repairWorld(db);
    for (const stage of ["reported", "in_progress", "completed", "closed", "cancelled"] as Stage[]) {
      const id = await earlier(w, stage);
      for (const who of ["tenant", "owner", "manager", "tech"] as const) {
        const { data } = await get(id, w.t[who]);
        expect(data.actions.includes("report_again"), `${who} at ${stage}`).toBe(stage === "closed" && who !== "tech");
      }
    }
    const old = await earlier(w);
    const count = await issueCount();
    // A technician never reports (role), a neighbour does not see it, another company's manager neither.
    expect((await again(w, old, w.t.tech)).status).toBe(403);
    const neighbour = await again(w, old, w.t.neighbour, { unit_id: w.u102.unit_id });
    expect(neighbour.status).toBe(404);
    expect((await neighbour.json()).detail).toBeTruthy();
    expect((await again(w, old, w.t.otherManager)).status).toBe(404);
    expect(await issueCount()).toBe(count);
    // The owner and the manager may.
    expect((await again(w, await earlier(w), w.t.owner)).status).toBe(201);
    expect((await again(w, await earlier(w), w.t.manager)).status).toBe(201);
  });

  it("is not offered to the manager of the technician's company on a property that company does not run (the form was a 404)", async () => {
    const w = await repairWorld(db);
    // The owner's own villa, no company; the job was done by the company's technician.
    const { villa, unit, id } = await ownersVillaRepair(db, w, { stage: "closed", completed_at: new Date(NOW - 100 * HOUR) });
    const seen = await get(id, w.t.manager);
    expect(seen.status).toBe(200);
    expect(seen.data.actions).not.toContain("report_again");
    const count = await issueCount();
    const refused = await again(w, id, w.t.manager, { property_id: villa.property_id, unit_id: unit.unit_id });
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBeTruthy();
    expect(await issueCount()).toBe(count);
    // The owner may.
    expect((await get(id, w.t.owner)).data.actions).toContain("report_again");
  });

  it("refuses a second report of the same repair (409), a repair not closed (409), another unit (422), writing nothing", async () => {
    const w = await repairWorld(db);
    const old = await earlier(w);
    expect((await again(w, old, w.t.tenant)).status).toBe(201);
    const completed = await earlier(w, "completed");
    const cancelledOne = await earlier(w, "cancelled");
    const another = await earlier(w);
    const count = await issueCount();

    const twice = await again(w, old, w.t.owner);
    expect(twice.status).toBe(409);
    expect((await twice.json()).detail).toBe("This repair has already been reported again.");

    const notYet = await again(w, completed, w.t.tenant);
    expect(notYet.status).toBe(409);
    expect((await notYet.json()).detail).toBe("Only a closed repair can be reported again.");
    const cancelled = await again(w, cancelledOne, w.t.tenant);
    expect(cancelled.status).toBe(409);
    expect((await cancelled.json()).detail).toBe("This issue was cancelled.");

    // The owner may report on unit 102, but a repeat report is about the earlier repair's unit.
    const elsewhere = await again(w, another, w.t.owner, { unit_id: w.u102.unit_id });
    expect(elsewhere.status).toBe(422);
    expect((await elsewhere.json()).errors.unit_id).toBe("A repeat report must be for the same unit as the earlier repair.");
    // In Arabic too.
    const ar = await sharedApp(db).json("POST", "/api/issue/issue", report(w, { again_of: old }), w.t.owner, { "accept-language": "ar" });
    expect(ar.status).toBe(409);
    expect((await ar.json()).detail).toBe("تم الإبلاغ عن هذا الإصلاح مجددًا بالفعل.");

    expect(await issueCount()).toBe(count);
    for (const id of [completed, cancelledOne, another]) expect(await kinds(id)).toEqual(["reported"]);
  });

  // Walked: a repeat sent by mistake and cancelled used up the earlier repair's "Report again" for good.
  it("a cancelled repeat does not count: the earlier repair may be reported again, once more", async () => {
    const w = await repairWorld(db);
    const old = await earlier(w);
    const first = (await (await again(w, old, w.t.tenant)).json()).data;
    const cancel = await sharedApp(db).json("POST", `/api/issue/cancel?issue_id=${first.issue_id}`, { reason: "Sent by mistake" }, w.t.tenant);
    expect(cancel.status).toBe(200);

    const reopened = (await get(old, w.t.tenant)).data;
    expect(reopened.reported_again).toBeNull();
    expect(reopened.actions).toContain("report_again");
    const second = await again(w, old, w.t.tenant, { title: "Sink leaking again" });
    expect(second.status).toBe(201);
    const made = (await second.json()).data;
    expect((await get(old, w.t.tenant)).data).toMatchObject({ reported_again: made.issue_id });
    // Still once while that one stands.
    expect((await again(w, old, w.t.owner)).status).toBe(409);
    expect(await kinds(old)).toEqual(["reported", "report_again", "report_again"]);
  });

  it("two reports of the same repair at once: exactly one is made", async () => {
    const w = await repairWorld(db);
    const old = await earlier(w);
    const count = await issueCount();
    const answers = await Promise.all([again(w, old, w.t.tenant), again(w, old, w.t.owner), again(w, old, w.t.manager)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await issueCount()).toBe(count + 1);
    expect(await kinds(old)).toEqual(["reported", "report_again"]);
  });

  it("links only for those who may open the other issue; the new report may itself be reported again later", async () => {
    const w = await repairWorld(db);
    const old = await earlier(w);
    const made = (await (await again(w, old, w.t.tenant)).json()).data;
    // The manager gives the new job to another technician: they learn it came back, but cannot open the earlier one.
    await db.query("update users set skills = '{1}' where user_id = $1", [w.tech2.user_id]);
    const assign = await sharedApp(db).json("POST", `/api/issue/assign?issue_id=${made.issue_id}`, { tech_id: w.tech2.user_id }, w.t.manager);
    expect(assign.status).toBe(200);
    expect((await get(made.issue_id, w.t.tech2)).data).toMatchObject({ repeat: true, again_of: null });
    expect((await get(old, w.t.tech2)).status).toBe(404);
    // The earlier repair's technician does not see the new job: no link to it.
    expect((await get(old, w.t.tech)).data).toMatchObject({ reported_again: null });
    expect((await get(made.issue_id, w.t.manager)).data).toMatchObject({ repeat: true, again_of: old });

    // Closed in turn, the new one is offered again: a chain, one link at a time.
    await db.query("update issues set stage = 'closed', completed_at = $2, closed_at = $2 where issue_id = $1", [made.issue_id, new Date(NOW - HOUR)]);
    expect((await get(made.issue_id, w.t.tenant)).data.actions).toContain("report_again");
    const third = await again(w, made.issue_id, w.t.tenant, { available: [S1, { ...S1, time_from: "12:00", time_to: "13:00" }] });
    expect(third.status).toBe(201);
    expect((await third.json()).data.again_of).toBe(made.issue_id);
  });
});
