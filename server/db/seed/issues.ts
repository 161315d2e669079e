import type { Queryable } from "../db";
import type { SeedIds } from "./ids";

// Demo properties in Muscat with their units and tenancies, and their maintenance issues, all assigned to the demo
// technician (D1, D11). The owner has a building (Qurum Heights, 101 to 104) and a villa; Gulf Fix runs Al Khuwair
// Residence, handed over by the owner, where the demo tenant rents Flat 7; a previous tenant left Qurum Heights 103.
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
    addrs: { block: "Block 233", no: "Flat 7", street: "Way 3319", city: "Muscat", state: "Bawshar", zipcode: "133", country: "Oman" },
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
  issue_type: number;
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
  /** Finished by the technician this many days ago and not yet confirmed (stage completed): the creator may rate it. */
  completedDaysAgo?: number;
}

const ISSUES: SeedIssue[] = [
  {
    property: "qurum",
    unit: "101",
    title: "Kitchen sink leaking",
    issue_type: 1,
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
    issue_type: 2,
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
    issue_type: 1,
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
    issue_type: 2,
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
    issue_type: 1,
    desc: "The old water heater leaked; a new 80 litre heater was installed.",
    status: 1,
    priority: 2,
    daysAgo: 12,
    creator: "owner",
    category: 1,
    slots: [[-10, "10:00", "12:00"]],
    media: [["image", "demo/water-heater.png"]],
  },
  {
    // Done yesterday: the demo tenant is asked to confirm and rate it (it closes by itself 72 hours after completion).
    property: "khuwair",
    unit: "Flat 7",
    title: "Kitchen tap dripping",
    issue_type: 1,
    desc: "The kitchen mixer tap drips all night.",
    status: 1,
    priority: 1,
    daysAgo: 5,
    creator: "tenant",
    category: 1,
    slots: [],
    media: [],
    completedDaysAgo: 1,
  },
  {
    property: "khuwair",
    unit: "Flat 7",
    title: "Balcony door lock repaired",
    issue_type: 1,
    desc: "The balcony door lock was jammed; the cylinder was replaced.",
    status: 1,
    priority: 1,
    daysAgo: 20,
    creator: "tenant",
    category: 14,
    slots: [],
    media: [],
  },
];

export async function seedIssues(q: Queryable, ids: SeedIds): Promise<void> {
  const propertyIds = new Map<string, number>();
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
  // assigned to the demo technician and not yet acknowledged (accepted), the others closed; each has its "reported" row.
  for (const s of [...ISSUES].sort((x, y) => y.daysAgo - x.daysAgo)) {
    const creatorId = s.creator === "owner" ? ids.ownerId : ids.tenantId;
    const { rows } = await q.query<{ issue_id: number }>(
      `insert into issues (property_id, creator_id, title, issue_type, description, stage, priority, emergency, category, assigned_tech_id, created_at, updated_at, unit_id)
       values ($1, $2, $3, $4, $5, $6, $7, $12, $8, $9, now() - make_interval(days => $10::int, hours => 3), now() - make_interval(days => $10::int, hours => 3), $11)
       returning issue_id`,
      [
        propertyIds.get(s.property),
        creatorId,
        s.title,
        s.issue_type,
        s.desc,
        s.completedDaysAgo != null ? "completed" : s.status === 1 ? "closed" : "accepted",
        s.priority,
        s.category,
        ids.technicianId,
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
    if (s.completedDaysAgo != null) {
      // The visit the day before completion, and the technician's "complete" row on the timeline.
      await q.query(
        `update issues set completed_at = now() - make_interval(days => $2::int), visit_date = current_date - ($2::int + 1),
                visit_from = '10:00', visit_to = '12:00', acknowledged_at = now() - make_interval(days => $2::int + 2), acknowledged_by = $3
          where issue_id = $1`,
        [issueId, s.completedDaysAgo, ids.technicianId],
      );
      await q.query(
        `insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, created_at)
         values ($1, $2, 'complete', 'in_progress', 'completed', now() - make_interval(days => $3::int))`,
        [issueId, ids.technicianId, s.completedDaysAgo],
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
    for (const [days, from, to] of s.slots)
      await q.query("insert into issue_availability (issue_id, date, time_from, time_to) values ($1, current_date + $2::int, $3, $4)", [
        issueId,
        days,
        from,
        to,
      ]);
  }
  await seedTenancies(q, ids, unitIds);
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
