import type { Stage } from "../../../src/contract/repairs";
import type { NotificationKind } from "../../../src/contract/notifications";
import { issueTypeOf } from "../../issues/params";
import { type Move, moveNotice } from "../../issues/stages";
import { type Audience, type NotificationParams, notify } from "../../notifications/notify";
import { BEFORE_VISIT } from "../../push/reminders";
import { issueReceipt } from "../../issues/receipt";
import type { Queryable } from "../db";
import type { SeedIds } from "./ids";

// Demo properties in Muscat with their units and tenancies, and their maintenance issues, assigned to the demo
// technician (D1, D11) but for two nobody has taken yet; the finished ones with their work reports (issue 12). The
// owner has a building (Qurum Heights, 101 to 104) and a villa; Gulf Fix runs Al Khuwair Residence, handed over by the
// owner, where the demo tenant rents Flat 7; a previous tenant left Qurum Heights 103.
// Media paths are relative to server/files/properties/; scripts/gen-issue-media.sh makes the files.

interface SeedProperty {
  key: string;
  name: string;
  type: "building" | "villa" | "townhouse" | "office";
  units: string[];
  /** Run by the demo company (handed over by the owner). */
  gulfFix?: boolean;
  access_notes?: string;
  addres?: string;
  addrs?: Partial<Record<"block" | "no" | "street" | "city" | "state" | "zipcode" | "country", string>>;
  lat: number;
  lng: number;
  images: string[];
}

const PROPERTIES: SeedProperty[] = [
  {
    key: "qurum",
    name: "Qurum Heights",
    type: "building",
    units: ["101", "102", "103", "104"],
    access_notes: "Ask the guard at the main gate for the service lift key.",
    addrs: { block: "Block 215", no: "Building 1248", street: "Way 2734", city: "Muscat", state: "Muscat Governorate", zipcode: "112", country: "Oman" },
    lat: 23.6139,
    lng: 58.4786,
    images: ["demo/qurum-heights.svg"],
  },
  {
    key: "mouj",
    name: "Villa 48, Al Mouj",
    type: "villa",
    units: ["Villa 48"],
    addres: "Villa 48, Marsa Street, Al Mouj, Muscat 130, Oman",
    lat: 23.6322,
    lng: 58.2786,
    images: ["demo/villa-mouj.svg"],
  },
  {
    key: "khuwair",
    name: "Al Khuwair Residence",
    type: "building",
    units: ["Flat 5", "Flat 6", "Flat 7", "Flat 8"],
    gulfFix: true,
    addrs: { block: "Block 233", no: "Building 41", street: "Way 3319", city: "Muscat", state: "Bawshar", zipcode: "133", country: "Oman" },
    lat: 23.5951,
    lng: 58.4092,
    images: ["demo/khuwair-residence.svg"],
  },
  {
    // Most structured parts missing: the address shows as unavailable (SPEC.md section 3).
    key: "ruwi",
    name: "Ruwi Townhouse",
    type: "townhouse",
    units: ["1"],
    addrs: { block: "", no: "", street: "", city: "Muscat", state: "", zipcode: "", country: "Oman" },
    lat: 23.5989,
    lng: 58.5452,
    images: [],
  },
];

interface SeedIssue {
  property: string;
  unit: string;
  title: string;
  desc: string;
  status: 0 | 1;
  priority: number;
  daysAgo: number;
  creator: "owner" | "tenant";
  /** One of the 33 skills (src/data/skills.ts). */
  category: number;
  /** [days from today, from, to] */
  slots: Array<[number, string, string]>;
  media: Array<[kind: "image" | "video", file: string]>;
  /**
   * Done by the demo technician (at a visit from 10:00 to 12:00, Muscat time, that day) with this work report; without
   * `closed` it waits for the creator's rating (stage completed), with it the creator confirmed and rated it.
   */
  work?: SeedWork;
  /** Nobody assigned yet (stage reported): waits for the company's manager to assign it, or `offered` by the owner. */
  unassigned?: boolean;
  /** Offered to the independent technicians whose area covers the property (no company runs it). */
  offered?: boolean;
}

