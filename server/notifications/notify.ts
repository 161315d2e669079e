// Who hears of an event of an issue (issue 13, D22): `notify` computes the recipients in SQL, inside the caller's
// transaction, and inserts one `notifications` row per recipient: never the actor, never a disabled account, never
// anyone the issue does not concern (a tenant of another unit of the same building gets nothing). The app writes the
// sentence from the kind and the params; push and mail are sent later by the delivery worker (server/push/worker.ts),
// which takes the rows marked 'pending' here when the recipient's settings allow the channel. The caller kicks the
// worker (kickDelivery) once its transaction has committed, so the worker finds the rows.
//
// The people of an issue:
// - customers: its creator, the CURRENT tenants of its unit, the property's owner;
// - managers: role-2 users of the company that runs the property and of the assigned technician's company;
// - landlord: the property's owner when no company runs it (who assigns and offers instead of a manager);
// - tech: the assigned technician;
// - offered: the independent technicians the owner's offer reaches (the `offered` relation of ../issues/access.ts).
import { MAIL_KINDS, type NotificationKind } from "../../src/contract/notifications";
import type { Queryable } from "../db/db";
import { takesOfferSql } from "../issues/access";
import { clock } from "../lib/clock";

export type Audience = "customers" | "managers" | "landlord" | "tech" | "offered";

/** Who each kind reaches when the caller does not say otherwise (D22's table, server/issues/stages.ts `moveKind`). */
export const AUDIENCE: Record<NotificationKind, readonly Audience[]> = {
  reported: ["managers", "landlord"],
  assigned: ["tech", "customers"],
  offer: ["offered"],
  accepted: ["customers", "managers"],
  // The customers too: they were told who would do it (assigned), and would otherwise wait on a stale promise.
  declined: ["managers", "landlord", "customers"],
  slots_proposed: ["customers"],
  scheduled: ["customers", "managers"],
  rescheduled: ["customers", "tech"],
  reminder_24h: ["tech", "customers"],
  reminder_1h: ["tech", "customers"],
  on_the_way: ["customers"],
  completed: ["customers", "managers"],
  // The other customers too: an owner asked to check the work hears that the tenant confirmed it (or reopened it).
  confirmed: ["tech", "managers", "customers"],
  reopened: ["tech", "managers", "customers"],
  cancelled: ["tech", "managers", "customers"],
  // Everyone who follows the issue; not the technicians an offer merely reaches.
  comment: ["customers", "tech", "managers"],
  // Not about an issue's people (an invitation names its one recipient); nobody through `notify`.
  invitation: [],
  // The job waits for its technician: those who assigned it.
  not_accepted: ["managers", "landlord"],
};

/** Each audience as SQL over the issue `i`, its property `p` and its assigned technician `tu`: a set of user ids. */
const AUDIENCE_SQL: Record<Audience, string> = {
  customers: `select i.creator_id where i.creator_id is not null
              union select t.tenant_id from tenancies t where t.unit_id = i.unit_id and t.ended_at is null
              union select p.owner_id where p.owner_id is not null`,
  managers: `select m.user_id from users m
              where m.role = 2 and m.company_id is not null and (m.company_id = p.company_id or m.company_id = tu.company_id)`,
  landlord: "select p.owner_id where p.owner_id is not null and p.company_id is null",
  tech: "select i.assigned_tech_id where i.assigned_tech_id is not null",
  offered: `select o.user_id from users o
             where i.offered_at is not null and i.stage = 'reported' and i.assigned_tech_id is null and p.company_id is null
               and ${takesOfferSql("o")}`,
};

/** What the sentence of a notification may use; `notify` fills the issue's own (title, names, visit, stage). */
export interface NotificationParams {
  title?: string;
  actor_name?: string;
  property_name?: string;
  tech_name?: string;
  visit?: { date: string; time_from: string; time_to: string };
  reason?: string;
  rating?: number;
  [key: string]: unknown;
}

interface IssueFacts {
  title: string;
  property_name: string;
  tech_name: string | null;
  stage: string;
  visit_date: string | null;
  visit_from: string | null;
  visit_to: string | null;
  actor_name: string | null;
}

/**
 * Inserts one notification of `kind` about issue `issueId` for each of its people in `to` (the kind's audience by
 * default), except `actor` (null: the server itself, e.g. a reminder). Push and mail are 'pending' when the recipient's
 * settings allow them (no row: on); mail only for MAIL_KINDS and users with an email. `params` are added to the
 * issue's own (title, property_name, tech_name, visit, stage, finished, actor_name). Returns the new rows' ids.
 */
export async function notify(
  q: Queryable,
  issueId: number,
  kind: NotificationKind,
  actor: { user_id: number } | null,
  params: NotificationParams = {},
  to: readonly Audience[] = AUDIENCE[kind],
): Promise<number[]> {
  if (!to.length) return [];
  const { rows: facts } = await q.query<IssueFacts>(
    `select i.title, p.name as property_name, tu.name as tech_name, i.stage,
            to_char(i.visit_date, 'YYYY-MM-DD') as visit_date, to_char(i.visit_from, 'HH24:MI') as visit_from,
            to_char(i.visit_to, 'HH24:MI') as visit_to, a.name as actor_name
       from issues i
       join properties p on p.property_id = i.property_id
       left join users tu on tu.user_id = i.assigned_tech_id
       left join users a on a.user_id = $2
      where i.issue_id = $1`,
    [issueId, actor?.user_id ?? null],
  );
  const f = facts[0];
  if (!f) return [];
  const all: NotificationParams = {
    title: f.title,
    property_name: f.property_name,
    stage: f.stage,
    ...(f.stage === "closed" || f.stage === "cancelled" ? { finished: true } : {}),
    ...(f.actor_name ? { actor_name: f.actor_name } : {}),
    ...(f.tech_name ? { tech_name: f.tech_name } : {}),
    ...(f.visit_date && f.visit_from && f.visit_to ? { visit: { date: f.visit_date, time_from: f.visit_from, time_to: f.visit_to } } : {}),
    ...params,
  };
  const recipients = [...new Set(to)].map((a) => AUDIENCE_SQL[a]).join("\n union ");
  const { rows } = await q.query<{ notification_id: number }>(
    `insert into notifications (user_id, kind, issue_id, params, created_at, push_state, mail_state)
     select u.user_id, $2, $1, $3::jsonb, $4,
            case when coalesce(s.push, true) then 'pending' else 'none' end,
            case when $6 and coalesce(s.mail, true) and u.email is not null then 'pending' else 'none' end
       from issues i
       join properties p on p.property_id = i.property_id
       left join users tu on tu.user_id = i.assigned_tech_id
       cross join lateral (${recipients}) r (user_id)
       join users u on u.user_id = r.user_id
       left join notification_settings s on s.user_id = u.user_id and s.kind = $2
      where i.issue_id = $1 and not u.disabled and u.user_id is distinct from $5
      order by u.user_id
     returning notification_id`,
    [issueId, kind, JSON.stringify(all), new Date(clock.now()), actor?.user_id ?? null, MAIL_KINDS.includes(kind)],
  );
  return rows.map((r) => r.notification_id);
}
