// The moves of an issue (LOOP.md section 2): POST /issue/<move>?issue_id= and the technician's acknowledgement
// (PUT /issue/issue, SPEC.md section 5). Each checks and moves through ./stages.ts in one transaction on the locked
// issue row, and answers {message, status: 1, data: the issue as it is now}. A repeat with the same Idempotency-Key
// gets the first answer (D23).
import type { Context } from "hono";
import { Hono } from "hono";
import type * as z from "zod/mini";
import { acknowledgeBody, issueIdQuery } from "../../src/contract/issues";
import { assignBody } from "../../src/contract/jobs";
import { MINUTES_MAX, completeBody, confirmBody, pickSlotBody, reasonBody, requestSlotsBody } from "../../src/contract/repairs";
import type { Queryable } from "../db/db";
import { type AuthUser, type AuthedEnv, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, body, check } from "../lib/http";
import { jsonAnswer } from "../lib/raw-json";
import { type MessageKey, msg, t } from "../lib/i18n";
import { idempotent } from "../lib/idempotency";
import { kickDelivery } from "../push/worker";
import { assertNotTaken, assignee } from "./assign";
import { assertFuture } from "./params";
import { issueReceipt } from "./receipt";
import { type IssueRow, lockIssue, sameSlot, selectIssues, setTechSlots, slotsOf } from "./queries";
import { type Move, applyMove, assertMay, autoClose } from "./stages";

/** Whole minutes from the start of the work to now, rounded up, within 1..MINUTES_MAX (1 when the start is unknown). */
export function defaultMinutes(startedAt: Date | string | null, now: number): number {
  if (!startedAt) return 1;
  const minutes = Math.ceil((now - new Date(startedAt).getTime()) / 60_000);
  return Math.min(MINUTES_MAX, Math.max(1, minutes));
}

/** How far back a move sent late may be dated: a day (a technician's shift without signal). */
const DONE_AT_MAX_AGE = 24 * 3600_000;

/**
 * When the move was made: the time the outbox says the button was pressed (X-Done-At), for a move made offline and sent
 * when the network came back (walked: a start and a completion made two hours apart in a basement were both dated
 * the minute the phone found signal). Never later than now, never before the issue's last event nor more than a day
 * back; the server's own time without it.
 */
async function doneAt(q: Queryable, header: string | undefined, issueId: number, now: number): Promise<number> {
  const at = header ? Date.parse(header) : Number.NaN;
  if (!Number.isFinite(at) || at >= now) return now;
  const { rows } = await q.query<{ last: Date | null }>("select max(created_at) as last from issue_events where issue_id = $1", [issueId]);
  const last = rows[0]?.last ? new Date(rows[0].last).getTime() : 0;
  return Math.max(at, last, now - DONE_AT_MAX_AGE);
}

type Handler<T> = (q: Queryable, issue: IssueRow, input: T, u: AuthUser, now: number) => Promise<void>;

/**
 * Runs a move's handler on the locked issue in one transaction, then answers with the issue as it is now. A caller who
 * no longer sees it (the technician who declined) gets the message without `data`.
 */
async function run<T>(c: Context<AuthedEnv>, input: T, handler: Handler<T>, message: MessageKey) {
  const u = c.var.user;
  const { issue_id } = check(issueIdQuery, c.req.query());
  const now = clock.now();
  // Swept on its own first: a refused move rolls its transaction back, the automatic close stays.
  await autoClose(c.var.db, now);
  await c.var.db.tx(async (q) => {
    const issue = await lockIssue(q, u, issue_id);
    await handler(q, issue, input, u, await doneAt(q, c.req.header("x-done-at"), issue_id, now));
  });
  // applyMove wrote the notifications in the transaction; now committed, the worker can send them.
  kickDelivery();
  const [issue] = await selectIssues(c.var.db, u, "i.issue_id = $4", [issue_id]);
  return jsonAnswer(c, { message: t(c, msg(message)), status: 1, ...(issue ? { data: issue } : {}) });
}

