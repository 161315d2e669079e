import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { check } from "../../scripts/cycles.mjs";

// scripts/cycles.mjs is CI's import-cycle check (npm run cycles); these plant cycles to show it sees them. They run its
// check in process (a node process each cost more than the check); the first also runs the script as CI does.
let dir = "";
const plant = (files: Record<string, string>) => {
  dir = mkdtempSync(join(tmpdir(), "cycles-"));
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
  return check([dir]);
};
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the import-cycle check", () => {
  it("finds a cycle made only of type imports", () => {
    const run = plant({
      "routes.ts": 'import type { ViewProps } from "./views/home";\nexport const routes = [];\n',
      "views/home.tsx": 'import type { RouteDef } from "../routes";\nexport type ViewProps = {};\n',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("1 import cycle");
    expect(run.stdout).toMatch(/routes\.ts <-> .*views\/home\.tsx/);
    // As CI runs it: the same report, and a failing exit status.
    const cli = spawnSync(process.execPath, ["scripts/cycles.mjs", dir], { encoding: "utf8" });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toBe(run.stdout);
  });

  it("finds a cycle through a lazy import() and an export ... from", () => {
    const run = plant({
      "a.ts": 'export const load = () => import("./b");\n',
      "b.ts": 'export { x } from "./c";\n',
      "c.ts": 'import { load } from "./a";\nexport const x = load;\n',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("1 import cycle");
  });

  it("passes a tree without cycles, ignoring imports in comments and packages", () => {
    const run = plant({
      "paths.ts": "export const paths = {};\n",
      "routes.ts": '// import { x } from "./view";\nimport { lazy } from "react";\nimport { paths } from "./paths";\nexport const r = [paths, lazy];\n',
      "view.tsx": 'import { paths } from "./paths";\nexport const v = paths;\n',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("0 import cycles");
  });
});
