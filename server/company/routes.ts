import { type Context, Hono } from "hono";
import type { Env } from "../lib/env";
import { EMPLOYEES_PER_ADDRESS, EMPLOYEES_PER_CALLER, EMPLOYEES_PER_COMPANY } from "../auth/limits";
import { type AuthedEnv, requireAuth } from "../lib/auth";
import { requireAuthKept } from "../lib/answer-cache";
import { clock } from "../lib/clock";
import { isDialCode, isLanguageCode } from "../lib/codes";
import { HttpError, body, conflictFrom } from "../lib/http";
import { msg, t } from "../lib/i18n";
import { inviteLink, newInviteToken, storeInvitation } from "../lib/invitations";
import { pageOf } from "../lib/paging";
import { perCallerAndAddress, rateLimit } from "../lib/rate-limit";
import { invitationMail } from "../mail/templates";
import { STAFF_PAGE_SIZE, type StaffRecord, createEmployee } from "../../src/contract/company";
import type { TechLocation } from "../../src/contract/map";
import { companyOf } from "./access";
import { STAFF_COUNT, STAFF_PAGE, type StaffRow, staffById, toRecord } from "./queries";

interface TechRow {
  user_id: number;
  name: string;
  lat: number;
  lng: number;
  addres: string | null;
  area_range: number | null;
  taking_jobs: boolean;
}

/** A positive whole number from the query string, or a 422 naming the parameter. */
function positiveInt(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(422, msg("positiveInt", { name }), { [name]: msg("wholeNumber") });
  return Number(value);
}

/** Mails an employee their invitation. A failed mail does not undo the account: the manager sends the link too. */
async function mailInvitation(
  c: Context<AuthedEnv>,
  to: { to: string; name: string; companyName: string | null | undefined; technician: boolean; link: string },
  userId: number | undefined,
) {
  try {
    await c.var.mailer.send(
      invitationMail({
        to: to.to,
        name: to.name,
        companyName: to.companyName ?? "Your company",
        role: to.technician ? "technician" : "manager",
        link: to.link,
      }),
    );
  } catch (e) {
    c.var.log({ msg: "invitation mail failed", user_id: userId, error: String((e as Error)?.message ?? e) });
  }
}