interface SeedWork {
  daysAgo: number;
  /** Started and completed at these Muscat times of that day. */
  started: string;
  completed: string;
  notes: string;
  /** [name, qty, unit price in baisa (2500 = 2.500 OMR)] */
  parts: Array<[string, number, number]>;
  /** [label, amount in baisa] */
  costs?: Array<[string, number]>;
  /** A photo of the finished work (phase after). */
  after?: string;
  /** Confirmed by the creator this many days ago with that rating and comment. */
  closed?: { daysAgo: number; rating: 4 | 5; comment: string };
}

const ISSUES: SeedIssue[] = [
  {
    property: "qurum",
    unit: "101",
    title: "Kitchen sink leaking",
    desc: "Water drips from the pipe under the kitchen sink and the cabinet floor is wet.",
    status: 0,
    priority: 2,
    daysAgo: 1,
    creator: "owner",
    category: 1,
    slots: [
      [2, "09:00", "11:00"],
      [3, "14:30", "16:00"],
      [5, "17:00", "19:30"],
    ],
    media: [
      ["image", "demo/sink-leak-1.png"],
      ["image", "demo/sink-leak-2.jpg"],
      ["image", "demo/sink-leak-3.gif"],
      ["video", "demo/sink-leak.mp4"],
    ],
  },
  {
    property: "mouj",
    unit: "Villa 48",
    title: "Air conditioner not cooling",
    desc: "The living room split unit runs but blows warm air.",
    status: 0,
    priority: 3,
    daysAgo: 2,
    creator: "owner",
    category: 3,
    slots: [],
    media: [["image", "demo/ac-unit.png"]],
  },
  {
    property: "khuwair",
    unit: "Flat 7",
    title: "Bathroom light flickering",
    desc: "The ceiling light in the main bathroom flickers and sometimes goes off.",
    status: 0,
    priority: 1,
    daysAgo: 3,
    creator: "tenant",
    category: 2,
    slots: [
      [1, "08:00", "10:00"],
      [4, "18:00", "20:00"],
    ],
    media: [],
  },
  {
    property: "ruwi",
    unit: "1",
    title: "Front gate motor stuck",
    desc: "The sliding gate stops halfway and the motor hums.",
    status: 0,
    priority: 2,
    daysAgo: 4,
    creator: "owner",
    category: 30,
    slots: [],
    media: [],
  },
  {
    property: "qurum",
    unit: "101",
    title: "Water heater replaced",
    desc: "The old water heater leaked; a new 80 litre heater was installed.",
    status: 1,
    priority: 2,
    daysAgo: 12,
    creator: "owner",
    category: 1,
    slots: [[-10, "10:00", "12:00"]],
    media: [["image", "demo/water-heater.png"]],
    work: {
      daysAgo: 10,
      started: "10:05",
      completed: "11:55",
      notes: "Removed the leaking heater, installed a new 80 litre water heater with a new pressure relief valve, and checked the joints and the temperature.",
      parts: [
        ["Water heater 80 L", 1, 68000],
        ["Pressure relief valve 20 mm", 1, 3500],
      ],
      costs: [["Disposal of the old heater", 5000]],
      after: "demo/water-heater.png",
      closed: { daysAgo: 8, rating: 5, comment: "Quick and tidy work, hot water again." },
    },
  },
  {
    // Done yesterday: the demo tenant is asked to confirm and rate it (it closes by itself 72 hours after completion).
    property: "khuwair",
    unit: "Flat 7",
    title: "Kitchen tap dripping",
    desc: "The kitchen mixer tap drips all night.",
    status: 1,
    priority: 1,
    daysAgo: 5,
    creator: "tenant",
    category: 1,
    slots: [],
    media: [],
    work: {
      daysAgo: 1,
      started: "10:20",
      completed: "11:05",
      notes: "Replaced the worn cartridge of the kitchen mixer tap and both flexible hoses; no more drips.",
      parts: [
        ["Mixer tap cartridge 35 mm", 1, 4500],
        ["Flexible hose 40 cm", 2, 1200],
      ],
    },
  },
  {
    property: "khuwair",
    unit: "Flat 7",
    title: "Balcony door lock repaired",
    desc: "The balcony door lock was jammed; the cylinder was replaced.",
    status: 1,
    priority: 1,
    daysAgo: 20,
    creator: "tenant",
    category: 14,
    slots: [],
    media: [],
    work: {
      daysAgo: 18,
      started: "10:10",
      completed: "10:50",
      notes: "Replaced the jammed cylinder of the balcony door lock and lubricated the latch; two new keys handed to the tenant.",
      parts: [
        ["Lock cylinder 70 mm", 1, 8500],
        ["Spare key", 2, 750],
      ],
      closed: { daysAgo: 16, rating: 4, comment: "The door locks smoothly now." },
    },
  },
  {
    // Reported today and not assigned yet: the demo manager assigns it from /home.
    property: "khuwair",
    unit: "Flat 7",
    title: "Bathroom fan not working",
    desc: "The extractor fan in the main bathroom does not turn on and the mirror stays misted after a shower.",
    status: 0,
    priority: 1,
    daysAgo: 0,
    creator: "tenant",
    category: 2,
    slots: [
      [2, "16:00", "18:00"],
      [3, "09:00", "11:00"],
    ],
    media: [],
    unassigned: true,
  },
  {
    // No company runs the villa: the owner offered it, and the independent demo technician finds it under offers.
    property: "mouj",
    unit: "Villa 48",
    title: "Garden tap leaking",
    desc: "The tap by the garden wall leaks at the spindle and leaves a puddle on the paving.",
    status: 0,
    priority: 1,
    daysAgo: 0,
    creator: "owner",
    category: 1,
    slots: [
      [2, "08:00", "10:00"],
      [4, "16:00", "18:00"],
    ],
    media: [],
    unassigned: true,
    offered: true,
  },
];

