// Who may see and do what with a property, its units and tenancies (LOOP.md section 1, issue 10), in one place.
//
// - owner (properties.owner_id): sees their property always. While they run it themselves (no company) they edit it,
//   add units and tenants, upload, delete. Once handed to a company they still see it and its issues and may report
//   or hand it to another company; the company's managers manage it from then on.
// - manager (role 2): sees and manages the properties their company runs (company_id); deletes only those the company
//   made itself (no owner).
// - tenant: sees the property of each unit they rent or rented, and only those units; never another tenant's name or
//   number (a unit they left shows no tenant).
// - technician (role 1): sees a property, and only the units of their jobs, while an issue there is assigned to them
//   and open; they see that unit's tenant, to call before the visit.
// Anything else answers 404 exactly like a missing property (issue 9); a visible property with a write the caller may
// not make answers 403.
import type { AuthUser } from "../lib/auth";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";

export type Relation = "owner" | "manager" | "tenant" | "technician";

/**
 * The caller's relation to the property `p` as one SQL expression, null when they may not see it.
 * Parameters: $1 user_id, $2 role, $3 company_id (or -1).
 */
export const RELATION_SQL = `case
    when p.owner_id = $1 then 'owner'
    when $2 = 2 and p.company_id = $3 then 'manager'
    when exists (select 1 from tenancies t join units tu on tu.unit_id = t.unit_id where tu.property_id = p.property_id and t.tenant_id = $1) then 'tenant'
    when $2 = 1 and exists (select 1 from issues ji where ji.property_id = p.property_id and ji.assigned_tech_id = $1 and ji.issue_status = 0) then 'technician'
  end`;

export const relationParams = (u: AuthUser) => [u.user_id, u.role, u.company_id ?? -1];

/**
 * Which units of property `p` the caller sees (alias `u`), given `r.relation`; $1 is the user id. Owners and
 * managers see all; tenants the units of their tenancies; technicians the units of their open jobs.
 */
export const VISIBLE_UNIT_SQL = `(r.relation in ('owner', 'manager')
    or (r.relation = 'tenant' and exists (select 1 from tenancies vt where vt.unit_id = u.unit_id and vt.tenant_id = $1))
    or (r.relation = 'technician' and exists (select 1 from issues vi where vi.unit_id = u.unit_id and vi.assigned_tech_id = $1 and vi.issue_status = 0)))`;

/**
 * Which issues of property `p` the caller sees in its history and counts (alias `i`), given `r.relation`; $1 is the
 * user id. A tenant: the issues of the units they rent now, and those they reported; a technician: their own jobs and
 * the history of the units they work in.
 */
export const VISIBLE_ISSUE_SQL = `(r.relation in ('owner', 'manager')
    or (r.relation = 'tenant' and (i.creator_id = $1 or exists (select 1 from tenancies it where it.unit_id = i.unit_id and it.tenant_id = $1 and it.ended_at is null)))
    or (r.relation = 'technician' and (i.assigned_tech_id = $1 or exists (select 1 from issues ij where ij.unit_id = i.unit_id and ij.assigned_tech_id = $1 and ij.issue_status = 0))))`;

/** What a write needs to know about a property and the caller. */
export interface PropertyAccess {
  property_id: number;
  name: string;
  owner_id: number | null;
  company_id: number | null;
  relation: Relation;
}

/** The owner while they run it, or a manager of the company that runs it. */
export const manages = (a: PropertyAccess) => (a.relation === "owner" && a.company_id === null) || a.relation === "manager";
/** Deleting: the owner while they run it, or a manager of a property the company made itself (no owner). */
export const mayDelete = (a: PropertyAccess) => (a.relation === "owner" && a.company_id === null) || (a.relation === "manager" && a.owner_id === null);
/** Only the owner hands a property to a company (again, to change companies). */
export const mayHandOver = (a: PropertyAccess) => a.relation === "owner";
/** The owner of a property a company runs may run it again themselves. */
export const mayTakeBack = (a: PropertyAccess) => a.relation === "owner" && a.company_id !== null;

/** Throws 404 (not visible) before anything else; a visible property whose write `allowed` refuses answers 403. */
export function assertMay(a: PropertyAccess | null, allowed: (a: PropertyAccess) => boolean): PropertyAccess {
  if (!a) throw new HttpError(404, msg("propertyMissing"));
  if (!allowed(a)) throw new HttpError(403, a.relation === "owner" && a.company_id !== null ? msg("companyRunsIt") : msg("notYourProperty"));
  return a;
}

/**
 * The actions of the property page (contract: property-answers.ts), decided here and nowhere else. `hasCurrent`: the
 * caller (a tenant) rents a unit of it now; `openIssues`: open issues on the whole property.
 */
export function actionsFor(a: PropertyAccess, { hasCurrent, openIssues }: { hasCurrent: boolean; openIssues: number }): string[] {
  const actions: string[] = [];
  if (manages(a)) actions.push("edit", "add_units", "add_tenant", "end_tenancy", "upload");
  if (mayDelete(a) && openIssues === 0) actions.push("delete");
  if (mayHandOver(a)) actions.push("hand_over");
  if (mayTakeBack(a)) actions.push("take_back");
  if (a.relation === "owner" || a.relation === "manager" || (a.relation === "tenant" && hasCurrent)) actions.push("report");
  if (a.relation !== "technician") actions.push("prev_tenants");
  return actions;
}

/**
 * Whether the caller sees the contact details of a unit's current tenant: those who manage or own the property, the
 * tenant themselves, and a technician with a job in that unit. Never another tenant.
 */
export const seesTenant = (relation: Relation, tenantId: number, user: AuthUser) =>
  relation === "owner" || relation === "manager" || relation === "technician" || tenantId === user.user_id;

/** Adding a tenant: only an account of role 3 (or a customer, role 0) can become one; staff accounts cannot. */
export const mayBeTenant = (role: number) => role === 3 || role === 0;
