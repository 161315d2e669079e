import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Each build is served by its own server on a fresh temporary database (D14: both builds pass the same suite).
// Set once in the main process; workers inherit it, so specs can read each server's outbox file (see fixtures.ts).
// Made here, it goes when the run ends (the servers are stopped by then): each run left about 80 MB behind.
if (!process.env.E2E_DATA) {
  const made = mkdtempSync(join(tmpdir(), "fixit-e2e-"));
  process.env.E2E_DATA = made;
  process.on("exit", () => rmSync(made, { recursive: true, force: true }));
}
const data = process.env.E2E_DATA;
const builds = [
  { name: "preact", dir: process.env.E2E_DIST_PREACT ?? "dist", port: Number(process.env.E2E_PORT ?? 4310) },
  { name: "react", dir: process.env.E2E_DIST_REACT ?? "dist-react", port: Number(process.env.E2E_PORT ?? 4310) + 1 },
].filter((b) => !process.env.E2E_BUILD || process.env.E2E_BUILD === b.name);

// A real OpenID Connect provider for Google sign-in (issue 14; scripts/oidc-test-provider.mjs), never the internet.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 4310) + 9);
export const OIDC_ISSUER = `http://127.0.0.1:${oidcPort}`;
const oidcRedirects = builds.map((b) => `http://127.0.0.1:${b.port}/api/oauth/callback`).join(",");

// Debian's Chromium. The whole browser draws notifications; its headless shell (package chromium-headless-shell, the
// build Playwright's own headless runs use) has no windows, extensions or notification centre to start, and ran the
// suite in about 60% of the time (preact: 57 s to 35 s for three files; both builds 10.6 min to 6.1 min, measured).
// The shell when it is installed, but for what only the whole browser does (tests/e2e/pwa.spec.ts's notifications).
export const FULL_CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROME_PATH ?? (existsSync(SHELL) ? SHELL : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // Two: three saved about a minute (8.5 min to 7.3–8.0) but, sharing the demo accounts across more files at once,
  // made the maps specs flaky on CI (another file's repairs moved or joined the clusters they tap through).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    ...devices["Pixel 5"],
    viewport: { width: 375, height: 740 },
    // The Pixel 5's 2.75 device pixels per CSS pixel made every paint and screenshot 7.6 times the pixels: no test
    // measures them (layout, targets and text are in CSS pixels), and the suite is bound by the CPU. One: about a tenth
    // of its time (265 s to 232-238 s for one build).
    deviceScaleFactor: 1,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: "off",
    // Specs fake API answers with page.route, which a service worker's fetches would bypass; the PWA and offline specs
    // allow the worker (test.use) since it is what they test.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
  },
  projects: builds.map((b) => ({ name: b.name, use: { baseURL: `http://127.0.0.1:${b.port}` } })),
  webServer: [
    {
      command: "node scripts/oidc-test-provider.mjs",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(oidcPort), OIDC_REDIRECTS: oidcRedirects },
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    },
    ...builds.map((b) => ({
      command: "npx tsx server/index.ts",
      url: `http://127.0.0.1:${b.port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Every browser test signs in from 127.0.0.1, so the per-address sign-in limit is raised for the suite.
      env: {
        PORT: String(b.port),
        STATIC_DIR: b.dir,
        DATA_DIR: join(data, b.name),
        SMTP_URL: "",
        LOGIN_RATE_LIMIT: "1000",
        GOOGLE_CLIENT_ID: "fixit-test",
        GOOGLE_CLIENT_SECRET: "fixit-test-secret",
        GOOGLE_ISSUER: OIDC_ISSUER,
      },
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    })),
  ],
});
