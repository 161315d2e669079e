// Who may do what in the company staff area.
import type { AuthedEnv } from "../lib/auth";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";

/** The caller's company; a role-2 account outside any company cannot see or add staff. */
export function companyOf(c: { var: AuthedEnv["Variables"] }): number {
  const id = c.var.user.company_id;
  if (id == null) throw new HttpError(403, msg("noCompany"));
  return id;
}
