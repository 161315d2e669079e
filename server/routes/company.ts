import { countries } from "countries-list";
import { Hono } from "hono";
import ISO6391 from "iso-639-1";
import type { Env } from "../app";
import type { Queryable } from "../db/db";
import { requireAuth } from "../lib/auth";
import { HttpError, body, conflictFrom } from "../lib/http";
import { invitationMail } from "../mail/templates";
import { STAFF_PAGE_SIZE, type StaffRecord, createEmployee } from "../../src/contract/company";

/** Every dial code the app's picker offers (countries-list), e.g. "+968". */
const DIAL_CODES = new Set(Object.values(countries).flatMap((c) => c.phone.map((p) => `+${p}`)));

// One SELECT for both the page and the single record, so the two can never disagree on what a staff record is.
const STAFF_SELECT = `
  select u.user_id, u.name, u.mob_no, u.email, u.cntry_code, u.role, u.job_title, u.profile_path,
         c.name as comp_name, c.mob_no as comp_mob_no, c.email as comp_email, c.logo_path
    from users u join companies c on c.company_id = u.company_id
   where u.company_id = $1 and not u.disabled and u.role in (1, 2)`;

interface StaffRow {
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

const toRecord = (r: StaffRow): StaffRecord => ({
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

async function staffById(q: Queryable, companyId: number, userId: number): Promise<StaffRecord | null> {
  const { rows } = await q.query<StaffRow>(`${STAFF_SELECT} and u.user_id = $2`, [companyId, userId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** A positive whole number from the query string, or a 422 naming the parameter. */
function positiveInt(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(422, `${name} must be a whole number of 1 or more.`, { [name]: "Must be a whole number of 1 or more." });
  return Number(value);
}

/** The caller's company; a role-2 account outside any company cannot see or add staff. */
function companyOf(c: { var: Env["Variables"] }): number {
  const id = c.var.user.company_id;
  if (id == null) throw new HttpError(403, "Your account does not belong to a company.");
  return id;
}

/** SPEC.md section 7: the company's staff list, one staff record, and creating an employee (roles '3' and '4'). Role 2 only. */
export function companyRoutes() {
  const app = new Hono<Env>();

  app.get("/company/staffs", requireAuth(2), async (c) => {
    const companyId = companyOf(c);
    const staffId = c.req.query("staff_id");
    if (staffId !== undefined) {
      // Another company's employee and an unknown id answer the same, so ids of other companies reveal nothing.
      const record = await staffById(c.var.db, companyId, positiveInt(staffId, "staff_id"));
      return c.json({ status: record ? 1 : 0, message: record ? "Employee found." : "No such employee in your company.", data: record ? [record] : [] });
    }
    const page = positiveInt(c.req.query("page_num") ?? "1", "page_num");
    const [count, list] = await Promise.all([
      c.var.db.query<{ n: number }>("select count(*)::int as n from users where company_id = $1 and not disabled and role in (1, 2)", [companyId]),
      c.var.db.query<StaffRow>(`${STAFF_SELECT} order by u.user_id limit $2 offset $3`, [companyId, STAFF_PAGE_SIZE, (page - 1) * STAFF_PAGE_SIZE]),
    ]);
    return c.json({ status: 1, message: "Staff loaded.", total: count.rows[0].n, data: list.rows.map(toRecord) });
  });

  app.post("/company/create_user", requireAuth(2), async (c) => {
    const companyId = companyOf(c);
    const input = await body(c, createEmployee);
    if (!DIAL_CODES.has(input.cntry_code)) throw new HttpError(422, "Please choose a known country code.", { cntry_code: "Please choose a known country code." });
    const unknown = input.languages.find((l) => !ISO6391.validate(l));
    if (unknown) throw new HttpError(422, `Unknown language code: ${unknown}.`, { languages: `Unknown language code: ${unknown}.` });
    const technician = input.role === "4";
    const skills = technician ? [...new Set(input.skills)] : [];
    const languages = technician ? [...new Set(input.languages)] : [];

    let record: StaffRecord | null;
    try {
      record = await c.var.db.tx(async (q) => {
        const taken = await q.query<{ email_taken: boolean; mob_taken: boolean }>(
          "select bool_or(lower(email) = $1) as email_taken, bool_or(mob_no = $2) as mob_taken from users where lower(email) = $1 or mob_no = $2",
          [input.email, input.mob_no],
        );
        if (taken.rows[0]?.email_taken) throw new HttpError(409, "This email is already registered.", { email: "This email is already registered." });
        if (taken.rows[0]?.mob_taken) throw new HttpError(409, "This mobile number is already registered.", { mob_no: "This mobile number is already registered." });
        const { rows } = await q.query<{ user_id: number }>(
          `insert into users (role, name, email, mob_no, cntry_code, password_hash, company_id, got_email_mob, skills, languages)
           values ($1, $2, $3, $4, $5, null, $6, $7, $8, $9) returning user_id`,
          // A technician still owes the verify-info step its service area, response time and location (SPEC.md section 6),
          // which the company did not give; a manager's contact details are complete.
          [technician ? 1 : 2, input.name, input.email, input.mob_no, input.cntry_code, companyId, technician ? 0 : 1, skills, languages],
        );
        return staffById(q, companyId, rows[0].user_id);
      });
    } catch (e) {
      throw conflictFrom(e) ?? e;
    }
    // D9: the account has no usable password; the invitation tells them to set one with Forgot password.
    // A failed mail does not undo the account: the company can tell the employee in person.
    try {
      await c.var.mailer.send(invitationMail({ to: input.email, name: input.name, companyName: record?.comp_name ?? "Your company", role: technician ? "technician" : "manager" }));
    } catch (e) {
      c.var.log({ msg: "invitation mail failed", user_id: record?.user_id, error: String((e as Error)?.message ?? e) });
    }
    return c.json({ message: "Employee added. We emailed them how to set a password.", data: record ?? undefined }, 200);
  });

  return app;
}
