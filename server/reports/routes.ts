// Figures of the job lifecycle (issue 12, LOOP.md sections 3 and 4; SPEC.md's dashboard): the technician's reports
// (GET /tech/reports), the company's dashboard for a month (GET /company/dashboard) and the manager's home counts
// (GET /company/summary). Answers as src/contract/jobs.ts. Days and months are the company's local time: the Gulf is
// +3 or +4 (../issues/stages.ts utcOffsetHours), read from the company's dialling code, Oman's +4 without one; a visit
// is late or today by its property's own time.
import { Hono } from "hono";
import { JOB_MESSAGES, dashboardQuery, techReportsQuery } from "../../src/contract/jobs";
import { companyOf } from "../company/access";
import type { Queryable } from "../db/db";
import { type AuthUser, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, check } from "../lib/http";
import { ISSUE_FROM, relationParams } from "../issues/access";
import { closeDue, utcOffsetHours, visitSql } from "../issues/stages";
import { STAFF_COUNT } from "../company/queries";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (col: string) => `to_char(${col} at time zone 'UTC', ${ISO})`;
/** Stages of an issue still to be done (a job counts as open in them). */
const UNFINISHED = "i.stage not in ('completed', 'closed', 'cancelled')";

/** The Gulf countries by dialling code, for the offset of a company (or an independent technician) from UTC. */
const DIAL_COUNTRY: Record<string, string> = { "+968": "OM", "+971": "AE", "+966": "SA", "+973": "BH", "+965": "KW", "+974": "QA" };

/** Hours ahead of UTC of whoever has this dialling code: +3 or +4, Oman's +4 when it is not a Gulf one. */
export const offsetOfDialCode = (code: string | null | undefined) => utcOffsetHours(DIAL_COUNTRY[(code ?? "").trim()] ?? "OM");

/** The local day ("YYYY-MM-DD") at `now` for `offset` hours ahead of UTC. */
export const localDay = (now: number, offset: number) => new Date(now + offset * HOUR).toISOString().slice(0, 10);

/** The instant a local day begins. */
const dayStart = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) - offset * HOUR);

/** A real calendar day written YYYY-MM-DD (the query's regex takes 2030-02-30 too). */
const realDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** The first day of the month after `month` (YYYY-MM). */
function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** An average of ratings with one decimal, or null without any. */
const average = (ratings: number[]) => (ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null);

/** How far ahead of UTC the caller's company is (its dialling code), or the caller without a company. */
async function offsetOf(q: Queryable, u: AuthUser): Promise<number> {
  const { rows } = await q.query<{ code: string | null }>(
    "select coalesce(c.cntry_code, u.cntry_code) as code from users u left join companies c on c.company_id = u.company_id where u.user_id = $1",
    [u.user_id],
  );
  return offsetOfDialCode(rows[0]?.code);
}

interface ReportRow {
  issue_id: number;
  title: string;
  property_name: string | null;
  unit_name: string | null;
  completed_at: string;
  minutes: number;
  parts: number;
  rating: number | null;
  stage: string;
}

/** The technician's work reports on issues completed in [start, end), newest first, and the reopens of their issues. */
async function techReports(q: Queryable, techId: number, start: Date, end: Date) {
  const { rows: reports } = await q.query<ReportRow>(
    `select i.issue_id, i.title, p.name as property_name, un.name as unit_name, ${iso("i.completed_at")} as completed_at, w.minutes,
            coalesce((select sum(wp.qty) from work_report_parts wp where wp.issue_id = w.issue_id), 0)::int as parts,
            i.rating::int as rating, i.stage
       from work_reports w
       join issues i on i.issue_id = w.issue_id
       join properties p on p.property_id = i.property_id
       left join units un on un.unit_id = i.unit_id
      where w.tech_id = $1 and i.completed_at >= $2 and i.completed_at < $3
      order by i.completed_at desc, i.issue_id desc`,
    [techId, start, end],
  );
  // Reopened: the customer sent back work of theirs (assigned to them, or reported by them) in the period.
  const { rows: reopens } = await q.query<{ n: number }>(
    `select count(*)::int as n from issue_events e join issues i on i.issue_id = e.issue_id
      where e.kind = 'reopen' and e.created_at >= $2 and e.created_at < $3
        and (i.assigned_tech_id = $1 or exists (select 1 from work_reports w where w.issue_id = e.issue_id and w.tech_id = $1))`,
    [techId, start, end],
  );
  return { reports, reopened: reopens[0].n };
}

