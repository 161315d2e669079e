// Who relates to an issue, and how (issue 11, D20). The relations are computed in SQL, one lateral per issue row, so a
// list stays one query; what each relation may do is decided by the table of ./stages.ts and nowhere else.
//
// - creator: reported it (sees it always);
// - tenant: rents the issue's unit now;
// - owner: owns the property;
// - manager: a manager (role 2) of the company that runs the property, or of the assigned technician's company;
//   tech_manager: the latter only (they answer for their technician: acknowledging); property_manager: the former only
//   (they may report on the property: report again);
// - technician: the one assigned;
// - landlord: the owner of a property no company runs (issue 12): they assign or offer the job themselves;
// - offered: an independent technician (no company) the owner's offer reaches while it stands: the issue is reported,
//   unassigned and offered, its category (if any) is among their skills, the property within their service area.
// Anyone with none of them does not see the issue: it answers 404 exactly like a missing one (issue 9).
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";
import { propertyAccess, unitById } from "../property/queries";

export type Rel = "creator" | "tenant" | "owner" | "manager" | "tech_manager" | "property_manager" | "technician" | "landlord" | "offered";
export type Relations = Record<Rel, boolean>;
export const RELS: readonly Rel[] = ["creator", "tenant", "owner", "manager", "tech_manager", "property_manager", "technician", "landlord", "offered"];

/** Straight-line kilometres between two points given in degrees (haversine, Earth radius 6371 km), as SQL. */
export const distanceKmSql = (lat1: string, lng1: string, lat2: string, lng2: string) =>
  `(2 * 6371 * asin(least(1, sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2) + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;

/**
 * SQL true when the user `tech` (a users alias) is an independent technician who may take the issue `i` on the
 * property `p`: not disabled, no company, the issue's category among their skills (any when it has none), and the
 * property within `area_range` km of their location (both known).
 */
export const takesOfferSql = (tech: string, i = "i", p = "p") =>
  `(${tech}.role = 1 and ${tech}.company_id is null and not ${tech}.disabled and ${tech}.taking_jobs
    and (${i}.category is null or ${i}.category = any(${tech}.skills))
    and ${tech}.lat is not null and ${tech}.lng is not null and ${tech}.area_range is not null and ${p}.lat is not null and ${p}.lng is not null
    and ${distanceKmSql(`${tech}.lat`, `${tech}.lng`, `${p}.lat`, `${p}.lng`)} <= ${tech}.area_range)`;

/** Parameters $1..$3 of every issue query: the caller's id, role and company (-1 without one). */
export const relationParams = (u: AuthUser): unknown[] => [u.user_id, u.role, u.company_id ?? -1];

/**
 * The caller's relations (columns named as Rel) to the issue `i` on its property `p` with its assigned technician `tu`
 * (aliases of issues, properties and users), as a select list. $1..$3 as relationParams.
 */
const relationsSql = (i: string, p: string, tu: string) => `
      coalesce(${i}.creator_id = $1, false) as creator,
      exists (select 1 from tenancies rt where rt.unit_id = ${i}.unit_id and rt.tenant_id = $1 and rt.ended_at is null) as tenant,
      coalesce(${p}.owner_id = $1, false) as owner,
      ($2 = 2 and (coalesce(${p}.company_id = $3, false) or coalesce(${tu}.company_id = $3, false))) as manager,
      ($2 = 2 and coalesce(${tu}.company_id = $3, false)) as tech_manager,
      ($2 = 2 and coalesce(${p}.company_id = $3, false)) as property_manager,
      coalesce(${i}.assigned_tech_id = $1, false) as technician,
      coalesce(${p}.owner_id = $1 and ${p}.company_id is null, false) as landlord,
      ($2 = 1 and ${i}.offered_at is not null and ${i}.stage = 'reported' and ${i}.assigned_tech_id is null and ${p}.company_id is null
        and exists (select 1 from users me where me.user_id = $1 and ${takesOfferSql("me", i, p)})) as offered`;

/**
 * The issues `i` with their property `p`, the assigned technician `tu` and the caller's relations `r` (columns named
 * as Rel). $1..$3 as relationParams.
 */
export const ISSUE_FROM = `
    from issues i
    join properties p on p.property_id = i.property_id
    left join users tu on tu.user_id = i.assigned_tech_id
    cross join lateral (select ${relationsSql("i", "p", "tu")}) r`;

/** The caller sees the issue whose relations are `r` (an alias of relationsSql's columns). */
const visibleSql = (r: string) => `(${r}.creator or ${r}.tenant or ${r}.owner or ${r}.manager or ${r}.technician or ${r}.offered)`;

/** The caller sees the issue. */
export const VISIBLE_SQL = visibleSql("r");

/**
 * SQL: the id `idSql` (an issue's, or null) when the caller sees that issue, else null. A link from one issue to
 * another (report again) is shown only to those who may open both; the relations are the same as ISSUE_FROM's.
 */
export const idIfVisibleSql = (idSql: string) => `(select o.issue_id from issues o
      join properties op on op.property_id = o.property_id
      left join users ou on ou.user_id = o.assigned_tech_id
      cross join lateral (select ${relationsSql("o", "op", "ou")}) ro
     where o.issue_id = ${idSql} and ${visibleSql("ro")})`;

/** The relation columns of a query over ISSUE_FROM, prefixed so they do not clash with the issue's own fields. */
export const RELATION_COLUMNS = RELS.map((k) => `r.${k} as rel_${k}`).join(", ");

/** Relations read back from `rel_*` columns. */
export const relationsOf = (row: Record<string, unknown>): Relations => Object.fromEntries(RELS.map((k) => [k, row[`rel_${k}`] === true])) as Relations;

/**
 * Reporting (POST /issue/issue) and moving an issue to another unit (PUT /issue/details): the unit must be of the
 * property, and the caller may report there: its owner, a manager of the company that runs it, or a tenant who rents
 * THAT unit now. No unit (null) is the property's common areas (a lift, the roof, the gate): its owner or manager, or
 * a tenant who rents one of its units now. A property the caller cannot see answers 404; a unit of another tenant 403.
 */
export async function assertMayReport(q: Queryable, u: AuthUser, propertyId: number, unitId: number | null) {
  const place = await propertyAccess(q, u, propertyId);
  if (!place) throw new HttpError(404, msg("propertyMissing"));
  if (unitId !== null) {
    const unit = await unitById(q, unitId);
    if (!unit || unit.property_id !== propertyId) throw new HttpError(422, msg("unitMissing"), { unit_id: msg("unitMissing") });
  }
  if (place.relation === "owner" || place.relation === "manager") return place;
  if (place.relation === "tenant") {
    const { rows } = await q.query(
      "select 1 from tenancies t join units un on un.unit_id = t.unit_id where un.property_id = $1 and ($2::int is null or t.unit_id = $2) and t.tenant_id = $3 and t.ended_at is null",
      [propertyId, unitId, u.user_id],
    );
    if (rows.length) return place;
    throw new HttpError(403, msg("reportOwnUnit"), { unit_id: msg("reportOwnUnit") });
  }
  throw new HttpError(403, msg("reportNotAllowed"));
}
