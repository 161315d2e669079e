// The page's own boot script (src/boot.ts, inlined into index.html by the build, issue 16): signed in, the first
// screen's reads leave with the page, before any of the app's code has arrived, and the app takes their answers
// instead of asking again. Arabic's dictionary starts with the page too.
import { DEMO, expect, signInAs, test } from "./fixtures";

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

test("in Arabic the page starts the Arabic dictionary itself", async ({ page }) => {
  const dictionaries: string[] = [];
  page.on("request", (r) => {
    const m = /\/locales\/(\w+)\.json$/.exec(new URL(r.url()).pathname);
    if (m) dictionaries.push(m[1]);
  });
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await signInAs(page, DEMO.technician, "/jobs", { lang: "ar" });
  await expect.poll(() => [...dictionaries].sort()).toEqual(["ar", "en"]);
});
