import type { ComponentType } from "react";
import { lazyFrom, loadAgain } from "./lib/load-again";
import { heldBy } from "./lib/first-screen";
import { inNextTask } from "./lib/idle";
import { homeFor, paths, patterns as p, type ViewProps } from "./paths";
// The sign-in screens are in the first load (vite.config.ts SIGNIN): imported, not import()ed. A dynamic import of a
// module already in the chunk made a namespace object through rolldown's runtime helper, the one reason the first load
// fetched rolldown-runtime (a request and about 430 bytes of gzip).
import { LoginView } from "./views/auth/login";
import { RootView } from "./views/auth/root";

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
  /**
   * Works offline with what was kept on the phone (D23): while offline it shows under a slim offline bar rather than
   * behind SPEC.md's offline screen.
   */
  offline?: boolean;
}

const loaders = new Map<ComponentType<ViewProps>, () => Promise<ComponentType<ViewProps>>>();
// One lazy component per loader, so the code of a screen is fetched only when it is first shown (or preloaded).
const view = (load: Loader) => {
  let started: Promise<ComponentType<ViewProps>> | undefined;
  // Loaded again when the phone comes back online (loadAgain), the first screen waiting for all of it
  // (src/lib/first-screen.ts); React's lazy takes that one promise, which preloadRoute shares. It renders in the task
  // after the one that evaluated its code (inNextTask).
  const once = () => (started ??= heldBy(loadAgain(load).then(inNextTask)));
  const v = lazyFrom(once);
  loaders.set(v, once);
  return v;
};

/**
 * Starts fetching the code of the screen at `path` (main.tsx at boot, beside the dictionaries, rather than once they
 * have arrived); a failure is left to the screen's own load, which reports it.
 */
export function preloadRoute(path: string, isAuthenticated: boolean, role: number | null) {
  const def = routeAt(path);
  const access = resolveAccess(def, isAuthenticated, role);
  const shown = access.kind === "redirect" ? routeAt(access.to) : access.kind === "render" ? def : routeAt(paths.notFound);
  void (
    shown &&
    loaders
      .get(shown.view)?.()
      .catch(() => undefined)
  );
}

const profile = view(() => import("./views/account/profile").then((m) => m.ProfileView));
/** A read screen of the places area, through the one door in views/property/screens.ts. */
const place = (name: keyof typeof import("./views/property/screens").screens) => view(() => import("./views/property/screens").then((m) => m.screens[name]()));
const issueReadOnly = view(() => import("./views/issues/issue-view").then((m) => m.IssueReadOnlyView));

const ALL = [0, 1, 2, 3] as const;
/** A route whose title key is named like its pattern (titles.home for patterns.home): fewer bytes on first load. */
const at = (name: keyof typeof p) => ({ path: p[name], title: `titles.${name}` });

