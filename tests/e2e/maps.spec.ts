// Issue 17's browser tests, on both builds, in English and Arabic at 360 px: the demo technician's day on a map (one
// marker per open job, counted through Leaflet's DOM; a marker opens its card and the job; Back returns to the same view),
// and the manager's map on /home and /repair (clusters split as the map zooms in; Assign from a marker's card).
import { readFileSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiCall, apiLogin, DEMO, expect, expectAccessible, fillWords, PIXEL, reportLeak, signInAs, test } from "./fixtures";

const dict = (lang: string) => ({
  ...JSON.parse(readFileSync(`locales/map/${lang}.json`, "utf8")),
  ...JSON.parse(readFileSync(`locales/jobs/${lang}.json`, "utf8")),
});
const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: `/tmp/maps-${info.project.name}-${name}.png` });
const tiles = (page: Page) => page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }));

const map = (page: Page) => page.getByTestId("issues-map");
const stops = (page: Page) => map(page).locator(".leaflet-marker-icon:has(.map-stop)");
const clusters = (page: Page) => map(page).locator(".leaflet-marker-icon:has(.map-cluster)");
/** The zoom of the tiles on show (Leaflet's DOM: the tile URL's {z}). */
const tileZoom = async (page: Page) => {
  const src = await map(page).locator("img.leaflet-tile-loaded").last().getAttribute("src");
  return Number(/\/(\d+)\/\d+\/\d+\.png/.exec(src ?? "")?.[1]);
};

/**
 * Where a marker sits inside the map's frame (the page may scroll a card into view), once the map has stopped moving
 * (a focused marker near the edge pans the map into view: Leaflet's autoPanOnFocus).
 */
