import { type ComponentType, lazy } from "react";

/** Props every view receives from the router. */
export interface ViewProps {
  title: string;
  params?: Record<string, string | undefined>;
}
type Loader = () => Promise<ComponentType<ViewProps>>;

export interface RouteDef {
  path: string;
  /** Translation key of the screen title. */
  title: string;
  view: ComponentType<ViewProps>;
  /** Allowed roles; absent for public routes. */
  roles?: readonly number[];
  /** Public routes that signed-in users may still see (they are not redirected away). */
  open?: boolean;
}

const views = new Map<Loader, ComponentType<ViewProps>>();
// One lazy component per loader, so the code of a screen is fetched only when it is first shown.
const view = (load: Loader) => {
  let v = views.get(load);
  if (!v) views.set(load, (v = lazy(() => load().then((c) => ({ default: c })))));
  return v;
};

const placeholder = view(() => import("./views/placeholder").then((m) => m.PlaceholderView));
const profile = view(() => import("./views/account/profile").then((m) => m.ProfileView));
const issueReadOnly = view(() => import("./views/issues/issue-view").then((m) => m.IssueReadOnlyView));

const ALL = [0, 1, 2, 3] as const;

/** SPEC.md section 2 and DECISIONS.md D4, in matching order: fixed /property/... routes before /property/:propertyName. */
export const routes: RouteDef[] = [
  { path: "/", title: "titles.welcome", view: view(() => import("./views/auth/root").then((m) => m.RootView)) },
  { path: "/onboarding", title: "titles.onboarding", view: view(() => import("./views/auth/onboarding").then((m) => m.OnboardingView)) },
  { path: "/login", title: "titles.login", view: view(() => import("./views/auth/login").then((m) => m.LoginView)) },
  { path: "/getrole", title: "titles.getrole", view: view(() => import("./views/auth/get-role").then((m) => m.GetRoleView)) },
  { path: "/register", title: "titles.register", view: view(() => import("./views/register/customer").then((m) => m.CustomerRegisterView)) },
  { path: "/technician-register", title: "titles.technicianRegister", view: view(() => import("./views/register/technician").then((m) => m.TechnicianRegisterView)) },
  { path: "/mc-register", title: "titles.companyRegister", view: view(() => import("./views/register/company").then((m) => m.CompanyRegisterView)) },
  { path: "/forgetpassword", title: "titles.forgot", view: view(() => import("./views/recovery/forgot").then((m) => m.ForgotPasswordView)) },
  { path: "/verify-code", title: "titles.verifyCode", view: view(() => import("./views/recovery/verify-code").then((m) => m.VerifyCodeView)) },
  { path: "/reset-password", title: "titles.resetPassword", view: view(() => import("./views/recovery/reset").then((m) => m.ResetPasswordView)) },
  { path: "/oauth/callback", title: "titles.oauth", view: view(() => import("./views/auth/oauth-callback").then((m) => m.OAuthCallbackView)) },
  { path: "/404", title: "titles.notFound", open: true, view: view(() => import("./views/not-found").then((m) => m.NotFoundView)) },

  { path: "/home", title: "titles.home", roles: [0, 2, 3], view: placeholder },
  { path: "/profile", title: "titles.profile", roles: [0, 3], view: profile },
  { path: "/about", title: "titles.about", roles: [0, 1], view: placeholder },
  { path: "/contact", title: "titles.contact", roles: [0, 1], view: placeholder },
  { path: "/you", title: "titles.you", roles: [1], view: profile },
  { path: "/jobs", title: "titles.jobs", roles: [1], view: view(() => import("./views/issues/jobs").then((m) => m.JobsView)) },
  { path: "/repair", title: "titles.repair", roles: [0, 2, 3], view: placeholder },
  { path: "/reports", title: "titles.reports", roles: [1], view: placeholder },
  { path: "/notifications", title: "titles.notifications", roles: ALL, view: placeholder },
  { path: "/dashboard", title: "titles.dashboard", roles: [2], view: view(() => import("./views/dashboard").then((m) => m.DashboardView)) },
  { path: "/properties", title: "titles.properties", roles: [2], view: placeholder },
  { path: "/resources", title: "titles.resources", roles: [2], view: view(() => import("./views/staff/resources").then((m) => m.ResourcesView)) },
  { path: "/your-profile", title: "titles.yourProfile", roles: [2, 3], view: profile },
  { path: "/employee-details/:user_id", title: "titles.employeeDetails", roles: [0, 2, 3], view: view(() => import("./views/staff/employee-details").then((m) => m.EmployeeDetailsView)) },

  { path: "/property/closed-issue", title: "titles.issueDetails", roles: [1], view: issueReadOnly },
  { path: "/property/open-issues", title: "titles.issueDetails", roles: [1], view: view(() => import("./views/issues/open-issue").then((m) => m.OpenIssueView)) },
  { path: "/property/issues-view", title: "titles.issueDetails", roles: ALL, view: issueReadOnly },
  { path: "/property/add-property", title: "titles.addProperty", roles: [0, 2], view: placeholder },
  { path: "/property/assign-role", title: "titles.assignRole", roles: [0], view: placeholder },
  { path: "/property/apartment-view/:propertyName", title: "titles.apartmentView", roles: ALL, view: placeholder },
  { path: "/property/prev-tenant", title: "titles.prevTenant", roles: [0, 2, 3], view: placeholder },
  { path: "/property/edit-property", title: "titles.editProperty", roles: [0], view: placeholder },
  { path: "/property/e-receipt", title: "titles.eReceipt", roles: [0], view: placeholder },
  { path: "/property/edit-issue", title: "titles.editIssue", roles: [0, 2, 3], view: placeholder },
  { path: "/property/addissues", title: "titles.addIssue", roles: [0, 2, 3], view: placeholder },
  { path: "/property/:propertyName", title: "titles.property", roles: [0, 2, 3], view: view(() => import("./views/property").then((m) => m.PropertyView)) },
];

