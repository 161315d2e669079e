import type { Db, Queryable } from "./db";
import { hashPassword } from "../lib/passwords";
import type { SeedIds } from "./seed/ids";
import { seedIssues } from "./seed/issues";
import { seedStaff } from "./seed/staff";

export const DEMO_PASSWORD = "Demo@1234";
/** The demo sign-ins listed in the README: one account per role, and an independent technician (no company). */
export const DEMO = {
  owner: { email: "owner@demo.om", mob_no: "91000001", role: 0, name: "Salim Al Harthy" },
  technician: { email: "tech@demo.om", mob_no: "91000002", role: 1, name: "Ahmed Al Balushi" },
  manager: { email: "manager@demo.om", mob_no: "91000003", role: 2, name: "Fatma Al Rawahi" },
  tenant: { email: "tenant@demo.om", mob_no: "91000004", role: 3, name: "Maryam Al Said" },
  freelance: { email: "freelance@demo.om", mob_no: "91000005", role: 1, name: "Yaqoob Al Wahaibi" },
} as const;

/**
 * Where the demo technicians work from (verify-info's location and service area, km): the company's in Al Khuwair;
 * the independent one in Al Hail, whose 20 km cover the owner's villa in Al Mouj (no company runs it: the owner
 * assigns or offers its jobs) but not the owner's places further east.
 */
const DEMO_AREAS: Partial<Record<keyof typeof DEMO, { lat: number; lng: number; area_range: number; addres: string }>> = {
  technician: { lat: 23.588, lng: 58.429, area_range: 30, addres: "Al Khuwair, Muscat, Oman" },
  freelance: { lat: 23.66, lng: 58.25, area_range: 20, addres: "Al Hail, Muscat, Oman" },
};

async function seedAccounts(q: Queryable): Promise<SeedIds> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const company = await q.query<{ company_id: number }>(
    `insert into companies (name, email, mob_no, cntry_code, reg_no, logo_path)
     values ('Gulf Fix Maintenance LLC', 'info@gulffix.om', '24500100', '+968', 'CR-1234567', 'company/gulffix-logo.svg') returning company_id`,
  );
  const companyId = company.rows[0].company_id;
  const ids: Record<string, number> = {};
  for (const [key, a] of Object.entries(DEMO)) {
    const independent = key === "freelance";
    const inCompany = (a.role === 1 || a.role === 2) && !independent;
    const area = DEMO_AREAS[key as keyof typeof DEMO];
    const { rows } = await q.query<{ user_id: number }>(
      `insert into users (role, name, email, mob_no, cntry_code, password_hash, company_id, got_email_mob, job_title, skills, languages, terms_accepted_at,
                          lat, lng, area_range, addres, respond_time)
       values ($1, $2, $3, $4, '+968', $5, $6, 1, $7, $8, $9, now(), $10, $11, $12, $13, $14) returning user_id`,
      [
        a.role,
        a.name,
        a.email,
        a.mob_no,
        passwordHash,
        inCompany ? companyId : null,
        independent ? "Independent Technician" : a.role === 1 ? "Technician" : a.role === 2 ? "Manager" : null,
        a.role === 1 ? [1, 2, 3] : [],
        a.role === 1 ? ["ar", "en"] : [],
        area?.lat ?? null,
        area?.lng ?? null,
        area?.area_range ?? null,
        // The service area's name and the response time (days) verify-info asks technicians for.
        area?.addres ?? null,
        a.role === 1 ? 1 : null,
      ],
    );
    ids[key] = rows[0].user_id;
  }
  return { companyId, ownerId: ids.owner, technicianId: ids.technician, managerId: ids.manager, tenantId: ids.tenant, passwordHash };
}

/** Seeds demo data into an empty database, all in one transaction; a database with accounts is left as it is. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from users");
  if (rows[0].n > 0) return false;
  await db.tx(async (q) => {
    const ids = await seedAccounts(q);
    await seedStaff(q, ids);
    await seedIssues(q, ids);
  });
  return true;
}
