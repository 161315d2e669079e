// The page's own boot script (src/boot.ts, inlined into index.html by the build, issue 16): signed in, the first
// screen's reads leave with the page, before any of the app's code has arrived, and the app takes their answers
// instead of asking again. The first screen's words (locales/{lng}.{screen}.json, picked by the build from the screen's
// code) start with the page too, and the whole dictionaries once the screen is up.
import { readFileSync } from "node:fs";
import type { Page, Request } from "@playwright/test";
import { apiCall, apiLogin, DEMO, expect, signInAs, test } from "./fixtures";

const jobsRead = (url: string) => new URL(url).pathname.endsWith("/api/issue/jobs");

test("signed in, /jobs asks for its jobs from the page itself, once, and the app shows that answer", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (jobsRead(r.url())) asked.push(r.url());
  });
  await signInAs(page, DEMO.technician, "/jobs");
  await expect(page.getByRole("button", { name: /Kitchen sink leaking/ })).toBeVisible();
  expect(asked).toHaveLength(1);

  // With none of the app's code allowed to load, the page still asks: the read does not wait for the app.
  asked.length = 0;
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  await expect.poll(() => asked.length).toBe(1);
  expect(new URL(asked[0]).searchParams.get("status")).toBe("open");
});

test("a stored session past its three days asks the server for nothing: the app signs it out and says so", async ({ page }) => {
  await signInAs(page, DEMO.technician, "/jobs");
  await expect(page.getByRole("button", { name: /Kitchen sink leaking/ })).toBeVisible();
  // What the signed-in screen asks for once it is up (the bell's count, the outbox) is done before the clock moves.
  await page.waitForLoadState("networkidle");
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) asked.push(r.url());
  });
  await page.evaluate(() => localStorage.setItem("login_time", String(Date.now() - 3 * 24 * 60 * 60 * 1000 - 60_000)));
  await page.reload();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText("Your session has expired. Please log in again.")).toBeVisible();
  // The sign-in screen's own check for Google comes once it is up; nothing went out with the old token.
  await page.waitForTimeout(1000);
  expect(
    asked.filter((u) => !/\/api\/oauth\//.test(u)),
    asked.join(" "),
  ).toEqual([]);
});

test("signed out, a sign-up screen's code starts with the page, not once the app has run; the sign-in screen asks for none of it", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    const m = /\/assets\/([a-z-]+?)-[\w-]{7}\.js$/.exec(new URL(r.url()).pathname);
    if (m) scripts.push(m[1]);
  });
  // The entry never runs: whatever the page asks for besides it, the page's own boot asked for.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/#/technician-register");
  await expect.poll(() => scripts).toEqual(expect.arrayContaining(["technician", "use-registration-form"]));

  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  scripts.length = 0;
  await page.goto("/#/login");
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts).toContain("index");
  expect(scripts).not.toContain("technician");
  expect(scripts).not.toContain("use-registration-form");
});

/** The dictionaries (locales/ar.jobs.json: "ar.jobs") the page asks for. */
function dictionariesAsked(page: Page) {
  const asked: string[] = [];
  page.on("request", (r) => {
    const m = /\/locales\/([\w.-]+)\.json$/.exec(new URL(r.url()).pathname);
    if (m) asked.push(m[1]);
  });
  return asked;
}