/** SPEC.md section 2 and DECISIONS.md D4, in matching order: fixed /property/... routes before /property/:propertyName. */
export const routes: RouteDef[] = [
  { path: p.root, title: "titles.welcome", view: view(() => Promise.resolve(RootView)) },
  { ...at("onboarding"), view: view(() => import("./views/auth/onboarding").then((m) => m.OnboardingView)) },
  { ...at("login"), view: view(() => Promise.resolve(LoginView)) },
  { path: p.getRole, title: "titles.getrole", view: view(() => import("./views/auth/get-role").then((m) => m.GetRoleView)) },
  { ...at("register"), view: view(() => import("./views/register/customer").then((m) => m.CustomerRegisterView)) },
  { ...at("technicianRegister"), view: view(() => import("./views/register/technician").then((m) => m.TechnicianRegisterView)) },
  { ...at("companyRegister"), view: view(() => import("./views/register/company").then((m) => m.CompanyRegisterView)) },
  { ...at("forgot"), view: view(() => import("./views/recovery/forgot").then((m) => m.ForgotPasswordView)) },
  { ...at("verifyCode"), view: view(() => import("./views/recovery/verify-code").then((m) => m.VerifyCodeView)) },
  { ...at("resetPassword"), view: view(() => import("./views/recovery/reset").then((m) => m.ResetPasswordView)) },
  { path: p.oauthCallback, title: "titles.oauth", view: view(() => import("./views/auth/oauth-callback").then((m) => m.OAuthCallbackView)) },
  // Open to a signed-in user too: the link may be for someone else on this phone; the screen says who is signed in.
  { ...at("invite"), open: true, view: view(() => import("./views/auth/invite").then((m) => m.InviteView)) },
  { ...at("notFound"), open: true, view: view(() => import("./views/not-found").then((m) => m.NotFoundView)) },

  { ...at("home"), roles: [0, 2, 3], header: true, nav: true, offline: true, view: view(() => import("./views/home/home").then((m) => m.HomeView)) },
  { ...at("profile"), roles: [0, 3], header: true, nav: true, offline: true, view: profile },
  { ...at("about"), roles: [0, 1], nav: true, offline: true, view: view(() => import("./views/account/about").then((m) => m.AboutView)) },
  { ...at("contact"), roles: [0, 1], nav: true, offline: true, view: view(() => import("./views/account/contact").then((m) => m.ContactView)) },
  { ...at("you"), roles: [1], nav: true, offline: true, view: profile },
  { ...at("jobs"), roles: [1], header: true, nav: true, offline: true, view: view(() => import("./views/issues/jobs").then((m) => m.JobsView)) },
  { ...at("repair"), roles: [0, 2, 3], header: true, nav: true, offline: true, view: view(() => import("./views/repair/repairs").then((m) => m.RepairsView)) },
  { ...at("reports"), roles: [1], header: true, nav: true, offline: true, view: view(() => import("./views/reports/reports").then((m) => m.ReportsView)) },
  {
    ...at("notifications"),
    roles: ALL,
    header: true,
    nav: true,
    offline: true,
    view: view(() => import("./views/notifications/notifications").then((m) => m.NotificationsView)),
  },
  { ...at("dashboard"), roles: [2], header: true, nav: true, view: view(() => import("./views/dashboard").then((m) => m.DashboardView)) },
  { ...at("properties"), roles: [2], header: true, nav: true, offline: true, view: place("properties") },
  { ...at("resources"), roles: [2], header: true, nav: true, view: view(() => import("./views/staff/resources").then((m) => m.ResourcesView)) },
  { ...at("yourProfile"), roles: [2, 3], header: true, nav: true, offline: true, view: profile },
  { ...at("employeeDetails"), roles: [0, 2, 3], view: view(() => import("./views/staff/employee-details").then((m) => m.EmployeeDetailsView)) },

  { path: p.closedIssue, title: "titles.issueDetails", roles: [1], offline: true, view: issueReadOnly },
  {
    path: p.openIssues,
    title: "titles.issueDetails",
    roles: [1],
    offline: true,
    view: view(() => import("./views/issues/open-issue").then((m) => m.OpenIssueView)),
  },
  { path: p.issuesView, title: "titles.issueDetails", roles: ALL, offline: true, view: issueReadOnly },
  { ...at("addProperty"), roles: [0, 2], view: view(() => import("./views/property/add-property").then((m) => m.AddPropertyView)) },
  // SPEC.md lists role 0 only; LOOP.md and issue 10 let a company's managers edit the properties it runs and place
  // their tenants, and the server offers them those actions, so the screens admit role 2 rather than end in not-found.
  { ...at("assignRole"), roles: [0, 2], view: view(() => import("./views/property/assign-role").then((m) => m.AssignRoleView)) },
  { ...at("apartmentView"), roles: ALL, offline: true, view: place("apartment") },
  { ...at("prevTenant"), roles: [0, 2, 3], view: place("prevTenants") },
  { ...at("editProperty"), roles: [0, 2], view: view(() => import("./views/property/edit-property").then((m) => m.EditPropertyView)) },
  // LOOP.md lists role 0 for the route, and says the company's managers see the same receipt from the issue: the
  // server gives it to both (GET /issue/receipt: owner or manager), so the screen admits role 2 rather than end in not-found.
  { ...at("eReceipt"), roles: [0, 2], view: view(() => import("./views/receipt/e-receipt").then((m) => m.EReceiptView)) },
  { ...at("editIssue"), roles: [0, 2, 3], view: view(() => import("./views/repair/edit-issue").then((m) => m.EditIssueView)) },
  // Reporting works offline (D23): the report and its photos wait in the outbox until the network is back.
  { ...at("addIssue"), roles: [0, 2, 3], offline: true, view: view(() => import("./views/repair/report").then((m) => m.ReportIssueView)) },
  { ...at("property"), roles: [0, 2, 3], offline: true, view: place("property") },
];

/**
 * The route a path shows, found as the router finds it: the first whose pattern matches, a `:name` segment matching any
 * one segment, a trailing slash ignored, letters in any case. Lets the app know the route outside the router (the offline gate).
 */
export function routeAt(path: string): RouteDef | undefined {
  const parts = path
    .toLowerCase()
    .replace(/(.)\/$/, "$1")
    .split("/");
  return routes.find((r) => {
    const pattern = r.path.toLowerCase().split("/");
    return pattern.length === parts.length && pattern.every((s, i) => (s.startsWith(":") ? parts[i] !== "" : s === parts[i]));
  });
}

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
