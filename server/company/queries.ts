// SQL of the company staff area.
import type { StaffRecord } from "../../src/contract/company";
import type { Queryable } from "../db/db";

// One SELECT for both the page and the single record, so the two can never disagree on what a staff record is.
const STAFF_COLUMNS = `u.user_id, u.name, u.mob_no, u.email, u.cntry_code, u.role, u.job_title, u.profile_path,
         u.password_hash is null as invite_pending,
         c.name as comp_name, c.mob_no as comp_mob_no, c.cntry_code as comp_cntry_code, c.email as comp_email, c.logo_path`;
const STAFF_FROM = `
    from users u join companies c on c.company_id = u.company_id
   where u.company_id = $1 and not u.disabled and u.role in (1, 2)`;
export const STAFF_SELECT = `
  select ${STAFF_COLUMNS} ${STAFF_FROM}`;
/**
 * A page of the staff list ($2 rows from $3) with the count of the whole list on each row (`total`): one query where
 * there were two (issue 16: each query is a round trip, and on PGlite a trip into the database). A page past the end
 * has no row to carry the total: STAFF_COUNT then.
 */
export const STAFF_PAGE = `
  select ${STAFF_COLUMNS}, count(*) over ()::int as total ${STAFF_FROM}
   order by u.user_id limit $2 offset $3`;
export const STAFF_COUNT = "select count(*)::int as n from users where company_id = $1 and not disabled and role in (1, 2)";

export interface StaffRow {
  user_id: number;
  name: string;
  mob_no: string | null;
  email: string | null;
  cntry_code: string | null;
  role: number;
  job_title: string | null;
  profile_path: string | null;
  invite_pending: boolean;
  comp_name: string | null;
  comp_mob_no: string | null;
  comp_cntry_code: string | null;
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
  // Beside SPEC.md's fields: the company number's dial code, shown as every other number is.
  comp_cntry_code: r.comp_cntry_code,
  comp_email: r.comp_email,
  comp_profile: r.logo_path ? [{ path: r.logo_path }] : [],
  // Has not set a password yet (the invitation not opened): the manager may send a new one (POST /company/reinvite).
  invite_pending: r.invite_pending,
});

export async function staffById(q: Queryable, companyId: number, userId: number): Promise<StaffRecord | null> {
  const { rows } = await q.query<StaffRow>(`${STAFF_SELECT} and u.user_id = $2`, [companyId, userId]);
  return rows[0] ? toRecord(rows[0]) : null;
}
