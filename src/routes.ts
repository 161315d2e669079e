import { type ComponentType, lazy } from "react";
import { homeFor, paths, patterns as p, type ViewProps } from "./paths";

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
  /** Shows the branded header bar (SPEC.md section 2). */
  header?: boolean;
  /** Shows the bottom navigation: top-level protected screens only (SPEC.md section 2). */
  nav?: boolean;
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
  { path: p.root, title: "titles.welcome", view: view(() => import("./views/auth/root").then((m) => m.RootView)) },
  { path: p.onboarding, title: "titles.onboarding", view: view(() => import("./views/auth/onboarding").then((m) => m.OnboardingView)) },
  { path: p.login, title: "titles.login", view: view(() => import("./views/auth/login").then((m) => m.LoginView)) },
  { path: p.getRole, title: "titles.getrole", view: view(() => import("./views/auth/get-role").then((m) => m.GetRoleView)) },
  { path: p.register, title: "titles.register", view: view(() => import("./views/register/customer").then((m) => m.CustomerRegisterView)) },
  { path: p.technicianRegister, title: "titles.technicianRegister", view: view(() => import("./views/register/technician").then((m) => m.TechnicianRegisterView)) },
  { path: p.companyRegister, title: "titles.companyRegister", view: view(() => import("./views/register/company").then((m) => m.CompanyRegisterView)) },
  { path: p.forgot, title: "titles.forgot", view: view(() => import("./views/recovery/forgot").then((m) => m.ForgotPasswordView)) },
  { path: p.verifyCode, title: "titles.verifyCode", view: view(() => import("./views/recovery/verify-code").then((m) => m.VerifyCodeView)) },
  { path: p.resetPassword, title: "titles.resetPassword", view: view(() => import("./views/recovery/reset").then((m) => m.ResetPasswordView)) },
  { path: p.oauthCallback, title: "titles.oauth", view: view(() => import("./views/auth/oauth-callback").then((m) => m.OAuthCallbackView)) },
  { path: p.notFound, title: "titles.notFound", open: true, view: view(() => import("./views/not-found").then((m) => m.NotFoundView)) },

  { path: p.home, title: "titles.home", roles: [0, 2, 3], header: true, nav: true, view: placeholder },
  { path: p.profile, title: "titles.profile", roles: [0, 3], header: true, nav: true, view: profile },
  { path: p.about, title: "titles.about", roles: [0, 1], nav: true, view: placeholder },
  { path: p.contact, title: "titles.contact", roles: [0, 1], nav: true, view: placeholder },
  { path: p.you, title: "titles.you", roles: [1], nav: true, view: profile },
  { path: p.jobs, title: "titles.jobs", roles: [1], header: true, nav: true, view: view(() => import("./views/issues/jobs").then((m) => m.JobsView)) },
  { path: p.repair, title: "titles.repair", roles: [0, 2, 3], header: true, nav: true, view: placeholder },
  { path: p.reports, title: "titles.reports", roles: [1], header: true, nav: true, view: placeholder },
  { path: p.notifications, title: "titles.notifications", roles: ALL, header: true, nav: true, view: placeholder },
  { path: p.dashboard, title: "titles.dashboard", roles: [2], header: true, nav: true, view: view(() => import("./views/dashboard").then((m) => m.DashboardView)) },
  { path: p.properties, title: "titles.properties", roles: [2], header: true, nav: true, view: placeholder },
  { path: p.resources, title: "titles.resources", roles: [2], header: true, nav: true, view: view(() => import("./views/staff/resources").then((m) => m.ResourcesView)) },
  { path: p.yourProfile, title: "titles.yourProfile", roles: [2, 3], header: true, nav: true, view: profile },
  { path: p.employeeDetails, title: "titles.employeeDetails", roles: [0, 2, 3], view: view(() => import("./views/staff/employee-details").then((m) => m.EmployeeDetailsView)) },

  { path: p.closedIssue, title: "titles.issueDetails", roles: [1], view: issueReadOnly },
  { path: p.openIssues, title: "titles.issueDetails", roles: [1], view: view(() => import("./views/issues/open-issue").then((m) => m.OpenIssueView)) },
  { path: p.issuesView, title: "titles.issueDetails", roles: ALL, view: issueReadOnly },
  { path: p.addProperty, title: "titles.addProperty", roles: [0, 2], view: placeholder },
  { path: p.assignRole, title: "titles.assignRole", roles: [0], view: placeholder },
  { path: p.apartmentView, title: "titles.apartmentView", roles: ALL, view: placeholder },
  { path: p.prevTenant, title: "titles.prevTenant", roles: [0, 2, 3], view: placeholder },
  { path: p.editProperty, title: "titles.editProperty", roles: [0], view: placeholder },
  { path: p.eReceipt, title: "titles.eReceipt", roles: [0], view: placeholder },
  { path: p.editIssue, title: "titles.editIssue", roles: [0, 2, 3], view: placeholder },
  { path: p.addIssue, title: "titles.addIssue", roles: [0, 2, 3], view: placeholder },
  { path: p.property, title: "titles.property", roles: [0, 2, 3], view: view(() => import("./views/property").then((m) => m.PropertyView)) },
];

/** Bottom navigation and header show only where the route entry says so. */
export const showsNav = (def: RouteDef | undefined) => !!def?.nav;
export const showsHeader = (def: RouteDef | undefined) => !!def?.header;

export type Access = { kind: "render" } | { kind: "redirect"; to: string } | { kind: "notFound" };

/** The guard rules of SPEC.md section 2 as a pure function. */
export function resolveAccess(def: RouteDef | undefined, isAuthenticated: boolean, role: number | null): Access {
  if (!def) return { kind: "notFound" };
  if (!def.roles) return isAuthenticated && !def.open ? { kind: "redirect", to: homeFor(role) } : { kind: "render" };
  if (!isAuthenticated) return { kind: "redirect", to: paths.login };
  return role != null && def.roles.includes(role) ? { kind: "render" } : { kind: "notFound" };
}