export async function seedIssues(q: Queryable, ids: SeedIds): Promise<void> {
  const propertyIds = new Map<string, number>();
  const propertyTypes = new Map(PROPERTIES.map((p) => [p.key, p.type]));
  const unitIds = new Map<string, number>();
  for (const p of PROPERTIES) {
    const a = p.addrs ?? {};
    const { rows } = await q.query<{ property_id: number }>(
      `insert into properties (owner_id, name, addres, block, no, street, city, state, zipcode, country, lat, lng, type, access_notes, company_id, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $1) returning property_id`,
      [
        ids.ownerId,
        p.name,
        p.addres ?? "",
        a.block ?? "",
        a.no ?? "",
        a.street ?? "",
        a.city ?? "",
        a.state ?? "",
        a.zipcode ?? "",
        a.country ?? "",
        p.lat,
        p.lng,
        p.type,
        p.access_notes ?? "",
        p.gulfFix ? ids.companyId : null,
      ],
    );
    propertyIds.set(p.key, rows[0].property_id);
    for (const name of p.units) {
      const unit = await q.query<{ unit_id: number }>("insert into units (property_id, name) values ($1, $2) returning unit_id", [rows[0].property_id, name]);
      unitIds.set(`${p.key}/${name}`, unit.rows[0].unit_id);
    }
    for (const [i, path] of p.images.entries())
      await q.query("insert into property_images (property_id, path, position) values ($1, $2, $3)", [rows[0].property_id, path, i]);
  }
  // Oldest first, so serial ids follow creation time. Stages as migration 008 gives such rows (D20): the open ones are
  // assigned to the demo technician and not yet acknowledged (accepted), except the two nobody has taken yet (reported);
  // the finished ones carry their work report and the moves that led there. Each has its "reported" row.
  const now = await dbNow(q);
  for (const s of [...ISSUES].sort((x, y) => y.daysAgo - x.daysAgo)) {
    const creatorId = s.creator === "owner" ? ids.ownerId : ids.tenantId;
    const stage = s.unassigned ? "reported" : s.work ? (s.work.closed ? "closed" : "completed") : s.status === 1 ? "closed" : "accepted";
    const { rows } = await q.query<{ issue_id: number }>(
      `insert into issues (property_id, creator_id, title, issue_type, description, stage, priority, emergency, category, assigned_tech_id, created_at, updated_at, unit_id)
       values ($1, $2, $3, $4, $5, $6, $7, $12, $8, $9, now() - make_interval(days => $10::int, hours => 3), now() - make_interval(days => $10::int, hours => 3), $11)
       returning issue_id`,
      [
        propertyIds.get(s.property),
        creatorId,
        s.title,
        // As a report through the app sets it (server/issues/params.ts): the villa's issue is no "Apartment".
        issueTypeOf(propertyTypes.get(s.property) ?? "", unitIds.get(`${s.property}/${s.unit}`) ?? null),
        s.desc,
        stage,
        s.priority,
        s.category,
        s.unassigned ? null : ids.technicianId,
        s.daysAgo,
        unitIds.get(`${s.property}/${s.unit}`),
        s.priority === 3,
      ],
    );
    const issueId = rows[0].issue_id;
    await q.query(
      "insert into issue_events (issue_id, actor_id, kind, to_stage, created_at) select issue_id, $2, 'reported', 'reported', created_at from issues where issue_id = $1",
      [issueId, creatorId],
    );
    // Given to the technician an hour after the report (by the company that runs the property, else its owner), who
    // took it an hour later: the timeline holds those moves as server/issues/moves.ts writes them.
    if (!s.unassigned)
      await q.query(
        `insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, note, created_at)
         select i.issue_id, case when p.company_id is null then p.owner_id else $2 end, 'assign', 'reported', 'assigned', t.name, i.created_at + interval '1 hour'
           from issues i join properties p using (property_id) join users t on t.user_id = $3 where i.issue_id = $1
         union all
         select i.issue_id, $3, 'accept', 'assigned', 'accepted', null, i.created_at + interval '2 hours' from issues i where i.issue_id = $1`,
        [issueId, ids.managerId, ids.technicianId],
      );
    if (s.work) await seedWork(q, ids, issueId, creatorId, s.work, now);
    if (s.offered) {
      const at = new Date(now);
      await q.query("update issues set offered_at = $2, updated_at = $2 where issue_id = $1", [issueId, at]);
      await q.query(
        `insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, created_at) values ($1, $2, 'offer', 'reported', 'reported', $3)`,
        [issueId, creatorId, at],
      );
    }
    for (const [i, [kind, path]] of s.media.entries())
      await q.query("insert into issue_media (issue_id, kind, file_name, path, position) values ($1, $2, $3, $4, $5)", [
        issueId,
        kind,
        path.split("/").pop(),
        path,
        i,
      ]);
    // Days of the Muscat calendar, as the visits are: by the database's (UTC) date a slot fell a day before the visit
    // that was chosen from it when the seed ran between 20:00 and midnight UTC.
    for (const [days, from, to] of s.slots)
      await q.query("insert into issue_availability (issue_id, date, time_from, time_to) values ($1, $2, $3, $4)", [issueId, muscatDay(now, -days), from, to]);
  }
  await seedTenancies(q, ids, unitIds);
  // The demo's receipts, issued as work done in the app issues them: numbered in the order the work was finished.
  const { rows: done } = await q.query<{ issue_id: number; country: string }>(
    "select w.issue_id, coalesce(p.country, '') as country from work_reports w join issues i using (issue_id) join properties p on p.property_id = i.property_id order by w.created_at, w.issue_id",
  );
  for (const issue of done) await issueReceipt(q, issue, Date.now());
  await seedNotifications(q);
}

