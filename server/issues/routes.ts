import { Hono } from "hono";
import type { Env } from "../lib/env";
import { requireAuth } from "../lib/auth";
import { HttpError, body, check } from "../lib/http";
import { msg, t } from "../lib/i18n";
import { pageOf } from "../lib/paging";
import { JOBS_PAGE_SIZE, acknowledgeBody, issueIdQuery, jobsQuery } from "../../src/contract/issues";
import { actsOn, reads } from "./access";
import { ISSUE_SELECT, accessOf } from "./queries";

export function issueRoutes() {
  const app = new Hono<Env>();

  app.get("/issue/jobs", requireAuth(1, 2), async (c) => {
    const u = c.var.user;
    const { status = "open" } = check(jobsQuery, { status: c.req.query("status") });
    const page = pageOf(c.req.query());
    // A technician sees the issues assigned to them; a manager those of their company's technicians.
    const who = u.role === 1 ? "i.assigned_tech_id = $1" : "i.assigned_tech_id in (select user_id from users where company_id = $1 and role = 1)";
    const whoId = u.role === 1 ? u.user_id : (u.company_id ?? -1);
    const state = status === "closed" ? "i.issue_status = 1" : "i.issue_status <> 1";
    const total = await c.var.db.query<{ n: number }>(`select count(*)::int as n from issues i where ${who} and ${state}`, [whoId]);
    const { rows } = await c.var.db.query(
      `${ISSUE_SELECT} where ${who} and ${state} order by i.created_at desc, i.issue_id desc limit ${JOBS_PAGE_SIZE} offset $2`,
      [whoId, (page - 1) * JOBS_PAGE_SIZE],
    );
    return c.json({ status: 1, total: total.rows[0].n, data: rows });
  });

  app.get("/issue/issue", requireAuth(), async (c) => {
    const { issue_id } = check(issueIdQuery, c.req.query());
    const access = await accessOf(c.var.db, issue_id);
    // Another company's issue answers exactly as a missing one: ids reveal nothing (issue 9).
    if (!reads(c.var.user, access)) throw new HttpError(404, msg("issueMissing"));
    const { rows } = await c.var.db.query(`${ISSUE_SELECT} where i.issue_id = $1`, [issue_id]);
    return c.json({ status: 1, data: rows[0] });
  });

  app.put("/issue/issue", requireAuth(1, 2), async (c) => {
    const { issue_id } = check(issueIdQuery, c.req.query());
    const { tech_available } = await body(c, acknowledgeBody);
    const u = c.var.user;
    const message = await c.var.db.tx(async (q) => {
      // Lock the issue row so two acknowledgements of one issue cannot interleave.
      await q.query("select 1 from issues where issue_id = $1 for update", [issue_id]);
      const access = await accessOf(q, issue_id);
      if (!actsOn(u, access)) throw new HttpError(404, msg("issueMissing"));
      if (access.issue_status === 1) throw new HttpError(409, msg("issueClosed"));
      const tenant = await q.query<{ date: string; time_from: string; time_to: string }>(
        `select to_char(date, 'YYYY-MM-DD') as date, to_char(time_from, 'HH24:MI') as time_from, to_char(time_to, 'HH24:MI') as time_to
           from issue_availability where issue_id = $1`,
        [issue_id],
      );
      if (tenant.rows.length) {
        // With tenant slots the body holds exactly the one chosen (SPEC.md section 7).
        const [s] = tech_available;
        const offered = tech_available.length === 1 && tenant.rows.some((r) => r.date === s.date && r.time_from === s.time_from && r.time_to === s.time_to);
        if (!offered) throw new HttpError(422, msg("selectAvailability"), { tech_available: msg("chooseOneSlot") });
      }
      await q.query("delete from issue_tech_slots where issue_id = $1", [issue_id]);
      for (const s of tech_available)
        await q.query("insert into issue_tech_slots (issue_id, tech_id, date, time_from, time_to) values ($1, $2, $3, $4, $5)", [
          issue_id,
          access.assigned_tech_id,
          s.date,
          s.time_from,
          s.time_to,
        ]);
      await q.query("update issues set acknowledged_at = now(), acknowledged_by = $2 where issue_id = $1", [issue_id, u.user_id]);
      return msg("acknowledged");
    });
    return c.json({ status: 1, message: t(c, message) });
  });

  return app;
}
