// Reminders as due rows (D22, LOOP.md section 2): 24 hours and 1 hour before a scheduled visit (the property's local
// time) to the technician and the customers, and "not accepted" to whoever assigned a job its technician has not
// accepted within 4 hours. Planned here inside the transaction of the move that changed the issue (stages.ts
// applyMove); the delivery worker (./worker.ts) takes each due row once and sends it only if the issue still matches
// (the same visit, the same technician still to accept).
import type { Queryable } from "../db/db";
import { clock } from "../lib/clock";
import { localInstant } from "../lib/local-time";

const HOUR = 3600_000;
/** Before the visit's start. */
export const BEFORE_VISIT = { reminder_24h: 24 * HOUR, reminder_1h: HOUR } as const;
/** After an assignment nobody accepted. */
export const NOT_ACCEPTED_AFTER = 4 * HOUR;

export type ReminderKind = keyof typeof BEFORE_VISIT | "not_accepted";

interface IssueNow {
  stage: string;
  assigned_tech_id: number | null;
  visit: string | null;
  visit_date: string | null;
  visit_from: string | null;
  country: string | null;
}

/** The visit as a reminder remembers it ("YYYY-MM-DD HH:MM-HH:MM"), SQL over issues `i`: null without one. */
export const VISIT_KEY_SQL = `case when i.visit_date is null then null
  else to_char(i.visit_date, 'YYYY-MM-DD') || ' ' || to_char(i.visit_from, 'HH24:MI') || '-' || to_char(i.visit_to, 'HH24:MI') end`;

/**
 * Plans the issue's reminders from its state now: drops the untaken ones that no longer fit (another visit, another
 * technician, another stage) and adds what is missing. A scheduled visit gets its 24 h and 1 h reminders (those
 * already past are skipped); an assigned job gets "not accepted" 4 hours from now, kept as it was when the same
 * technician is assigned again. Call it inside the transaction that changed the issue.
 */
export async function scheduleReminders(q: Queryable, issueId: number, now = clock.now()): Promise<void> {
  const { rows } = await q.query<IssueNow>(
    `select i.stage, i.assigned_tech_id, ${VISIT_KEY_SQL} as visit, to_char(i.visit_date, 'YYYY-MM-DD') as visit_date,
            to_char(i.visit_from, 'HH24:MI') as visit_from, p.country
       from issues i join properties p on p.property_id = i.property_id
      where i.issue_id = $1`,
    [issueId],
  );
  const issue = rows[0];
  const scheduled = issue?.stage === "scheduled" && issue.visit !== null;
  const waiting = issue?.stage === "assigned" && issue.assigned_tech_id !== null;
  await q.query(
    `delete from reminders where issue_id = $1 and taken_at is null and not (
       (kind in ('reminder_24h', 'reminder_1h') and $2::boolean and visit is not distinct from $3)
       or (kind = 'not_accepted' and $4::boolean and tech_id is not distinct from $5))`,
    [issueId, scheduled, issue?.visit ?? null, waiting, issue?.assigned_tech_id ?? null],
  );
  if (!issue) return;
  if (scheduled && issue.visit_date && issue.visit_from) {
    const start = localInstant(issue.visit_date, issue.visit_from, issue.country);
    for (const [kind, before] of Object.entries(BEFORE_VISIT)) {
      const due = start - before;
      if (due <= now) continue;
      await q.query(
        `insert into reminders (issue_id, kind, due_at, visit) values ($1, $2, $3, $4)
         on conflict (issue_id, kind, due_at) do nothing`,
        [issueId, kind, new Date(due), issue.visit],
      );
    }
  }
  if (waiting) {
    await q.query(
      `insert into reminders (issue_id, kind, due_at, tech_id)
       select $1, 'not_accepted', $2, $3
        where not exists (select 1 from reminders where issue_id = $1 and kind = 'not_accepted' and taken_at is null and tech_id = $3)
       on conflict (issue_id, kind, due_at) do nothing`,
      [issueId, new Date(now + NOT_ACCEPTED_AFTER), issue.assigned_tech_id],
    );
  }
}
