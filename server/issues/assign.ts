// Who does the work (issue 12, LOOP.md section 2): the technicians an issue can be assigned to (GET /issue/candidates),
// the check of the one picked (POST /issue/assign, ./moves.ts), and the offers to independent technicians (GET
// /issue/offers; POST /issue/offer and /issue/accept are moves). Who may assign or offer is the table's (./stages.ts);
// which technician fits is decided here:
// - only a technician "taking jobs now" (users.taking_jobs, issue 14) is listed, offered a job or assigned one;
// - a manager picks a technician (role 1, not disabled) of their own company (LOOP.md section 2: "a technician of that
//   company"): GET /issue/candidates lists those with the issue's category among their skills (all of them when the
//   issue has none), and with `all=1` every one of the company's technicians, those with the skill first; `others`
//   counts those the skill left out, so that a manager whose only skilled technician has the job is not at a dead end;
// - the owner of a property no company runs (relation `landlord`) picks an independent technician (no company) with
//   the skill; GET /issue/candidates lists those whose service area (location and area_range km, verify-info)
//   covers the property, the same who see the owner's offer (relation `offered`, ./access.ts).
import { Hono } from "hono";
import { JOBS_PAGE_SIZE, issueIdQuery } from "../../src/contract/issues";
import type { Queryable } from "../db/db";
import { type AuthUser, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, check } from "../lib/http";
import { msg } from "../lib/i18n";
import { pageOf } from "../lib/paging";
import { distanceKmSql, takesOfferSql } from "./access";
import { issueListRoute } from "./lists";
import { type IssueRow, issueRow } from "./queries";
import { assertMay, closeDue } from "./stages";

/** Stages after which a job no longer counts as open for its technician. */
const DONE = "('completed', 'closed', 'cancelled')";

/** The technician `t` has the skill issue `i` needs (any technician when it needs none). */
const HAS_SKILL = "(i.category is null or i.category = any(t.skills))";
/** A technician `t` (taking jobs) of the manager's company `$2`. */
const COMPANY_TECH = "t.taking_jobs and t.role = 1 and not t.disabled and t.company_id = $2";

/**
 * The technicians who may get the issue `$1` (over its `i` and property `p`): those of the manager's company `$2` with
 * the skill (every one of them with `all`), or (`company` false, no `$2`) the landlord's independent technicians with
 * the skill around the property. Best first: with the skill, not having declined this job, nearest (unknown last), fewest
 * open jobs, then by name.
 */
const candidatesSql = (company: boolean, all: boolean) => `
  select t.user_id, t.name, t.profile_path, t.job_title, t.skills, ${HAS_SKILL} as has_skill,
         case when t.lat is null or t.lng is null or p.lat is null or p.lng is null then null
              else round(${distanceKmSql("t.lat", "t.lng", "p.lat", "p.lng")}::numeric, 1)::float8 end as distance_km,
         (select count(*)::int from issues o where o.assigned_tech_id = t.user_id and o.stage not in ${DONE}) as open_jobs,
         coalesce(t.user_id = i.assigned_tech_id, false) as current,
         exists (select 1 from issue_events d where d.issue_id = i.issue_id and d.kind = 'decline' and d.actor_id = t.user_id) as declined
    from issues i
    join properties p on p.property_id = i.property_id
    join users t on ${company ? `${COMPANY_TECH}${all ? "" : ` and ${HAS_SKILL}`}` : `t.taking_jobs and ${takesOfferSql("t")}`}
   where i.issue_id = $1
   order by has_skill desc, declined, distance_km nulls last, open_jobs, t.name, t.user_id`;

/** How many technicians of the manager's company `$2` the skill of issue `$1` leaves out of its candidates. */
const OTHERS_SQL = `select count(*)::int as n from issues i join users t on ${COMPANY_TECH} and not ${HAS_SKILL} where i.issue_id = $1`;

/**
 * The name of technician `techId` when the caller may assign `issue` to them (the caller may assign: checked before);
 * 422 naming tech_id otherwise.
 */
