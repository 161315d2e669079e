// The issue area (SPEC.md section 5, issue 11: LOOP.md sections 2 to 4): reading issues and their timeline,
// reporting and editing, comments. Moves: ./moves.ts; photos and videos: ./media.ts. SQL in ./queries.ts; who relates
// to an issue in ./access.ts; what each relation may do in ./stages.ts, which alone decides (D20).
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { JOBS_PAGE_SIZE, issueIdQuery, jobsQuery } from "../../src/contract/issues";
import { REPAIRS_PAGE_SIZE, type ReportBody, STAGES, VISIT_FILTERS, commentBody, editIssueBody, repairsQuery, reportBody } from "../../src/contract/repairs";
import type { Queryable } from "../db/db";
import { type AuthUser, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, body, check } from "../lib/http";
import { jsonAnswer } from "../lib/raw-json";
import { msg, t, translate } from "../lib/i18n";
import { idempotent } from "../lib/idempotency";
import { pageOf, pageSizeOf } from "../lib/paging";
import { notify } from "../notifications/notify";
import { kickDelivery } from "../push/worker";
import { assertMayReport } from "./access";
import { assertNotTaken, assignRoutes } from "./assign";
import { mediaRoutes } from "./media";
import { moveRoutes } from "./moves";
import { receiptRoutes } from "./receipt";
import { assertFuture, issueTypeOf } from "./params";
import { type IssueListInput, issueListRoute } from "./lists";
import { NEWEST, issueFor, issueRow, lockIssue, setAvailability, timelineOf } from "./queries";
import { addEvent, assertMay, autoClose, closeDue, visitSql, waitsForCallerSql } from "./stages";

/** Stages of the Open and Closed tabs of GET /issue/issues: a completed repair waits for its confirmation on Open. */
const FINISHED = "i.stage in ('closed', 'cancelled')";
/** GET /issue/issues's `stage=`: one stage (the manager's home lists `scope=company&stage=reported`: the unassigned). */
const stageQuery = z.object({ stage: z.optional(z.enum(STAGES, translate("en", msg("stageInvalid")))) });
/** GET /issue/issues's `visit=`: the repairs a manager's /home count stands for (visitSql), by the properties' clocks. */
const visitQuery = z.object({ visit: z.optional(z.enum(VISIT_FILTERS, translate("en", msg("visitInvalid")))) });

/**
 * GET /issue/jobs's issues, over the caller's $1..$3 (relationParams: user, role, company): a technician's own, a
 * manager's company's technicians'; the tab's open or closed ones, newest first (422 naming a parameter to refuse).
 */
function jobsList(c: Context): IssueListInput {
  const { status = "open" } = check(jobsQuery, { status: c.req.query("status") });
  const where = `i.assigned_tech_id in (select $1::int where $2 = 1 union all select t.user_id from users t where $2 <> 1 and t.company_id = $3 and t.role = 1)
   and ${status === "closed" ? "i.issue_status = 1" : "i.issue_status <> 1"}`;
  const page = pageOf(c.req.query());
  // The map of the technician's day asks for all open jobs at once (issue 17); the list keeps pages of 10.
  return { where, params: [], order: NEWEST, size: pageSizeOf(c.req.query(), JOBS_PAGE_SIZE), page };
}

/**
 * Every issue the caller may see (/repair, /home): open ones waiting for the caller first (a slot to pick, a repair to
 * confirm), then the newest; closed ones newest first. scope: mine (reported, rented, assigned), property (of the
 * properties the caller owns or their company runs), company (the caller's company's).
 */