export function reportRoutes() {
  const app = new Hono<Env>();

  // The technician's figures and work reports for a period (both days included; default: this month so far).
  app.get("/tech/reports", requireAuth(1), async (c) => {
    const u = c.var.user;
    const query = check(techReportsQuery, c.req.query());
    for (const field of ["from", "to"] as const) {
      const day = query[field];
      if (day !== undefined && !realDay(day)) throw new HttpError(422, JOB_MESSAGES.dateFormat, { [field]: JOB_MESSAGES.dateFormat });
    }
    const { db } = c.var;
    const now = clock.now();
    await closeDue(db, now);
    const offset = await offsetOf(db, u);
    const today = localDay(now, offset);
    const from = query.from ?? `${today.slice(0, 8)}01`;
    const to = query.to ?? (from > today ? from : today);
    if (from > to) throw new HttpError(422, JOB_MESSAGES.periodOrder, { to: JOB_MESSAGES.periodOrder });
    const { reports, reopened } = await techReports(db, u.user_id, dayStart(from, offset), new Date(dayStart(to, offset).getTime() + DAY));
    const ratings = reports.flatMap((r) => (r.rating === null ? [] : [r.rating]));
    const figures = {
      jobs_done: reports.length,
      minutes: reports.reduce((n, r) => n + r.minutes, 0),
      parts: reports.reduce((n, r) => n + r.parts, 0),
      average_rating: average(ratings),
      reopened,
    };
    return c.json({ status: 1, data: { from, to, figures, reports } });
  });

  // SPEC.md's dashboard with the company's figures for a month (default: this month).
  app.get("/company/dashboard", requireAuth(2), async (c) => {
    const u = c.var.user;
    const companyId = companyOf(c);
    const { month: asked } = check(dashboardQuery, c.req.query());
    const { db } = c.var;
    const now = clock.now();
    await closeDue(db, now);
    const offset = await offsetOf(db, u);
    const month = asked ?? localDay(now, offset).slice(0, 7);
    const start = dayStart(`${month}-01`, offset);
    const end = dayStart(nextMonth(month), offset);

    const { rows: types } = await db.query<{ type: string; n: number }>("select type, count(*)::int as n from properties where company_id = $1 group by type", [
      companyId,
    ]);
    const properties = { total: 0, building: 0, villa: 0, townhouse: 0, office: 0 } as Record<string, number>;
    for (const t of types) {
      properties[t.type] = t.n;
      properties.total += t.n;
    }

    // The issues the manager sees (r.manager): of the properties the company runs, or done by its technicians.
    const inMonth = (col: string) => `(${col} >= $4 and ${col} < $5)`;
    const { rows: figs } = await db.query<{ reported: number; completed: number; open: number; average_rating: number | null; minutes: number }>(
      `select count(*) filter (where ${inMonth("i.created_at")})::int as reported,
              count(*) filter (where ${inMonth("i.completed_at")})::int as completed,
              count(*) filter (where ${UNFINISHED})::int as open,
              round(avg(i.rating) filter (where i.stage = 'closed' and ${inMonth("i.closed_at")}), 1)::float8 as average_rating,
              coalesce(sum(w.minutes) filter (where ${inMonth("i.completed_at")}), 0)::int as minutes
         ${ISSUE_FROM}
         left join work_reports w on w.issue_id = i.issue_id
        where r.manager`,
      [...relationParams(u), start, end],
    );

    const { rows: workers } = await db.query(
      `select u.user_id, u.name, u.job_title, u.profile_path,
              (select count(*) from issues i where i.assigned_tech_id = u.user_id and ${UNFINISHED})::int as open_jobs,
              (select count(*) from work_reports w join issues i on i.issue_id = w.issue_id
                where w.tech_id = u.user_id and i.completed_at >= $2 and i.completed_at < $3)::int as done
         from users u
        where u.company_id = $1 and u.role = 1 and not u.disabled
        order by done desc, open_jobs desc, u.name, u.user_id`,
      [companyId, start, end],
    );

    const { rows: tasks } = await db.query(
      `select i.issue_id, i.title, p.type as property_type, i.description as "desc", i.stage, ${iso("i.updated_at")} as updated_at
         ${ISSUE_FROM}
        where r.manager and ${inMonth("i.updated_at")}
        order by i.updated_at desc, i.issue_id desc
        limit 10`,
      [...relationParams(u), start, end],
    );

    return c.json({ status: 1, data: { month, properties, figures: figs[0], workers, tasks } });
  });

  // The manager's /home counts, now, over the issues they see.
  app.get("/company/summary", requireAuth(2), async (c) => {
    const u = c.var.user;
    const { db } = c.var;
    // Visits are today or late by their property's own clock: the same conditions as the lists they open (visitSql).
    const { rows: counts } = await db.query<{ unassigned: number; waiting_acceptance: number; today_visits: number; overdue: number }>(
      `select count(*) filter (where i.stage = 'reported')::int as unassigned,
              count(*) filter (where i.stage = 'assigned')::int as waiting_acceptance,
              count(*) filter (where ${visitSql("today", "$4")})::int as today_visits,
              count(*) filter (where ${visitSql("overdue", "$4")})::int as overdue
         ${ISSUE_FROM}
        where r.manager and i.stage in ('reported', 'assigned', 'scheduled', 'in_progress')`,
      [...relationParams(u), new Date(clock.now())],
    );
    const staff = u.company_id == null ? 0 : (await db.query<{ n: number }>(STAFF_COUNT, [u.company_id])).rows[0].n;
    return c.json({ status: 1, data: { ...counts[0], staff } });
  });

  return app;
}
