/**
 * Every route of the app (SPEC.md section 2, DECISIONS.md D3 and D4) and the links to them: a leaf that imports
 * nothing, so views, components and signals can link anywhere without importing the route table (which imports them).
 * Nothing else spells a path.
 */

/** Props every view receives from the router. */
export interface ViewProps {
  title: string;
  params?: Record<string, string | undefined>;
}

/** Route patterns as wouter matches them. */
export const patterns = {
  root: "/",
  onboarding: "/onboarding",
  login: "/login",
  getRole: "/getrole",
  register: "/register",
  technicianRegister: "/technician-register",
  companyRegister: "/mc-register",
  forgot: "/forgetpassword",
  verifyCode: "/verify-code",
  resetPassword: "/reset-password",
  oauthCallback: "/oauth/callback",
  invite: "/invite",
  notFound: "/404",
  home: "/home",
  profile: "/profile",
  about: "/about",
  contact: "/contact",
  you: "/you",
  jobs: "/jobs",
  repair: "/repair",
  reports: "/reports",
  notifications: "/notifications",
  dashboard: "/dashboard",
  properties: "/properties",
  resources: "/resources",
  yourProfile: "/your-profile",
  employeeDetails: "/employee-details/:user_id",
  closedIssue: "/property/closed-issue",
  openIssues: "/property/open-issues",
  issuesView: "/property/issues-view",
  addProperty: "/property/add-property",
  assignRole: "/property/assign-role",
  apartmentView: "/property/apartment-view/:propertyName",
  prevTenant: "/property/prev-tenant",
  editProperty: "/property/edit-property",
  eReceipt: "/property/e-receipt",
  editIssue: "/property/edit-issue",
  addIssue: "/property/addissues",
  property: "/property/:propertyName",
} as const;

const p = patterns;

/** Links, with their parameters filled in: a route without parameters links to its pattern. */
export const paths = {
  ...patterns,
  verifyCode: (email: string) => `${p.verifyCode}?email=${encodeURIComponent(email)}`,
  resetPassword: (email: string) => `${p.resetPassword}?email=${encodeURIComponent(email)}`,
  /** The job list on one tab; Open is the default and needs no query. */
  jobsTab: (tab: "open" | "closed") => (tab === "closed" ? `${p.jobs}?tab=closed` : p.jobs),
  /** A list screen with its Map tab open (issue 17): the technician's jobs, the repairs, the manager's unassigned. */
  jobsMap: `${p.jobs}?view=map`,
  repairMap: `${p.repair}?view=map`,
  homeMap: `${p.home}?view=map`,
  employeeDetails: (id: number | string) => p.employeeDetails.replace(":user_id", encodeURIComponent(String(id))),
  openIssue: (id: number) => `${p.openIssues}?issue_id=${id}`,
  closedIssue: (id: number) => `${p.closedIssue}?issue_id=${id}`,
  issueView: (id: number) => `${p.issuesView}?issue_id=${id}`,
  /**
   * Report a problem; `propertyId` and `unitId` preselect where (from a property or unit screen, or a repair reported
   * again): a unit, or null for the property's common areas (unit_id=0).
   */
  addIssue: (propertyId?: number, unitId?: number | null) =>
    propertyId ? `${p.addIssue}?property_id=${propertyId}${unitId !== undefined ? `&unit_id=${unitId ?? 0}` : ""}` : p.addIssue,
  editIssue: (id: number) => `${p.editIssue}?issue_id=${id}`,
  /** The e-receipt of a completed repair (owners and the company's managers). */
  receipt: (id: number) => `${p.eReceipt}?issue_id=${id}`,
  /** The settings of notifications per kind and channel (a sub-screen of /notifications). */
  notificationSettings: `${p.notifications}?settings=1`,
  /** The repairs a count on the manager's /home stands for (RepairsView's SHOWS). */
  repairShow: (show: string) => `${p.repair}?show=${show}`,
  /** The repairs list on one tab; Open is the default. */
  repairTab: (tab: "open" | "closed") => (tab === "closed" ? `${p.repair}?tab=closed` : p.repair),
  property: (name: string) => p.property.replace(":propertyName", encodeURIComponent(name)),
  /** One unit of a property (LOOP.md section 3): the property by name, the unit by id. */
  apartment: (name: string, unitId: number) => `${p.apartmentView.replace(":propertyName", encodeURIComponent(name))}?unit_id=${unitId}`,
  /** Ended tenancies, of one property or of all the caller may see. */
  prevTenant: (propertyId?: number) => (propertyId ? `${p.prevTenant}?property_id=${propertyId}` : p.prevTenant),
  editProperty: (propertyId: number) => `${p.editProperty}?property_id=${propertyId}`,
  /** Add a tenant (or hand over) for a property; `unitId` preselects the unit. */
  assignRole: (propertyId: number, unitId?: number | null) => `${p.assignRole}?property_id=${propertyId}${unitId ? `&unit_id=${unitId}` : ""}`,
  /** The invitation link a new tenant (or employee) opens. */
  invite: (token: string) => `${p.invite}?token=${encodeURIComponent(token)}`,
};

/** Where a signed-in user lands (D3); unknown roles go home. */
export function homeFor(role: number | null): string {
  return role === 1 ? p.jobs : p.home;
}

/** Bottom navigation per role (SPEC.md section 2). */
export const NAV_BY_ROLE: Record<number, readonly string[]> = {
  0: [p.home, p.repair, p.profile, p.notifications],
  1: [p.jobs, p.reports, p.you, p.notifications],
  2: [p.home, p.repair, p.resources, p.yourProfile, p.notifications],
  3: [p.home, p.repair, p.profile, p.notifications],
};
/** The bar of a role; unknown roles get the role 0 bar. */
export const navFor = (role: number | null) => NAV_BY_ROLE[role ?? 0] ?? NAV_BY_ROLE[0];