/** Paths that show the branded header bar (SPEC.md section 2). */
export const HEADER_PATHS = new Set(["/home", "/repair", "/profile", "/notifications", "/jobs", "/reports", "/dashboard", "/properties", "/resources", "/your-profile"]);

/** Bottom navigation per role; unknown roles get the role 0 bar. */
export const NAV_BY_ROLE: Record<number, readonly string[]> = {
  0: ["/home", "/repair", "/profile", "/notifications"],
  1: ["/jobs", "/reports", "/you", "/notifications"],
  2: ["/home", "/repair", "/resources", "/your-profile", "/notifications"],
  3: ["/home", "/repair", "/profile", "/notifications"],
};
export const navFor = (role: number | null) => NAV_BY_ROLE[role ?? 0] ?? NAV_BY_ROLE[0];

/** Where a signed-in user lands (D3). */
export function homeFor(role: number | null): string {
  return role === 1 ? "/jobs" : "/home";
}

/** Bottom navigation shows on top-level paths only. */
export const showsNav = (path: string) => path.split("/").filter(Boolean).length <= 1;

/** Links with parameters; nothing else spells a path. */
export const paths = {
  root: "/",
  login: "/login",
  onboarding: "/onboarding",
  getRole: "/getrole",
  register: "/register",
  technicianRegister: "/technician-register",
  companyRegister: "/mc-register",
  forgot: "/forgetpassword",
  verifyCode: (email: string) => `/verify-code?email=${encodeURIComponent(email)}`,
  resetPassword: (email: string) => `/reset-password?email=${encodeURIComponent(email)}`,
  notFound: "/404",
  jobs: "/jobs",
  home: "/home",
  resources: "/resources",
  dashboard: "/dashboard",
  employeeDetails: (id: number | string) => `/employee-details/${encodeURIComponent(String(id))}`,
  openIssue: (id: number) => `/property/open-issues?issue_id=${id}`,
  closedIssue: (id: number) => `/property/closed-issue?issue_id=${id}`,
  issueView: (id: number) => `/property/issues-view?issue_id=${id}`,
  property: (name: string) => `/property/${encodeURIComponent(name)}`,
};

export type Access = { kind: "render" } | { kind: "redirect"; to: string } | { kind: "notFound" };

/** The guard rules of SPEC.md section 2 as a pure function. */
export function resolveAccess(def: RouteDef | undefined, isAuthenticated: boolean, role: number | null): Access {
  if (!def) return { kind: "notFound" };
  if (!def.roles) return isAuthenticated && !def.open ? { kind: "redirect", to: homeFor(role) } : { kind: "render" };
  if (!isAuthenticated) return { kind: "redirect", to: paths.login };
  return role != null && def.roles.includes(role) ? { kind: "render" } : { kind: "notFound" };
}