/**
 * The notifications the seeded timelines would have sent (server/issues/stages.ts applyMove and notify, the reminders
 * of server/push/reminders.ts), each at the time of its move, to the people the move notifies today: the owner hears
 * of the repair completed at their building, the manager of the reports and visits of the property the company runs.
 * Those of the last two days are unread. None is pending for push or mail: the demo mails nobody at its first start.
 */
async function seedNotifications(q: Queryable) {
  // `stamp`: the move's time as the database holds it (to the microsecond; a Date keeps milliseconds, and PostgreSQL's
  // now() has more), so that each notification has its move's very time.
  const { rows: events } = await q.query<{
    issue_id: number;
    actor_id: number | null;
    kind: string;
    to_stage: Stage;
    at: Date;
    stamp: string;
    rating: number | null;
  }>(
    `select e.issue_id, e.actor_id, e.kind, e.to_stage, e.created_at as at, e.created_at::text as stamp, i.rating
       from issue_events e join issues i using (issue_id) order by e.created_at, e.event_id`,
  );
  // The reminders before each visit, due after the visit was agreed and before the work started.
  const { rows: visits } = await q.query<{ issue_id: number; visit_date: string; visit_from: string; agreed: Date; started: Date }>(
    `select issue_id, to_char(visit_date, 'YYYY-MM-DD') as visit_date, to_char(visit_from, 'HH24:MI') as visit_from,
            acknowledged_at as agreed, started_at as started
       from issues where visit_date is not null and acknowledged_at is not null and started_at is not null`,
  );
  const sends: Array<{
    issue_id: number;
    kind: NotificationKind;
    actor: number | null;
    at: Date;
    stamp: string;
    to?: readonly Audience[];
    params?: NotificationParams;
  }> = [];
  for (const e of events) {
    const notice = e.kind === "reported" ? { kind: "reported" as const } : moveNotice(e.kind as Move, e.to_stage);
    if (notice)
      sends.push({
        ...notice,
        issue_id: e.issue_id,
        actor: e.actor_id,
        at: e.at,
        stamp: e.stamp,
        params: e.kind === "confirm" && e.rating ? { rating: e.rating } : {},
      });
  }
  for (const v of visits) {
    // The demo's properties are all in Oman (Muscat time, as the seeded visits).
    const start = Date.parse(`${v.visit_date}T${v.visit_from}:00+04:00`);
    for (const [kind, before] of Object.entries(BEFORE_VISIT)) {
      const due = new Date(start - before);
      if (due > v.agreed && due < v.started)
        sends.push({ issue_id: v.issue_id, kind: kind as NotificationKind, actor: null, at: due, stamp: due.toISOString() });
    }
  }
  sends.sort((a, b) => a.at.getTime() - b.at.getTime());
  const { rows } = await q.query<{ now: Date }>("select now() as now");
  const unreadFrom = new Date(new Date(rows[0].now).getTime() - 2 * 86_400_000);
  for (const s of sends) {
    const ids = await notify(q, s.issue_id, s.kind, s.actor == null ? null : { user_id: s.actor }, s.params, s.to);
    await q.query(
      `update notifications set created_at = $2::timestamptz, push_state = 'none', mail_state = 'none',
              read_at = case when $2::timestamptz < $3::timestamptz then $2::timestamptz + interval '1 hour' end
        where notification_id = any($1::int[])`,
      [ids, s.stamp, unreadFrom],
    );
  }
}

