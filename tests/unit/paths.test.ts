import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { paths, patterns } from "../../src/paths";
import { routes } from "../../src/routes";

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
const sources = files("src").map((file) => ({ file, code: readFileSync(file, "utf8") }));

describe("paths.ts, the one home of route strings", () => {
  it("gives every route of the table its pattern from paths.ts, and every pattern a route", () => {
    expect(routes.map((r) => r.path).sort()).toEqual(Object.values(patterns).sort());
  });

  // Bug: route strings were spelled in views, the API client and session expiry ("/login", "/404"), and a rename missed them.
  it("spells no route path outside paths.ts", () => {
    const spelled = Object.values(patterns)
      .filter((p) => p !== "/")
      .map((p) => p.replace(/\/:.*$/, "/"));
    const found = sources
      .filter(({ file }) => !file.endsWith("paths.ts"))
      .flatMap(({ file, code }) =>
        spelled.filter((p) => new RegExp(`["'\`]${p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["'\`?/]`).test(code)).map((p) => `${file}: ${p}`),
      );
    expect(found).toEqual([]);
  });

  // Bug: views, components and signals imported routes.ts, which imports the views: an import cycle through every screen.
  it("is imported by views, components and signals instead of the route table", () => {
    const importers = sources.filter(({ code }) => /from "(\.\.?\/)+routes"|from "\.\/routes"/.test(code)).map(({ file }) => file);
    expect(importers).toEqual([join("src", "app.tsx")]);
  });

  it("builds links with their parameters encoded", () => {
    expect(paths.employeeDetails(42)).toBe("/employee-details/42");
    expect(paths.property("Villa 3/A")).toBe("/property/Villa%203%2FA");
    expect(paths.openIssue(7)).toBe("/property/open-issues?issue_id=7");
    expect(paths.verifyCode("a+b@c.om")).toBe("/verify-code?email=a%2Bb%40c.om");
  });
});