test("in Arabic the page starts the first screen's Arabic words itself; the app loads the whole dictionaries once the screen is up", async ({ page }) => {
  const asked = dictionariesAsked(page);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await signInAs(page, DEMO.technician, "/jobs", { lang: "ar" });
  await expect.poll(() => asked).toEqual(["ar.jobs"]);

  await page.unroute(/\/assets\/.*\.js$/);
  asked.length = 0;
  await page.reload();
  await expect(page.getByRole("button", { name: /Kitchen sink leaking/ })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect.poll(() => [...asked].sort()).toEqual(["ar", "ar.jobs", "en"]);
  // A screen the words do not cover waits for the whole dictionaries, then shows in Arabic.
  await page.goto("/#/notifications");
  await expect(page.getByRole("heading", { name: "الإشعارات", level: 1 })).toBeVisible();
});

const flat = (o: Record<string, unknown>, p = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`]));
const KEYS = flat(JSON.parse(readFileSync("public/locales/en.json", "utf8")));

/** Every dictionary key shown on the page as it is (in its text or in a label, placeholder, title or alt). */
const keysShown = (page: Page) =>
  page.evaluate((keys) => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll("*"))
      for (const a of ["aria-label", "placeholder", "title", "alt"]) {
        const v = el.getAttribute(a);
        if (v) texts.push(v);
      }
    const all = texts.join("\n");
    return keys.filter((k) => all.includes(k));
  }, KEYS);

test("every first screen shows all its words before the whole dictionaries come (none shows a raw key)", async ({ page }) => {
  test.setTimeout(120_000);
  // The whole dictionaries answer only after the check: each screen shows what its own words hold.
  await page.route(/\/locales\/(en|ar)\.json$/, async (route) => {
    await new Promise((r) => setTimeout(r, 10_000));
    await route.continue().catch(() => undefined);
  });
  // Until the screen has what it asked for: no request but the dictionaries' pending for 300 ms (a fixed 1.5 s before).
  let pending = 0;
  let since = Date.now();
  const counted = (r: Request) => !/\/locales\/(en|ar)\.json$/.test(r.url());
  const settle = (by: number) => (r: Request) => {
    if (!counted(r)) return;
    pending += by;
    since = Date.now();
  };
  page.on("request", settle(1));
  page.on("requestfinished", settle(-1));
  page.on("requestfailed", settle(-1));
  const quiet = () => expect.poll(() => pending <= 0 && Date.now() - since >= 300, { intervals: [100] }).toBe(true);
  const tech = await apiLogin(page, DEMO.technician);
  const jobs = (await apiCall(page, tech.access_token, "GET", "issue/jobs?status=open&page_num=1")) as { data: { issue_id: number }[] };
  const done = (await apiCall(page, tech.access_token, "GET", "issue/jobs?status=closed&page_num=1")) as { data: { issue_id: number }[] };
  const screens: [string | null, string, "en" | "ar"][] = [
    [null, "/", "en"],
    [null, "/login", "en"],
    [null, "/getrole", "en"],
    [null, "/technician-register", "ar"],
    [null, "/forgetpassword", "en"],
    [null, "/register", "en"],
    [null, "/mc-register", "ar"],
    [null, "/verify-code?email=aisha%40example.om", "en"],
    [null, "/reset-password?email=aisha%40example.om", "ar"],
    [null, "/invite?token=not-a-real-invitation", "en"],
    [DEMO.technician, "/jobs", "en"],
    [DEMO.technician, `/property/open-issues?issue_id=${jobs.data[0].issue_id}`, "en"],
    [DEMO.owner, "/home", "en"],
    [DEMO.manager, "/home", "ar"],
    [DEMO.manager, "/resources", "en"],
    [DEMO.tenant, "/repair", "en"],
    [DEMO.tenant, "/property/addissues", "ar"],
    // Where a push or an email opens (LINKED_SCREENS in vite.config.ts).
    [DEMO.technician, `/property/issues-view?issue_id=${jobs.data[0].issue_id}`, "ar"],
    [DEMO.technician, `/property/closed-issue?issue_id=${done.data[0].issue_id}`, "en"],
    [DEMO.tenant, "/notifications", "en"],
  ];
  for (const [who, path, lang] of screens) {
    await page.goto("/api/health");
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const res = who ? await apiLogin(page, who) : null;
    await page.evaluate(
      ([session, l]) => {
        localStorage.setItem("language", l);
        localStorage.setItem("oncmp", "1");
        if (!session) return;
        const { access_token, ...user } = session as Record<string, unknown>;
        localStorage.setItem("access_token", String(access_token));
        localStorage.setItem("user", JSON.stringify(user));
        localStorage.setItem("isAuthenticated", "true");
        localStorage.setItem("role", String(user.role));
        localStorage.setItem("got_email_mob", "1");
        localStorage.setItem("login_time", String(Date.now()));
      },
      [res, lang] as const,
    );
    await page.goto(`/#${path}`);
    await expect(page.locator("main").first(), path).toBeVisible();
    await quiet();
    expect(await keysShown(page), `${path} in ${lang}`).toEqual([]);
    // Shown from the words alone: the whole dictionaries have not come.
    const whole = await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/locales\/(en|ar)\.json$/.test(e.name)));
    expect(whole, path).toBe(false);
  }
});