function repairsList(c: Context): IssueListInput {
  const { status = "open", scope, property_id } = check(repairsQuery, c.req.query());
  const { stage } = check(stageQuery, { stage: c.req.query("stage") });
  const { visit } = check(visitQuery, { visit: c.req.query("visit") });
  const page = pageOf(c.req.query());
  const size = pageSizeOf(c.req.query(), REPAIRS_PAGE_SIZE);
  const parts = [status === "closed" ? FINISHED : `not ${FINISHED}`];
  if (scope === "mine") parts.push("(r.creator or r.tenant or r.technician)");
  if (scope === "property") parts.push("(r.owner or ($2 = 2 and coalesce(p.company_id = $3, false)))");
  if (scope === "company") parts.push("r.manager");
  const params: unknown[] = [];
  if (property_id !== undefined) {
    params.push(property_id);
    parts.push(`i.property_id = $${params.length + 3}`);
  }
  if (stage !== undefined) {
    params.push(stage);
    parts.push(`i.stage = $${params.length + 3}`);
  }
  if (visit !== undefined) {
    params.push(new Date(clock.now()));
    parts.push(visitSql(visit, `$${params.length + 3}`));
  }
  const order = status === "closed" ? NEWEST : `${waitsForCallerSql()} desc, ${NEWEST}`;
  return { where: parts.join(" and "), params, order, size, page };
}

/**
 * A report's `again_of` (report again, LOOP.md section 2): the earlier repair, locked for the rest of the transaction
 * so that it is reported again once; 404 when the caller cannot see it, 403 or 409 by the table (report_again), and
 * 422 when the new report is not for the same unit.
 */
async function earlierRepair(q: Queryable, u: AuthUser, input: ReportBody, now: number) {
  const earlier = await lockIssue(q, u, input.again_of as number);
  // Read after the lock: a report made meanwhile by another request is seen.
  const { rows } = await q.query<{ issue_id: number }>("select issue_id from issues where again_of = $1 and stage <> 'cancelled'", [earlier.issue_id]);
  assertMay("report_again", { ...earlier, reported_again: rows[0]?.issue_id ?? null }, earlier.rel, now);
  if (earlier.property_id !== input.property_id || earlier.unit_id !== input.unit_id)
    throw new HttpError(422, msg("againSameUnit"), { unit_id: msg("againSameUnit") });
  return earlier;
}