/** SPEC.md section 7: the company's staff list, one staff record, and creating an employee (roles '3' and '4'). Role 2 only. */
export function companyRoutes() {
  const app = new Hono<Env>();

  app.get("/company/staffs", requireAuthKept(2), async (c) => {
    const companyId = companyOf(c);
    const staffId = c.req.query("staff_id");
    if (staffId !== undefined) {
      // Another company's employee and an unknown id answer the same, so ids of other companies reveal nothing.
      const record = await staffById(c.var.db, companyId, positiveInt(staffId, "staff_id"));
      return c.json({ status: record ? 1 : 0, message: t(c, msg(record ? "employeeFound" : "noSuchEmployee")), data: record ? [record] : [] });
    }
    const page = pageOf(c.req.query());
    const list = await c.var.db.query<StaffRow & { total: number }>(STAFF_PAGE, [companyId, STAFF_PAGE_SIZE, (page - 1) * STAFF_PAGE_SIZE]);
    const total = list.rows[0]?.total ?? (await c.var.db.query<{ n: number }>(STAFF_COUNT, [companyId])).rows[0].n;
    return c.json({ status: 1, message: t(c, msg("staffLoaded")), total, data: list.rows.map(toRecord) });
  });

  // The company's technicians where they work, for the manager's map (issue 17): only the caller's company, only those
  // who gave a service location; nothing of another company leaves it.
  app.get("/company/tech_locations", requireAuth(2), async (c) => {
    const companyId = companyOf(c);
    const { rows } = await c.var.db.query<TechRow>(
      `select user_id, name, lat, lng, addres, area_range, taking_jobs from users
        where company_id = $1 and role = 1 and not disabled and deleted_at is null and lat is not null and lng is not null
        order by user_id limit 500`,
      [companyId],
    );
    const data: TechLocation[] = rows.map(({ lat, lng, ...r }) => ({ ...r, location: { lat, lng } }));
    return c.json({ status: 1, total: data.length, data });
  });

  // Each call makes an account and mails an invitation to any address (D9): limited per company, per caller and per address.
  app.post(
    "/company/create_user",
    requireAuth(2),
    rateLimit<AuthedEnv>({ ...EMPLOYEES_PER_COMPANY, key: (c) => (c.var.user.company_id == null ? null : `c${c.var.user.company_id}`) }),
    ...perCallerAndAddress(EMPLOYEES_PER_CALLER, EMPLOYEES_PER_ADDRESS),
    async (c) => {
      const companyId = companyOf(c);
      const input = await body(c, createEmployee);
      if (!isDialCode(input.cntry_code)) throw new HttpError(422, msg("dialUnknown"), { cntry_code: msg("dialUnknown") });
      const unknown = input.languages.find((l) => !isLanguageCode(l));
      if (unknown) throw new HttpError(422, msg("languageUnknown", { code: unknown }), { languages: msg("languageUnknown", { code: unknown }) });
      const technician = input.role === "4";
      const skills = technician ? [...new Set(input.skills)] : [];
      const languages = technician ? [...new Set(input.languages)] : [];

      const token = newInviteToken();
      let record: StaffRecord | null;
      try {
        record = await c.var.db.tx(async (q) => {
          const taken = await q.query<{ email_taken: boolean; mob_taken: boolean }>(
            "select bool_or(lower(email) = $1) as email_taken, bool_or(mob_no = $2) as mob_taken from users where lower(email) = $1 or mob_no = $2",
            [input.email, input.mob_no],
          );
          if (taken.rows[0]?.email_taken) throw new HttpError(409, msg("emailTaken"), { email: msg("emailTaken") });
          if (taken.rows[0]?.mob_taken) throw new HttpError(409, msg("mobileTaken"), { mob_no: msg("mobileTaken") });
          const { rows } = await q.query<{ user_id: number }>(
            `insert into users (role, name, email, mob_no, cntry_code, password_hash, company_id, got_email_mob, skills, languages)
           values ($1, $2, $3, $4, $5, null, $6, $7, $8, $9) returning user_id`,
            // A technician still owes the verify-info step its service area, response time and location (SPEC.md section 6),
            // which the company did not give; a manager's contact details are complete.
            [technician ? 1 : 2, input.name, input.email, input.mob_no, input.cntry_code, companyId, technician ? 0 : 1, skills, languages],
          );
          await storeInvitation(q, token, rows[0].user_id, c.var.user.user_id, null, clock.now());
          return staffById(q, companyId, rows[0].user_id);
        });
      } catch (e) {
        throw conflictFrom(e) ?? e;
      }
      // D9: the account has no usable password; the invitation's one-time link sets one (LOOP.md section 1: employees
      // get the tenants' link), mailed and answered here, so that the manager can send it by WhatsApp too.
      const link = inviteLink(c, token);
      await mailInvitation(c, { to: input.email, name: input.name, companyName: record?.comp_name, technician, link }, record?.user_id);
      return c.json({ message: t(c, msg("employeeAdded")), data: record ?? undefined, invite_url: link }, 200);
    },
  );

  // A new link for an employee who has not set a password yet (lost, expired, or sent to a phone they no longer have):
  // the earlier links stop working. Limited as adding an employee is (each call mails).
  app.post("/company/reinvite", requireAuth(2), ...perCallerAndAddress(EMPLOYEES_PER_CALLER, EMPLOYEES_PER_ADDRESS), async (c) => {
    const companyId = companyOf(c);
    const staffId = positiveInt(c.req.query("staff_id") ?? "", "staff_id");
    const token = newInviteToken();
    const staff = await c.var.db.tx(async (q) => {
      const { rows } = await q.query<{ user_id: number; name: string; email: string | null; role: number; joined: boolean; comp_name: string }>(
        `select u.user_id, u.name, u.email, u.role, u.password_hash is not null as joined, co.name as comp_name
             from users u join companies co on co.company_id = u.company_id
            where u.user_id = $1 and u.company_id = $2 and not u.disabled and u.role in (1, 2) for update of u`,
        [staffId, companyId],
      );
      const row = rows[0];
      // Another company's employee answers as an unknown one, as GET /company/staffs does.
      if (!row) throw new HttpError(404, msg("noSuchEmployee"));
      if (row.joined) throw new HttpError(409, msg("employeeJoined"));
      await q.query("delete from invitations where user_id = $1 and used_at is null", [row.user_id]);
      await storeInvitation(q, token, row.user_id, c.var.user.user_id, null, clock.now());
      return row;
    });
    const link = inviteLink(c, token);
    if (staff.email)
      await mailInvitation(c, { to: staff.email, name: staff.name, companyName: staff.comp_name, technician: staff.role === 1, link }, staff.user_id);
    return c.json({ message: t(c, msg("employeeReinvited")), user_id: staff.user_id, invite_url: link });
  });

  return app;
}
