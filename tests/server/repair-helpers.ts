// The people and places of the repair tests (issue 11): a building run by a company, with its owner, two tenants in
// two units, the company's manager and technicians, another company, and a stranger; tokens for all.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { makeCompany, makeIssue, makeProperty, makeTenancy, makeUnit, makeUser, signIn } from "./factories";
import { resetDb, testDb } from "./helpers";

/** 10:00 in Muscat on 1 March 2030: the clock of the repair tests. */
export const NOW = Date.parse("2030-03-01T06:00:00Z");
export const HOUR = 3600_000;

/** Slots after NOW (Muscat time), and one that has passed. */
export const S1 = { date: "2030-03-02", time_from: "09:00", time_to: "11:00" };
export const S2 = { date: "2030-03-03", time_from: "14:00", time_to: "16:00" };
export const S3 = { date: "2030-03-04", time_from: "17:00", time_to: "19:00" };
export const PAST = { date: "2030-03-01", time_from: "09:00", time_to: "10:00" };

export async function repairWorld(db: Db) {
  const gulf = await makeCompany(db, { name: "Gulf Fix" });
  const other = await makeCompany(db, { name: "Other Co" });
  const owner = await makeUser(db, { role: 0, name: "Salim Owner" });
  const manager = await makeUser(db, { role: 2, company_id: gulf.company_id, name: "Fatma Manager" });
  const tech = await makeUser(db, { role: 1, company_id: gulf.company_id, name: "Ahmed Tech" });
  const tech2 = await makeUser(db, { role: 1, company_id: gulf.company_id, name: "Second Tech" });
  const otherManager = await makeUser(db, { role: 2, company_id: other.company_id });
  const otherTech = await makeUser(db, { role: 1, company_id: other.company_id });
  const tenant = await makeUser(db, { role: 3, name: "Maryam Tenant" });
  const neighbour = await makeUser(db, { role: 3, name: "Next Door" });
  const stranger = await makeUser(db, { role: 0 });
  const building = await makeProperty(db, { owner_id: owner.user_id, company_id: gulf.company_id, name: "Qurum Heights" });
  const u101 = await makeUnit(db, { property_id: building.property_id, name: "101" });
  const u102 = await makeUnit(db, { property_id: building.property_id, name: "102" });
  await makeTenancy(db, { unit_id: u101.unit_id, tenant_id: tenant.user_id });
  await makeTenancy(db, { unit_id: u102.unit_id, tenant_id: neighbour.user_id });
  const people = { owner, manager, tech, tech2, otherManager, otherTech, tenant, neighbour, stranger };
  const t = {} as Record<keyof typeof people, string>;
  for (const [k, u] of Object.entries(people)) t[k as keyof typeof people] = await signIn(db, u);
  return { gulf, other, building, u101, u102, ...people, t };
}
export type RepairWorld = Awaited<ReturnType<typeof repairWorld>>;

/**
 * A repair the owner reported at their own villa, which no company runs, given to the company's technician: the world's
 * manager is then the manager of the technician's company only (tech_manager), not of the property's.
 */
export async function ownersVillaRepair(db: Db, w: RepairWorld, over: { stage?: string; completed_at?: Date | null } = {}) {
  const villa = await makeProperty(db, { owner_id: w.owner.user_id, company_id: null, name: "Owner's Villa" });
  const unit = await makeUnit(db, { property_id: villa.property_id, name: "Villa" });
  const { issue_id } = await makeIssue(db, {
    property_id: villa.property_id,
    unit_id: unit.unit_id,
    creator_id: w.owner.user_id,
    assigned_tech_id: w.tech.user_id,
    stage: "accepted",
    ...over,
  });
  return { villa, unit, id: issue_id };
}

/** A report of a leak in unit 101 of the world's building. */
export const report = (w: RepairWorld, extra: Record<string, unknown> = {}) => ({
  property_id: w.building.property_id,
  unit_id: w.u101.unit_id,
  category: 1,
  title: "Kitchen sink leaking",
  desc: "Water under the sink.",
  emergency: false,
  presence: "present",
  available: [S1, S2],
  ...extra,
});

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
/** A JPEG and an MP4 recognised by their bytes; text that is neither. */
export const jpeg = (padding = 0) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, ...new Array(padding).fill(0), 0xff, 0xd9]);
export const mp4 = () =>
  new Uint8Array([...u32(24), ...ascii("ftyp"), ...ascii("isom"), 0, 0, 2, 0, ...ascii("isom"), ...ascii("mp41"), ...u32(8), ...ascii("mdat")]);
export const html = () => new Uint8Array(Buffer.from("<html><script>alert(1)</script></html>"));

/**
 * A test file's database: made once (`use` gets it, and a fresh temporary folder when `tmpPrefix` is given, removed at
 * the end), emptied before each test with the clock at NOW, the clock given back after each, closed at the end. Call
 * at the top of the file.
 */
export function repairSuite(use: (db: Db, dir: string) => void, tmpPrefix?: string) {
  let db: Db;
  let dir = "";
  beforeAll(async () => {
    db = await testDb();
    if (tmpPrefix) dir = await mkdtemp(join(tmpdir(), tmpPrefix));
    use(db, dir);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    await db.close();
  });
  beforeEach(async () => {
    await resetDb(db);
    clock.set(NOW);
  });
  afterEach(() => clock.set());
}

/** A work report (POST /issue/complete): two parts, 90 minutes, a call-out; amounts in baisa. */
export const REPORT = {
  notes: "Replaced the trap and the washer.",
  parts: [
    { name: "P-trap", qty: 2, unit_price: 1250 },
    { name: "Washer", qty: 1, unit_price: 105 },
  ],
  minutes: 90,
  extra_costs: [{ label: "Call-out", amount: 500 }],
  follow_up: true,
  occupant_damage: false,
};
