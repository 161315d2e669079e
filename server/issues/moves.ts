// The moves of an issue (LOOP.md section 2): POST /issue/<move>?issue_id= and the technician's acknowledgement
// (PUT /issue/issue, SPEC.md section 5). Each checks and moves through ./stages.ts in one transaction on the locked
// issue row, and answers {message, status: 1, data: the issue as it is now}. A repeat with the same Idempotency-Key
// gets the first answer (D23).
import type { Context } from "hono";
import { Hono } from "hono";
import * as z from "zod/mini";
import { acknowledgeBody, issueIdQuery } from "../../src/contract/issues";
import { confirmBody, pickSlotBody, reasonBody, requestSlotsBody } from "../../src/contract/repairs";
import type { Queryable } from "../db/db";
import { type AuthUser, type AuthedEnv, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, body, check } from "../lib/http";
import { type MessageKey, msg, t, translate } from "../lib/i18n";
import { idempotent } from "../lib/idempotency";
import { assertFuture } from "./params";
import { type IssueRow, issueFor, lockIssue, sameSlot, setTechSlots, slotsOf } from "./queries";
import { type Move, applyMove, assertMay, autoClose } from "./stages";

const TECH_REQUIRED = translate("en", msg("techRequired"));
const assignBody = z.object({ tech_id: z.int(TECH_REQUIRED).check(z.positive(TECH_REQUIRED)) });

type Handler<T> = (q: Queryable, issue: IssueRow, input: T, u: AuthUser, now: number) => Promise<void>;

/** Runs a move's handler on the locked issue in one transaction, then answers with the issue as it is now. */
async function run<T>(c: Context<AuthedEnv>, input: T, handler: Handler<T>, message: MessageKey) {
  const u = c.var.user;
  const { issue_id } = check(issueIdQuery, c.req.query());
  const now = clock.now();
  // Swept on its own first: a refused move rolls its transaction back, the automatic close stays.
  await autoClose(c.var.db, now);
  await c.var.db.tx(async (q) => {
    await handler(q, await lockIssue(q, u, issue_id), input, u, now);
  });
  return c.json({ message: t(c, msg(message)), status: 1, data: await issueFor(c.var.db, u, issue_id) });
}

export function moveRoutes() {
  const app = new Hono<Env>();

  /** POST /issue/<name>: the body (when the move takes one) is checked first, then the move. */
  function move<T>(name: Move, schema: z.ZodMiniType<T> | null, message: MessageKey, handler: Handler<T>) {
    app.post(`/issue/${name}`, requireAuth(), idempotent(), async (c) => run(c, schema ? await body(c, schema) : ({} as T), handler, message));
  }

  move("cancel", reasonBody, "issueCancelled", async (q, issue, { reason }, u, now) => {
    await applyMove(q, issue, "cancel", u, reason, { cancel_reason: reason, closed_at: new Date(now) }, now);
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
    await applyMove(q, issue, "reopen", u, reason, { completed_at: null, visit: null, acknowledged: null }, now);
  });

  move("assign", assignBody, "techAssigned", async (q, issue, { tech_id }, u, now) => {
    assertMay("assign", issue, issue.rel, now);
    const { rows } = await q.query<{ name: string }>("select name from users where user_id = $1 and role = 1 and company_id = $2 and not disabled", [
      tech_id,
      u.company_id ?? -1,
    ]);
    if (!rows[0]) throw new HttpError(422, msg("techNotInCompany"), { tech_id: msg("techNotInCompany") });
    await setTechSlots(q, issue.issue_id, null, []);
    await applyMove(q, issue, "assign", u, rows[0].name, { assigned_tech_id: tech_id, visit: null, acknowledged: null }, now);
  });

  move("accept", null, "jobAccepted", async (q, issue, _input, u, now) => {
    await applyMove(q, issue, "accept", u, null, {}, now);
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
