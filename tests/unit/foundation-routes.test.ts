import { describe, expect, it } from "vitest";
import { homeFor, navFor } from "../../src/paths";
import { resolveAccess, routes, showsHeader, showsNav } from "../../src/routes";

const def = (path: string) => routes.find((r) => r.path === path);

describe("route table", () => {
  it("lists every route of SPEC.md section 2 with its roles", () => {
    const expected: Record<string, number[] | undefined> = {
      "/": undefined,
      "/onboarding": undefined,
      "/login": undefined,
      "/getrole": undefined,
      "/register": undefined,
      "/technician-register": undefined,
      "/mc-register": undefined,
      "/forgetpassword": undefined,
      "/verify-code": undefined,
      "/reset-password": undefined,
      "/oauth/callback": undefined,
      "/invite": undefined,
      "/404": undefined,
      "/home": [0, 2, 3],
      "/profile": [0, 3],
      "/about": [0, 1],
      "/contact": [0, 1],
      "/you": [1],
      "/property/closed-issue": [1],
      "/jobs": [1],
      "/repair": [0, 2, 3],
      "/reports": [1],
      "/property/open-issues": [1],
      "/notifications": [0, 1, 2, 3],
      "/dashboard": [2],
      "/properties": [2],
      "/resources": [2],
      "/your-profile": [2, 3],
      "/property/:propertyName": [0, 2, 3],
      "/property/issues-view": [0, 1, 2, 3],
      "/property/add-property": [0, 2],
      "/property/assign-role": [0, 2],
      "/property/apartment-view/:propertyName": [0, 1, 2, 3],
      "/property/prev-tenant": [0, 2, 3],
      "/property/edit-property": [0, 2],
      // LOOP.md: the company's managers see the same receipt from the issue.
      "/property/e-receipt": [0, 2],
      "/property/edit-issue": [0, 2, 3],
      "/property/addissues": [0, 2, 3],
      "/employee-details/:user_id": [0, 2, 3],
    };
    expect(Object.fromEntries(routes.map((r) => [r.path, r.roles ? [...r.roles] : undefined]))).toEqual(expected);
  });

  it("puts the fixed /property routes before /property/:propertyName", () => {
    const at = (p: string) => routes.findIndex((r) => r.path === p);
    for (const r of routes.filter((r) => r.path.startsWith("/property/") && !r.path.includes(":")))
      expect(at(r.path)).toBeLessThan(at("/property/:propertyName"));
  });
});

describe("guards", () => {
  it("redirects signed-in users away from public routes to their role's home (D3)", () => {
    expect(resolveAccess(def("/login"), true, 0)).toEqual({ kind: "redirect", to: "/home" });
    expect(resolveAccess(def("/login"), true, 1)).toEqual({ kind: "redirect", to: "/jobs" });
    expect(resolveAccess(def("/getrole"), true, 2)).toEqual({ kind: "redirect", to: "/home" });
    expect(resolveAccess(def("/"), true, 3)).toEqual({ kind: "redirect", to: "/home" });
  });

  it("lets signed-in users see the not-found route", () => {
    expect(resolveAccess(def("/404"), true, 1)).toEqual({ kind: "render" });
  });

  it("sends signed-out users on protected routes to /login", () => {
    expect(resolveAccess(def("/jobs"), false, null)).toEqual({ kind: "redirect", to: "/login" });
  });

  it("shows not-found for a disallowed role and for unlisted paths", () => {
    expect(resolveAccess(def("/jobs"), true, 0)).toEqual({ kind: "notFound" });
    expect(resolveAccess(def("/resources"), true, 1)).toEqual({ kind: "notFound" });
    expect(resolveAccess(undefined, true, 1)).toEqual({ kind: "notFound" });
  });

  it("renders allowed roles", () => {
    expect(resolveAccess(def("/resources"), true, 2)).toEqual({ kind: "render" });
    expect(resolveAccess(def("/login"), false, null)).toEqual({ kind: "render" });
  });
});

describe("navigation", () => {
  it("gives each role its bar and unknown roles the role 0 bar", () => {
    expect(navFor(1)).toEqual(["/jobs", "/reports", "/you", "/notifications"]);
    expect(navFor(2)).toEqual(["/home", "/repair", "/resources", "/your-profile", "/notifications"]);
    expect(navFor(3)).toEqual(navFor(0));
    expect(navFor(9)).toEqual(["/home", "/repair", "/profile", "/notifications"]);
    expect(navFor(null)).toEqual(navFor(0));
  });

  it("shows the bar on top-level protected screens only", () => {
    expect(showsNav(def("/jobs"))).toBe(true);
    expect(showsNav(def("/property/open-issues"))).toBe(false);
    expect(showsNav(def("/employee-details/:user_id"))).toBe(false);
    expect(showsNav(def("/login"))).toBe(false);
    expect(showsNav(undefined)).toBe(false);
    for (const r of routes) expect(showsNav(r)).toBe(!!r.roles && r.path.split("/").filter(Boolean).length === 1);
  });

  it("lands roles by D3", () => {
    expect([0, 1, 2, 3, 7].map(homeFor)).toEqual(["/home", "/jobs", "/home", "/home", "/home"]);
  });

  it("shows the branded header on the ten paths of SPEC.md", () => {
    expect(
      routes
        .filter(showsHeader)
        .map((r) => r.path)
        .sort(),
    ).toEqual(["/dashboard", "/home", "/jobs", "/notifications", "/profile", "/properties", "/repair", "/reports", "/resources", "/your-profile"]);
  });
});