export function issueRoutes() {
  const app = new Hono<Env>();

  issueListRoute(app, "/issue/jobs", [1, 2], jobsList);

  app.get("/issue/issue", requireAuth(), async (c) => {
    const { issue_id } = check(issueIdQuery, c.req.query());
    // Another company's issue answers exactly as a missing one: ids reveal nothing (issue 9). A job once offered to the
    // calling independent technician says why it is gone (409: cancelled, or taken), as accepting it would: the offer's
    // notification leads here.
    const issue = await issueFor(c.var.db, c.var.user, issue_id).catch(async (e: unknown) => {
      if (e instanceof HttpError && e.status === 404) await assertNotTaken(c.var.db, c.var.user, String(issue_id));
      throw e;
    });
    return jsonAnswer(c, { status: 1, data: issue });
  });

  issueListRoute(app, "/issue/issues", [], repairsList);

  app.post("/issue/issue", requireAuth(0, 2, 3), idempotent(), async (c) => {
    const u = c.var.user;
    const input = await body(c, reportBody);
    const now = clock.now();
    const issueId = await c.var.db.tx(async (q) => {
      const earlier = input.again_of ? await earlierRepair(q, u, input, now) : null;
      const place = await assertMayReport(q, u, input.property_id, input.unit_id);
      const { rows: prop } = await q.query<{ type: string; country: string }>("select type, country from properties where property_id = $1", [
        input.property_id,
      ]);
      assertFuture(input.available, prop[0].country, now, "available");
      const at = new Date(now);
      const { rows } = await q.query<{ issue_id: number }>(
        `insert into issues (property_id, unit_id, creator_id, title, description, issue_type, priority, category, emergency, presence, stage, created_at, updated_at, again_of)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'reported', $11, $11, $12) returning issue_id`,
        [
          place.property_id,
          input.unit_id,
          u.user_id,
          input.title,
          input.desc,
          issueTypeOf(prop[0].type, input.unit_id),
          input.emergency ? 3 : 1,
          input.category,
          input.emergency,
          input.presence,
          at,
          earlier?.issue_id ?? null,
        ],
      );
      const id = rows[0].issue_id;
      await setAvailability(q, id, input.available);
      await addEvent(q, id, { actor_id: u.user_id, kind: "reported", from_stage: null, to_stage: "reported", note: null, at });
      // The earlier repair's timeline says it came back (its stage stays closed).
      if (earlier) await addEvent(q, earlier.issue_id, { actor_id: u.user_id, kind: "report_again", from_stage: "closed", to_stage: "closed", note: null, at });
      // The managers of the company that runs the property, or its owner when none does (and they did not report it).
      await notify(q, id, "reported", u, input.emergency ? { emergency: true } : {});
      return id;
    });
    kickDelivery();
    return jsonAnswer(c, { message: t(c, msg("issueReported")), status: 1, data: await issueFor(c.var.db, u, issueId) }, 201);
  });

  // The report's own fields, before the work starts (action edit). The tenant's slots are replaced.
  app.put("/issue/details", requireAuth(), async (c) => {
    const u = c.var.user;
    const { issue_id } = check(issueIdQuery, c.req.query());
    const input = await body(c, editIssueBody);
    const now = clock.now();
    await autoClose(c.var.db, now);
    await c.var.db.tx(async (q) => {
      const issue = await lockIssue(q, u, issue_id);
      assertMay("edit", issue, issue.rel, now);
      if (input.unit_id !== issue.unit_id) await assertMayReport(q, u, issue.property_id, input.unit_id);
      assertFuture(input.available, issue.country, now, "available");
      const at = new Date(now);
      await q.query(
        `update issues set unit_id = $2, category = $3, title = $4, description = $5, emergency = $6, presence = $7,
                priority = case when $6 then 3 when priority = 3 then 1 else priority end, updated_at = $8, issue_type = $9
          where issue_id = $1`,
        [
          issue_id,
          input.unit_id,
          input.category,
          input.title,
          input.desc,
          input.emergency,
          input.presence,
          at,
          issueTypeOf(issue.property_type, input.unit_id),
        ],
      );
      await setAvailability(q, issue_id, input.available);
      await addEvent(q, issue_id, { actor_id: u.user_id, kind: "edit", from_stage: issue.stage, to_stage: issue.stage, note: null, at });
    });
    return jsonAnswer(c, { message: t(c, msg("issueSaved")), status: 1, data: await issueFor(c.var.db, u, issue_id) });
  });

  app.get("/issue/timeline", requireAuth(), async (c) => {
    const u = c.var.user;
    const { issue_id } = check(issueIdQuery, c.req.query());
    await closeDue(c.var.db, clock.now());
    if (!(await issueRow(c.var.db, u, issue_id))) throw new HttpError(404, msg("issueMissing"));
    return c.json({ status: 1, data: await timelineOf(c.var.db, u, issue_id) });
  });

  // A comment: a row of the timeline (kind "comment"); up to 3 photos follow through POST /issue/media&event_id=.
  app.post("/issue/comment", requireAuth(), idempotent(), async (c) => {
    const u = c.var.user;
    const { issue_id } = check(issueIdQuery, c.req.query());
    const input = await body(c, commentBody);
    const now = clock.now();
    await autoClose(c.var.db, now);
    const eventId = await c.var.db.tx(async (q) => {
      const issue = await lockIssue(q, u, issue_id);
      assertMay("comment", issue, issue.rel, now);
      const id = await addEvent(q, issue_id, { actor_id: u.user_id, kind: "comment", from_stage: null, to_stage: null, note: input.body, at: new Date(now) });
      // Everyone who follows the issue but its author.
      await notify(q, issue_id, "comment", u);
      return id;
    });
    kickDelivery();
    const [entry] = await timelineOf(c.var.db, u, issue_id, eventId);
    return c.json({ message: t(c, msg("commentAdded")), data: entry }, 201);
  });

  app.route("/", assignRoutes());
  app.route("/", moveRoutes());
  app.route("/", mediaRoutes());
  app.route("/", receiptRoutes());
  return app;
}
