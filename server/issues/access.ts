// Who may do what with an issue.
import type { AuthUser } from "../lib/auth";
import type { Access } from "./queries";

/** The assigned technician, or a manager of that technician's company, may act on the issue. */
export const actsOn = (u: AuthUser, a: Access) =>
  (u.role === 1 && a.assigned_tech_id === u.user_id) || (u.role === 2 && u.company_id != null && a.tech_company_id === u.company_id);
/** Those who act on it, and the customer who reported it or owns the property, may read it (/property/issues-view admits every role). */
export const reads = (u: AuthUser, a: Access) => actsOn(u, a) || (u.role !== 1 && u.role !== 2 && (a.creator_id === u.user_id || a.owner_id === u.user_id));
