// Lighthouse (mobile: slow 4G and a 4x slower CPU) against the production build on a fresh database.
//   npm run build && npm run lighthouse        (needs Debian's Chromium; lighthouse comes from the npm registry)
// Fails when a screen scores under 90 for performance or accessibility.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTempServer } from "./temp-server.mjs";

const PORT = Number(process.env.LH_PORT ?? 8097);
const SCREENS = ["/", "/#/login", "/#/getrole", "/#/technician-register", "/#/forgetpassword"];
const FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const dir = mkdtempSync(join(tmpdir(), "fixit-lh-"));

const { base, stop } = await startTempServer(PORT);

let failed = false;
for (const screen of SCREENS) {
  const out = join(dir, "report.json");
  const run = spawnSync(
    "npx",
    [
      "-y",
      "lighthouse@12",
      `${base}${screen}`,
      "--only-categories=performance,accessibility,best-practices",
      `--chrome-flags=${FLAGS}`,
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (run.status !== 0) {
    console.error(`${screen}: lighthouse failed`);
    failed = true;
    continue;
  }
  const r = JSON.parse(readFileSync(out, "utf8"));
  const score = (k) => Math.round(r.categories[k].score * 100);
  const a = (k) => r.audits[k].displayValue;
  const ok = score("performance") >= 90 && score("accessibility") >= 90;
  failed ||= !ok;
  console.log(
    `${screen.padEnd(24)} performance ${score("performance")}  accessibility ${score("accessibility")}  best practices ${score("best-practices")}  ` +
      `FCP ${a("first-contentful-paint")}  LCP ${a("largest-contentful-paint")}  TTI ${a("interactive")}  TBT ${a("total-blocking-time")}  bytes ${a("total-byte-weight")}${ok ? "" : "  BELOW 90"}`,
  );
}
stop();
process.exit(failed ? 1 : 0);
