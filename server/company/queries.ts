// SQL of the company staff area.
import type { StaffRecord } from "../../src/contract/company";
import type { Queryable } from "../db/db";

// One SELECT for both the page and the single record, so the two can never disagree on what a staff record is.
export const STAFF_SELECT = `
  select u.user_id, u.name, u.mob_no, u.email, u.cntry_code, u.role, u.job_title, u.profile_path,
         c.name as comp_name, c.mob_no as comp_mob_no, c.email as comp_email, c.logo_path
    from users u join companies c on c.company_id = u.company_id
   where u.company_id = $1 and not u.disabled and u.role in (1, 2)`;

export interface StaffRow {
  user_id: number;
  name: string;
  mob_no: string | null;
  email: string | null;
  cntry_code: string | null;
  role: number;
  job_title: string | null;
  profile_path: string | null;
  comp_name: string | null;
  comp_mob_no: string | null;
  comp_email: string | null;
  logo_path: string | null;
}

export const toRecord = (r: StaffRow): StaffRecord => ({
  user_id: r.user_id,
  name: r.name,
  mob_no: r.mob_no,
  email: r.email,
  cntry_code: r.cntry_code,
  role: r.role,
  job_title: r.job_title,
  staff_profile: r.profile_path ? [{ path: r.profile_path }] : [],
  comp_name: r.comp_name,
  comp_mob_no: r.comp_mob_no,
  comp_email: r.comp_email,
  comp_profile: r.logo_path ? [{ path: r.logo_path }] : [],
});

export async function staffById(q: Queryable, companyId: number, userId: number): Promise<StaffRecord | null> {
  const { rows } = await q.query<StaffRow>(`${STAFF_SELECT} and u.user_id = $2`, [companyId, userId]);
  return rows[0] ? toRecord(rows[0]) : null;
}