export function moveRoutes() {
  const app = new Hono<Env>();

  /** POST /issue/<name>: the body (when the move takes one) is checked first, then the move. */
  function move<T>(name: Move, schema: z.ZodMiniType<T> | null, message: MessageKey, handler: Handler<T>) {
    app.post(`/issue/${name}`, requireAuth(), idempotent(), async (c) => run(c, schema ? await body(c, schema) : ({} as T), handler, message));
  }

  move("cancel", reasonBody, "issueCancelled", async (q, issue, { reason }, u, now) => {
    await applyMove(q, issue, "cancel", u, reason, { cancel_reason: reason, closed_at: new Date(now), offered: null }, now);
  });

  move("pick_slot", pickSlotBody, "slotPicked", async (q, issue, slot, u, now) => {
    assertMay("pick_slot", issue, issue.rel, now);
    const proposed = await slotsOf(q, "issue_tech_slots", issue.issue_id);
    if (!proposed.some((s) => sameSlot(s, slot))) throw new HttpError(422, msg("slotNotProposed"), { date: msg("slotNotProposed") });
    assertFuture([slot], issue.country, now, "date");
    // The picked slot is the visit and the one acknowledged slot from now on.
    await setTechSlots(q, issue.issue_id, issue.assigned_tech_id, [slot]);
    await applyMove(q, issue, "pick_slot", u, null, { visit: slot }, now);
  });

  move("request_slots", requestSlotsBody, "slotsRequested", async (q, issue, { note }, u, now) => {
    assertMay("request_slots", issue, issue.rel, now);
    // The technician acknowledges again with other times.
    await setTechSlots(q, issue.issue_id, null, []);
    await applyMove(q, issue, "request_slots", u, note, { visit: null, acknowledged: null }, now);
  });

  move("confirm", confirmBody, "issueConfirmed", async (q, issue, { rating, comment }, u, now) => {
    await applyMove(q, issue, "confirm", u, comment, { rating, rating_comment: comment, closed_at: new Date(now) }, now);
  });

  move("reopen", reasonBody, "issueReopened", async (q, issue, { reason }, u, now) => {
    assertMay("reopen", issue, issue.rel, now);
    // Back to the same technician, who accepted before: a new visit is agreed from scratch.
    await setTechSlots(q, issue.issue_id, null, []);
    await applyMove(q, issue, "reopen", u, reason, { completed_at: null, started_at: null, held: null, visit: null, acknowledged: null }, now);
  });

  // A manager: a technician of their company with the skill; the owner of a property no company runs: an independent
  // one with the skill (./assign.ts). A standing offer ends.
  move("assign", assignBody, "techAssigned", async (q, issue, { tech_id }, u, now) => {
    assertMay("assign", issue, issue.rel, now);
    const name = await assignee(q, issue, tech_id, u);
    await setTechSlots(q, issue.issue_id, null, []);
    await applyMove(q, issue, "assign", u, name, { assigned_tech_id: tech_id, visit: null, acknowledged: null, offered: null }, now);
  });

  // The owner of a property no company runs offers the job to the independent technicians around it (GET /issue/offers),
  // each of whom is told (applyMove: notification "offer").
  move("offer", null, "jobOffered", async (q, issue, _input, u, now) => {
    const { rows } = await q.query<{ offered: boolean }>("select offered_at is not null as offered from issues where issue_id = $1", [issue.issue_id]);
    await applyMove(q, { ...issue, offered: rows[0].offered }, "offer", u, null, { offered: new Date(now) }, now);
  });

  // The assigned technician accepts; or an independent technician an offer reaches takes the job: the first one wins
  // (the issue row is locked), the others find it no longer offered to them and get 409 (assertNotTaken), not 404.
  app.post("/issue/accept", requireAuth(), idempotent(), async (c) => {
    try {
      return await run(
        c,
        null,
        async (q, issue, _input, u, now) => {
          const taking = issue.rel.offered && !issue.rel.technician;
          // On Postgres a second taker waiting on the lock may get the row with its relations as they were before the
          // first one's commit: the row's own stage and technician are current, and say it is gone.
          if (taking && issue.stage !== "cancelled" && (issue.stage !== "reported" || issue.assigned_tech_id !== null))
            throw new HttpError(409, msg("jobTaken"));
          await applyMove(q, issue, "accept", u, null, taking ? { assigned_tech_id: u.user_id, offered: null } : {}, now);
        },
        "jobAccepted",
      );
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) await assertNotTaken(c.var.db, c.var.user, c.req.query("issue_id"));
      throw e;
    }
  });

  // The job (issue 12). Declined: back to the managers, nobody assigned, the visit and the acknowledgement gone.
  move("decline", reasonBody, "jobDeclined", async (q, issue, { reason }, u, now) => {
    assertMay("decline", issue, issue.rel, now);
    await setTechSlots(q, issue.issue_id, null, []);
    await applyMove(q, issue, "decline", u, reason, { assigned_tech_id: null, visit: null, acknowledged: null }, now);
  });

  move("start", null, "workStarted", async (q, issue, _input, u, now) => {
    await applyMove(q, issue, "start", u, null, { started_at: new Date(now), held: null }, now);
  });

  move("hold", reasonBody, "workHeld", async (q, issue, { reason }, u, now) => {
    await applyMove(q, issue, "hold", u, reason, { held: { at: new Date(now), reason } }, now);
  });

  move("resume", null, "workResumed", async (q, issue, _input, u, now) => {
    await applyMove(q, issue, "resume", u, null, { held: null }, now);
  });

  // The work report (LOOP.md section 2): after at least one after-photo; the time on site defaults to start → now.
  move("complete", completeBody, "workCompleted", async (q, issue, report, u, now) => {
    assertMay("complete", issue, issue.rel, now);
    const { rows } = await q.query<{ n: number }>("select count(*)::int as n from issue_media where issue_id = $1 and event_id is null and phase = 'after'", [
      issue.issue_id,
    ]);
    if (!rows[0].n) throw new HttpError(422, msg("afterPhotoRequired"), { after_images: msg("afterPhotoRequired") });
    const minutes = report.minutes ?? defaultMinutes(issue.started_at, now);
    await q.query("delete from work_reports where issue_id = $1", [issue.issue_id]);
    await q.query(
      `insert into work_reports (issue_id, tech_id, notes, minutes, follow_up, occupant_damage, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [issue.issue_id, u.user_id, report.notes, minutes, report.follow_up, report.occupant_damage, new Date(now)],
    );
    for (const [i, p] of report.parts.entries())
      await q.query("insert into work_report_parts (issue_id, position, name, qty, unit_price) values ($1, $2, $3, $4, $5)", [
        issue.issue_id,
        i,
        p.name,
        p.qty,
        p.unit_price,
      ]);
    for (const [i, cost] of report.extra_costs.entries())
      await q.query("insert into work_report_costs (issue_id, position, label, amount) values ($1, $2, $3, $4)", [issue.issue_id, i, cost.label, cost.amount]);
    // The timeline keeps the notes, never the prices (tenants read it).
    await applyMove(q, issue, "complete", u, report.notes, { completed_at: new Date(now), held: null }, now);
    // The receipt is issued now: its number in the order work is finished, the rate and the company as they are now. A
    // reopened repair completed again bills both visits on a new receipt: the one issued at the first completion kept
    // its number and date while its amounts changed (walked); its number is left unused.
    await q.query("delete from receipts where issue_id = $1", [issue.issue_id]);
    await issueReceipt(q, issue, now);
  });

  // SPEC.md section 5: with tenant slots the body holds exactly the one chosen (→ scheduled, that visit); without, the
  // technician's own slots (→ proposed: the tenant picks). `propose: true` proposes them although the tenant gave some.
  app.put("/issue/issue", requireAuth(1, 2), idempotent(), async (c) => {
    const { tech_available, propose } = await body(c, acknowledgeBody);
    return run(
      c,
      null,
      async (q, issue, _input, u, now) => {
        // Once a time is proposed or agreed, the same call changes it: a reschedule, its own row on the timeline.
        const move = issue.stage === "proposed" || issue.stage === "scheduled" ? "reschedule" : "acknowledge";
        assertMay(move, issue, issue.rel, now);
        const tenant = await slotsOf(q, "issue_availability", issue.issue_id);
        let scheduled = false;
        if (tenant.length && !propose) {
          const [s] = tech_available;
          if (tech_available.length !== 1 || !tenant.some((r) => sameSlot(r, s)))
            throw new HttpError(422, msg("selectAvailability"), { tech_available: msg("chooseOneSlot") });
          scheduled = true;
        }
        assertFuture(tech_available, issue.country, now, "tech_available");
        await setTechSlots(q, issue.issue_id, issue.assigned_tech_id, tech_available);
        await applyMove(
          q,
          issue,
          move,
          u,
          null,
          { visit: scheduled ? tech_available[0] : null, acknowledged: { at: new Date(now), by: u.user_id } },
          now,
          scheduled ? "scheduled" : "proposed",
        );
      },
      "acknowledged",
    );
  });

  return app;
}