export async function assignee(q: Queryable, issue: IssueRow, techId: number, u: AuthUser): Promise<string> {
  const { rows: issues } = await q.query<{ category: number | null }>("select category from issues where issue_id = $1", [issue.issue_id]);
  const category = issues[0]?.category ?? null;
  const company = issue.rel.manager;
  const { rows } = await q.query<{ name: string; skills: number[]; taking_jobs: boolean }>(
    `select name, skills, taking_jobs from users
      where user_id = $1 and role = 1 and not disabled and ${company ? "company_id = $2" : "company_id is null"}`,
    company ? [techId, u.company_id ?? -1] : [techId],
  );
  const tech = rows[0];
  if (!tech) {
    const why = company ? "techNotInCompany" : "techNotIndependent";
    throw new HttpError(422, msg(why), { tech_id: msg(why) });
  }
  if (!tech.taking_jobs) throw new HttpError(422, msg("techNotTaking"), { tech_id: msg("techNotTaking") });
  // A manager may give the job to any technician of theirs (LOOP.md section 2), one without the skill too when they
  // choose to (the sheet lists those only when asked); an independent technician needs the skill, as the offer does.
  if (!company && category !== null && !tech.skills.includes(category)) throw new HttpError(422, msg("techLacksSkill"), { tech_id: msg("techLacksSkill") });
  return tech.name;
}

/**
 * POST /issue/accept found no issue the caller sees: when it was offered to them (an independent technician the offer
 * reached) and someone else took it, or the owner assigned or cancelled it, say so (409) instead of the 404 of a
 * missing issue. Returns quietly otherwise (the 404 stands).
 */
export async function assertNotTaken(q: Queryable, u: AuthUser, rawIssueId: string | undefined) {
  const issueId = Number(rawIssueId);
  if (u.role !== 1 || !Number.isSafeInteger(issueId) || issueId < 1) return;
  const { rows } = await q.query<{ stage: string }>(
    `select i.stage from issues i
       join properties p on p.property_id = i.property_id
       join users me on me.user_id = $1
      where i.issue_id = $2 and p.company_id is null and ${takesOfferSql("me")}
        and exists (select 1 from issue_events e where e.issue_id = i.issue_id and e.kind = 'offer')`,
    [u.user_id, issueId],
  );
  if (!rows[0]) return;
  if (rows[0].stage === "cancelled") throw new HttpError(409, msg("issueWasCancelled"));
  throw new HttpError(409, msg("jobTaken"));
}

export function assignRoutes() {
  const app = new Hono<Env>();

  // The caller may assign the issue now (`assign` in its actions), else 404/403/409 as the move would answer.
  app.get("/issue/candidates", requireAuth(), async (c) => {
    const u = c.var.user;
    const { issue_id } = check(issueIdQuery, c.req.query());
    const now = clock.now();
    await closeDue(c.var.db, now);
    const issue = await issueRow(c.var.db, u, issue_id);
    if (!issue) throw new HttpError(404, msg("issueMissing"));
    assertMay("assign", issue, issue.rel, now);
    const company = issue.rel.manager;
    const all = company && c.req.query("all") === "1";
    const params = company ? [issue_id, u.company_id ?? -1] : [issue_id];
    const { rows } = await c.var.db.query(candidatesSql(company, all), params);
    const others = company && !all ? (await c.var.db.query<{ n: number }>(OTHERS_SQL, params)).rows[0].n : 0;
    return c.json({ status: 1, data: rows, others });
  });

  // The jobs offered to the calling independent technician that they may still take (relation `offered`), newest
  // offer first. Their assigned jobs stay on GET /issue/jobs.
  issueListRoute(app, "/issue/offers", [1], (c) => ({
    // "Taking jobs now" off (issue 14): no offer reaches the technician.
    where: "r.offered and exists (select 1 from users me where me.user_id = $1 and me.taking_jobs)",
    params: [],
    order: "i.offered_at desc, i.issue_id desc",
    size: JOBS_PAGE_SIZE,
    page: pageOf(c.req.query()),
  }));

  return app;
}