/** The database's clock (what `now()` gives the rows above), in ms. */
async function dbNow(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ ms: number }>("select (extract(epoch from now()) * 1000)::float8 as ms");
  return Number(rows[0].ms);
}

const MUSCAT_OFFSET_MS = 4 * 3_600_000;
/** The Muscat calendar day `daysAgo` days before `now`, "YYYY-MM-DD". */
const muscatDay = (now: number, daysAgo: number) => new Date(now + MUSCAT_OFFSET_MS - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** That day's Muscat wall-clock time "HH:mm" as an instant. */
const muscatAt = (now: number, daysAgo: number, time: string) => new Date(`${muscatDay(now, daysAgo)}T${time}:00+04:00`);

/**
 * A finished job as the moves leave it (server/issues/moves.ts): acknowledged the day before, visited from 10:00 to
 * 12:00, started and completed with the work report (the "complete" row keeps the notes, never prices), and when
 * `closed`, confirmed and rated by the creator.
 */
async function seedWork(q: Queryable, ids: SeedIds, issueId: number, creatorId: number, w: SeedWork, now: number) {
  const acknowledged = muscatAt(now, w.daysAgo + 1, "09:30");
  const started = muscatAt(now, w.daysAgo, w.started);
  const completed = muscatAt(now, w.daysAgo, w.completed);
  const closed = w.closed ? muscatAt(now, w.closed.daysAgo, "19:15") : null;
  const minutes = Math.round((completed.getTime() - started.getTime()) / 60_000);
  await q.query(
    `update issues set visit_date = $2, visit_from = '10:00', visit_to = '12:00', acknowledged_at = $3, acknowledged_by = $4, started_at = $5,
            completed_at = $6::timestamptz, closed_at = $7::timestamptz, rating = $8, rating_comment = $9, updated_at = coalesce($7::timestamptz, $6::timestamptz)
      where issue_id = $1`,
    [issueId, muscatDay(now, w.daysAgo), acknowledged, ids.technicianId, started, completed, closed, w.closed?.rating ?? null, w.closed?.comment ?? null],
  );
  const events: Array<[actor: number, kind: string, from: string, to: string, note: string | null, at: Date]> = [
    [ids.technicianId, "acknowledge", "accepted", "scheduled", null, acknowledged],
    [ids.technicianId, "start", "scheduled", "in_progress", null, started],
    [ids.technicianId, "complete", "in_progress", "completed", w.notes, completed],
  ];
  if (w.closed && closed) events.push([creatorId, "confirm", "completed", "closed", w.closed.comment, closed]);
  for (const [actor, kind, from, to, note, at] of events)
    await q.query("insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, note, created_at) values ($1, $2, $3, $4, $5, $6, $7)", [
      issueId,
      actor,
      kind,
      from,
      to,
      note,
      at,
    ]);
  await q.query("insert into work_reports (issue_id, tech_id, notes, minutes, created_at) values ($1, $2, $3, $4, $5)", [
    issueId,
    ids.technicianId,
    w.notes,
    minutes,
    completed,
  ]);
  for (const [i, [name, qty, price]] of w.parts.entries())
    await q.query("insert into work_report_parts (issue_id, position, name, qty, unit_price) values ($1, $2, $3, $4, $5)", [issueId, i, name, qty, price]);
  for (const [i, [label, amount]] of (w.costs ?? []).entries())
    await q.query("insert into work_report_costs (issue_id, position, label, amount) values ($1, $2, $3, $4)", [issueId, i, label, amount]);
  if (w.after)
    await q.query(
      "insert into issue_media (issue_id, kind, file_name, path, position, phase, uploader_id, created_at) values ($1, 'image', $2, $3, 0, 'after', $4, $5)",
      [issueId, w.after.split("/").pop(), w.after, ids.technicianId, completed],
    );
}

/**
 * The demo tenant rents Flat 7 of Al Khuwair Residence now; Qurum Heights 101 is let to a second tenant (the owner's own
 * building has someone to call); an earlier tenant left Qurum Heights 103 (previous tenants). 102 and 104 stay vacant.
 */
async function seedTenancies(q: Queryable, ids: SeedIds, unitIds: Map<string, number>) {
  await q.query(
    `insert into tenancies (unit_id, tenant_id, start_date, end_date, created_by)
     values ($1, $2, current_date - 300, current_date + 65, $3)`,
    [unitIds.get("khuwair/Flat 7"), ids.tenantId, ids.ownerId],
  );
  // Tenants the owner placed who never opened their invitation: no password, like every invited account until then.
  const current = await q.query<{ user_id: number }>(
    `insert into users (role, name, email, mob_no, cntry_code, password_hash, got_email_mob)
     values (3, 'Khalid Al Busaidi', 'khalid.busaidi@demo.om', '91000006', '+968', null, 1) returning user_id`,
  );
  await q.query(
    `insert into tenancies (unit_id, tenant_id, start_date, end_date, created_by)
     values ($1, $2, current_date - 90, current_date + 275, $3)`,
    [unitIds.get("qurum/101"), current.rows[0].user_id, ids.ownerId],
  );
  // A tenant who has moved out (91000005 is the independent demo technician's).
  const previous = await q.query<{ user_id: number }>(
    `insert into users (role, name, email, mob_no, cntry_code, password_hash, got_email_mob)
     values (3, 'Hassan Al Lawati', 'hassan.lawati@demo.om', '91000007', '+968', null, 1) returning user_id`,
  );
  await q.query(
    `insert into tenancies (unit_id, tenant_id, start_date, end_date, ended_at, created_by)
     values ($1, $2, current_date - 700, current_date - 120, now() - interval '120 days', $3)`,
    [unitIds.get("qurum/103"), previous.rows[0].user_id, ids.ownerId],
  );
}
