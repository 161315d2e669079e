// The profile of every role (GET and PUT /user/profile, issue 14): what the account screen shows, and the fields each
// role may change. Technicians also have their skills, service area, response time and "taking jobs now"; managers
// their company (name, registration number, hourly rate in the currency of the company's country, logo).
import { countries } from "countries-list";
import type { AccountProfile, ProfileUpdate } from "../../src/contract/account";
import { GULF_MONEY, type GulfCountry, moneyOf } from "../../src/contract/money";
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";
import { isLanguageCode } from "../lib/codes";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";
import { pendingChanges } from "./codes";

/** A user file's URL path (D11): stored paths are relative to /files/users/. */
export const userFileUrl = (path: string | null | undefined) => (path ? `/files/users/${path}` : null);

/** The money of a company by its dial code: a Gulf country's currency, Oman's (the app's home) for any other code. */
export function moneyOfDial(cntryCode: string | null | undefined) {
  const n = Number((cntryCode ?? "").replace(/^\+/, ""));
  const iso = (Object.keys(GULF_MONEY) as GulfCountry[]).find((k) => (countries[k].phone as readonly number[]).includes(n));
  return moneyOf(iso);
}

interface ProfileRow {
  user_id: number;
  role: number;
  name: string;
  email: string | null;
  mob_no: string | null;
  cntry_code: string | null;
  job_title: string | null;
  profile_path: string | null;
  languages: string[];
  include_whatsapp: boolean;
  has_password: boolean;
  skills: number[];
  area_range: number | null;
  respond_time: number | null;
  addres: string | null;
  addrs: unknown;
  lat: number | null;
  lng: number | null;
  taking_jobs: boolean;
  company_id: number | null;
  company_name: string | null;
  reg_no: string | null;
  hourly_rate: number | null;
  company_cntry_code: string | null;
  logo_path: string | null;
}

/** The profile of `userId` as GET /user/profile answers it (the data of every profile write's answer too). */
export async function readProfile(q: Queryable, userId: number): Promise<AccountProfile> {
  const { rows } = await q.query<ProfileRow>(
    `select u.user_id, u.role, u.name, u.email, u.mob_no, u.cntry_code, u.job_title, u.profile_path, u.languages, u.include_whatsapp,
            u.password_hash is not null as has_password, u.skills, u.area_range, u.respond_time, u.addres, u.addrs, u.lat, u.lng,
            u.taking_jobs, u.company_id, c.name as company_name, c.reg_no, c.hourly_rate, c.cntry_code as company_cntry_code, c.logo_path
       from users u left join companies c on c.company_id = u.company_id
      where u.user_id = $1`,
    [userId],
  );
  const r = rows[0];
  const profile: AccountProfile = {
    user_id: r.user_id,
    role: r.role,
    name: r.name,
    email: r.email,
    mob_no: r.mob_no,
    cntry_code: r.cntry_code,
    job_title: r.job_title,
    profile: userFileUrl(r.profile_path),
    languages: r.languages,
    include_whatsapp: r.include_whatsapp,
    has_password: r.has_password,
    pending: await pendingChanges(q, userId),
  };
  if (r.role === 1)
    Object.assign(profile, {
      skills: r.skills,
      area_range: r.area_range,
      respond_time: r.respond_time,
      addres: r.addres,
      addrs: r.addrs ?? null,
      location: r.lat != null && r.lng != null ? { lat: r.lat, lng: r.lng } : null,
      taking_jobs: r.taking_jobs,
    });
  if (r.role === 2) {
    const money = moneyOfDial(r.company_cntry_code);
    profile.company =
      r.company_id == null
        ? null
        : {
            company_id: r.company_id,
            name: r.company_name ?? "",
            reg_no: r.reg_no,
            hourly_rate: r.hourly_rate ?? 0,
            currency: money.currency,
            decimals: money.decimals,
            logo: userFileUrl(r.logo_path),
          };
  }
  return profile;
}

type Update = Omit<ProfileUpdate, "skills" | "languages"> & { skills?: number[]; languages?: string[] };

/** The fields only a technician (role 1) may change. */
const TECH_FIELDS = ["skills", "area_range", "respond_time", "addres", "addrs", "location", "taking_jobs"] as const;

/**
 * Refuses what the caller's role may not change: 403 naming the fields (a tenant sending skills, a technician sending
 * company), and 422 for a language code the data package does not know (D12).
 */
export function assertMayChange(u: AuthUser, p: Update) {
  const foreign = u.role === 1 ? [] : TECH_FIELDS.filter((k) => p[k] !== undefined);
  if (foreign.length) throw new HttpError(403, msg("notYourField"), Object.fromEntries(foreign.map((k) => [k, msg("notYourField")])));
  if (p.company !== undefined && (u.role !== 2 || u.company_id == null))
    throw new HttpError(403, msg("companyOnlyManagers"), { company: msg("companyOnlyManagers") });
  const unknown = p.languages?.find((l) => !isLanguageCode(l));
  if (unknown) throw new HttpError(422, msg("languageUnknown", { code: unknown }), { languages: msg("languageUnknown", { code: unknown }) });
}

/** Writes the changes `assertMayChange` let through, inside the caller's transaction (409 on a taken reg_no). */
export async function saveProfile(q: Queryable, u: AuthUser, p: Update) {
  const params: unknown[] = [u.user_id];
  const sets: string[] = [];
  const set = (column: string, value: unknown, cast = "") => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (p.name !== undefined) set("name", p.name);
  if (p.languages !== undefined) set("languages", [...new Set(p.languages)], "::text[]");
  if (p.include_whatsapp !== undefined) set("include_whatsapp", p.include_whatsapp);
  if (p.skills !== undefined)
    set(
      "skills",
      [...new Set(p.skills)].sort((a, b) => a - b),
      "::integer[]",
    );
  if (p.area_range !== undefined) set("area_range", p.area_range);
  if (p.respond_time !== undefined) set("respond_time", p.respond_time);
  if (p.addres !== undefined) set("addres", p.addres);
  if (p.addrs !== undefined) set("addrs", p.addrs === null ? null : JSON.stringify(p.addrs), "::jsonb");
  if (p.location !== undefined) {
    set("lat", p.location.lat);
    set("lng", p.location.lng);
  }
  if (p.taking_jobs !== undefined) set("taking_jobs", p.taking_jobs);
  if (sets.length) await q.query(`update users set ${sets.join(", ")} where user_id = $1`, params);

  const co = p.company;
  if (!co || u.company_id == null) return;
  if (co.reg_no !== undefined) {
    const { rows } = await q.query("select 1 from companies where lower(reg_no) = lower($1) and company_id <> $2", [co.reg_no, u.company_id]);
    if (rows.length) throw new HttpError(409, msg("regNoTaken"), { reg_no: msg("regNoTaken") });
  }
  const cp: unknown[] = [u.company_id];
  const cs: string[] = [];
  for (const [column, value] of [
    ["name", co.name],
    ["reg_no", co.reg_no],
    ["hourly_rate", co.hourly_rate],
  ] as const) {
    if (value === undefined) continue;
    cp.push(value);
    cs.push(`${column} = $${cp.length}`);
  }
  if (cs.length) await q.query(`update companies set ${cs.join(", ")} where company_id = $1`, cp);
}