async function inMap(page: Page, marker: Locator) {
  const read = async () => {
    const [m, f] = await Promise.all([marker.boundingBox(), map(page).boundingBox()]);
    return { x: Math.round((m?.x ?? 0) - (f?.x ?? 0)), y: Math.round((m?.y ?? 0) - (f?.y ?? 0)) };
  };
  let last = await read();
  await expect
    .poll(
      async () => {
        const now = await read();
        const still = now.x === last.x && now.y === last.y;
        last = now;
        return still;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return last;
}

for (const lang of ["en", "ar"] as const) {
  const L = dict(lang);
  test.describe(`maps (${lang})`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("the technician's open jobs on a map: one marker each, a card, the job, and back to the same view", async ({ page }, info) => {
      await tiles(page);
      await signInAs(page, DEMO.technician, "/jobs", { lang });
      await expect(page.getByRole("tab", { name: L.map.list })).toHaveAttribute("aria-selected", "true");
      // The list has loaded (and is kept on the phone for later, offline).
      await expect(page.getByTestId("jobs-list")).toBeVisible();
      // The list's first load never fetches Leaflet.
      expect(await page.evaluate(() => performance.getEntriesByType("resource").some((e) => /leaflet/.test(e.name)))).toBe(false);

      const answer = page.waitForResponse((r) => /\/api\/issue\/jobs\?.*page_size=100/.test(r.url()));
      await page.getByRole("tab", { name: L.map.map }).click();
      const jobs = (await (await answer).json()).data as { title: string; location: { lat: number | null } | null }[];
      const placed = jobs.filter((j) => j.location?.lat != null);
      expect(placed.length).toBeGreaterThan(0);
      await expect(stops(page)).toHaveCount(placed.length);
      // Numbered 1..n in visit order.
      const numbers = await map(page).locator(".map-stop").allTextContents();
      expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(placed.map((_, i) => i + 1));
      await expect(map(page).locator("img.leaflet-tile-loaded").first()).toBeAttached();
      // Each marker takes a tap across a finger's 44 px, though its drawing is smaller.
      for (const box of await stops(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
        expect.soft(box.width).toBeGreaterThanOrEqual(43.5);
        expect.soft(box.height).toBeGreaterThanOrEqual(43.5);
      }
      await shot(page, info, `${lang}-1-jobs-map`);

      // Zoom in once; then the keyboard: Tab to marker 1 and Enter opens its card, whose heading takes the focus.
      const before = await tileZoom(page);
      await page.getByRole("button", { name: L.map.zoomIn }).click();
      await expect.poll(() => tileZoom(page)).toBe(before + 1);
      const firstName = L.map.stopLabel.split("{{title}}")[0].replace("{{n}}", "1");
      const first = map(page).getByRole("button", { name: new RegExp(`^${firstName}`) });
      await first.focus();
      await page.keyboard.press("Enter");
      const card = page.getByTestId("stop-card");
      await expect(card).toBeVisible();
      await expect(card.getByRole("heading", { level: 2 })).toBeFocused();
      await expect(card.getByTestId("directions")).toHaveAttribute("href", /^(geo:|https:\/\/)/);
      await expectAccessible(page, "jobs map");
      await shot(page, info, `${lang}-2-card`);
      await inMap(page, first);
      // A tile of the view and its place: what Back must give again (the markers may change meanwhile, see below).
      const tileSrc = await map(page).locator("img.leaflet-tile-loaded").first().getAttribute("src");
      const tileOf = () => map(page).locator(`img.leaflet-tile-loaded[src="${tileSrc}"]`).first();
      const where = await inMap(page, tileOf());

      // The job, and Back: the map where it was (same zoom, same place), its card still open.
      const title = (await card.getByRole("heading", { level: 2 }).textContent())?.replace(/^\d+\.\s*/, "") ?? "";
      await card.getByRole("button", { name: L.map.openJob }).click();
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
      // The map reads the jobs again when it comes back; another file's test may have moved one of this technician's
      // jobs meanwhile (the files share the server), so the markers are counted against that answer.
      const reread = page.waitForResponse((r) => /\/api\/issue\/jobs\?.*page_size=100/.test(r.url()));
      await page.goBack();
      const now = ((await (await reread).json()).data as typeof jobs).filter((j) => j.location?.lat != null);
      await expect(stops(page)).toHaveCount(now.length);
      await expect.poll(() => tileZoom(page)).toBe(before + 1);
      const again = await inMap(page, tileOf());
      expect(Math.abs(again.x - where.x)).toBeLessThan(3);
      expect(Math.abs(again.y - where.y)).toBeLessThan(3);
      // Its card, unless that other test took the job off this technician's open list meanwhile.
      if (now.some((j) => j.title === title)) await expect(page.getByTestId("stop-card")).toBeVisible();
      await shot(page, info, `${lang}-3-back`);

      // Offline: the map says tiles need a connection and keeps its markers; the list still works from the phone.
      await page.context().setOffline(true);
      await expect(page.getByTestId("map-offline")).toHaveText(L.map.offline);
      await expect(stops(page)).toHaveCount(now.length);
      await shot(page, info, `${lang}-4-offline`);
      await page.getByRole("tab", { name: L.map.list }).click();
      await expect(page.getByTestId("jobs-list")).toBeVisible();
      await page.context().setOffline(false);
    });

    test("the manager's map: clusters split as it zooms in, technicians as a second layer, and Assign from a marker's card", async ({ page }, info) => {
      test.setTimeout(90_000);
      const title = `Map leak ${lang} ${info.project.name} ${Date.now() % 100000}`;
      const tenant = await apiLogin(page, DEMO.tenant);
      const mine = await apiCall(page, tenant.access_token, "GET", "issue/issues?status=open");
      const home = mine.data.find((i: { unit_id: number | null }) => i.unit_id);
      await reportLeak(page, tenant.access_token, { property_id: home.property_id, unit_id: home.unit_id }, title);

      await tiles(page);
      const answer = page
        .waitForResponse((r) => /\/api\/issue\/issues\?.*page_size=100/.test(r.url()))
        .then(async (r) => (await r.json()).data as { location: { lat: number | null } | null }[]);
      await signInAs(page, DEMO.manager, "/repair?view=map", { lang });
      await expect(stops(page).or(clusters(page)).first()).toBeVisible();
      await expect(map(page).locator(".map-tech").first()).toBeAttached();
      // Zoomed out, every repair gathers into one cluster that counts them all; a tap on it zooms in and it splits.
      const total = (await answer).filter((i) => i.location?.lat != null).length;
      for (let i = 0; i < 12 && ((await stops(page).count()) > 0 || (await clusters(page).count()) !== 1); i++) {
        await page.getByRole("button", { name: L.map.zoomOut }).click();
        await page.waitForTimeout(400);
      }
      await expect(clusters(page)).toHaveCount(1);
      await expect(stops(page)).toHaveCount(0);
      await expect(clusters(page).locator(".map-cluster")).toHaveText(String(total));
      await shot(page, info, `${lang}-4-one-cluster`);
      await clusters(page).first().click();
      await expect.poll(async () => (await stops(page).count()) + (await clusters(page).count())).toBeGreaterThan(1);
      await shot(page, info, `${lang}-5-split`);

      // The technicians' layer hides and shows.
      await page.getByLabel(L.map.showTechnicians).uncheck();
      await expect(map(page).locator(".map-tech")).toHaveCount(0);

      // /home's unassigned on the map: the new report's marker, its card, Assign, the sheet, done.
      await page.goto(`/#/home?view=map`);
      const marker = map(page).getByRole("button", { name: new RegExp(title) });
      await expect(stops(page).or(clusters(page)).first()).toBeVisible();
      for (let i = 0; i < 6 && !(await marker.isVisible()); i++) {
        if ((await clusters(page).count()) === 0) break;
        await clusters(page).first().click();
        await page.waitForTimeout(700);
      }
      await marker.click();
      const card = page.getByTestId("stop-card");
      await expect(card.getByRole("heading", { level: 2, name: title })).toBeVisible();
      await card.getByRole("button", { name: fillWords(L.assign.assignLabel, { title }, lang) }).click();
      const sheet = page.getByRole("dialog");
      await expect(sheet.getByRole("button", { name: /Ahmed Al Balushi/ })).toBeVisible();
      await shot(page, info, `${lang}-6-assign`);
      await sheet.getByRole("button", { name: /Ahmed Al Balushi/ }).click();
      await expect(page.getByText(fillWords(L.assign.done, { name: "Ahmed Al Balushi" }, lang)).first()).toBeVisible();
      await expect(map(page).getByRole("button", { name: new RegExp(title) })).toHaveCount(0);
      await expectAccessible(page, "manager map");
    });
  });
}
