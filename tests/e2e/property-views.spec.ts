import { readFileSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { DEMO, expect, expectAccessible, PIXEL, signInAs, test } from "./fixtures";

// The read screens of the places area (issue 10) against the seeded demo: the owner has a building with units and a
// villa, the tenant a unit, and Gulf Fix (the demo manager's company) runs one property. In English and Arabic, at
// 375 px and 320 px; axe on every screen; every control at least 44 by 44 px.

type Dict = Record<string, string | Record<string, string>>;
const places = (lang: string) => (JSON.parse(readFileSync(`locales/places/${lang}.json`, "utf8")) as { places: Dict }).places;
const text = (d: Dict, key: string, params: Record<string, string> = {}) => (d[key] as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "");
const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: `/tmp/places-${info.project.name}-${name}.png`, fullPage: true });

// No internet: map tiles are answered locally.
const offlineTiles = (page: Page) => page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }));

/**
 * Every visible link and button in `scope` is at least 44 by 44 px (half a pixel of rounding allowed). The map's
 * attribution links are inline text in a sentence, which WCAG 2.5.8 exempts from the target size.
 */
async function expectTouchTargets(scope: Locator) {
  for (const l of await scope.locator("a:visible, button:visible").all()) {
    if (await l.evaluate((el) => !!el.closest(".leaflet-control-attribution"))) continue;
    const b = await l.boundingBox();
    if (!b) continue;
    const what = (await l.getAttribute("aria-label")) ?? (await l.textContent())?.trim().slice(0, 40);
    expect.soft(b.height, `${what}: height`).toBeGreaterThanOrEqual(43.5);
    expect.soft(b.width, `${what}: width`).toBeGreaterThanOrEqual(43.5);
  }
}
/** Nothing sticks out sideways at the narrowest supported width. */
async function expectNoOverflow(page: Page) {
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 375, height: 740 });
}

for (const lang of ["en", "ar"] as const) {
  const P = places(lang);
  const type = P.type as Record<string, string>;

  test.describe(`places read screens (${lang})`, () => {
    test("the owner finds their building on /home, opens it and one of its units", async ({ page }, info) => {
      await offlineTiles(page);
      await signInAs(page, DEMO.owner, "/home", { lang });
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      const main = page.getByRole("main");
      // "Report a problem" first, then the owner's places: a building and a villa.
      const report = page.getByTestId("report-problem");
      await expect(report).toContainText(P.reportProblem as string);
      await expect(main.locator("a").first()).toHaveAttribute("href", "#/property/addissues");
      const rows = page.getByTestId("property-row");
      await expect(rows.filter({ hasText: type.building }).first()).toBeVisible();
      await expect(rows.filter({ hasText: type.villa }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: P.addProperty as string })).toHaveAttribute("href", "#/property/add-property");
      await expectAccessible(page, "owner /home");
      await expectTouchTargets(main);
      await expectNoOverflow(page);
      await shot(page, info, `${lang}-owner-home`);

      // The building: photos (if any), address, units as a grid, documents, issue history, and the owner's actions.
      // The building the owner runs alone (the seed's Al Khuwair Residence is handed to Gulf Fix, so the owner may not edit it).
      const building = rows.filter({ hasText: "Qurum Heights" }).first();
      const name = (await building.locator(".name").textContent())?.trim() ?? "";
      await building.click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const units = page.getByTestId("unit");
      await expect(units.first()).toBeVisible();
      expect(await units.count()).toBeGreaterThan(1);
      await expect(page.getByRole("heading", { name: P.documents as string })).toBeVisible();
      await expect(page.getByRole("heading", { name: P.issueHistory as string })).toBeVisible();
      await expect(page.getByRole("link", { name: P.edit as string })).toBeVisible();
      await expect(page.getByRole("link", { name: P.addTenant as string })).toBeVisible();
      await expectAccessible(page, "property page");
      await expectTouchTargets(page.getByRole("main"));
      await expectNoOverflow(page);
      await shot(page, info, `${lang}-property`);

      // A let unit: its tenant with call and WhatsApp (the owner may call them), dates and history; back returns.
      const let_ = units.filter({ hasNotText: P.vacant as string }).first();
      const unitName = (await let_.locator(".u").textContent())?.trim() ?? "";
      await let_.click();
      await expect(page.getByRole("heading", { level: 1, name: text(P, "unitTitle", { name: unitName }) })).toBeVisible();
      await expect(page.getByTestId("tenant")).toBeVisible();
      await expect(page.getByTestId("tenant").locator('a[href^="tel:"]')).toHaveCount(1);
      await expect(page.getByTestId("tenant").locator('a[href^="https://wa.me/"]')).toHaveAttribute("href", /\?text=Hello%20there$/);
      await expectAccessible(page, "apartment view");
      await expectTouchTargets(page.getByRole("main"));
      await expectNoOverflow(page);
      await shot(page, info, `${lang}-apartment`);
      await page.getByRole("button", { name: lang === "ar" ? "رجوع" : "Back" }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

      // Previous tenants of the building (the seed has one on another unit).
      await page.getByRole("link", { name: P.prevTenants as string }).click();
      await expect(page.getByTestId("prev-tenant").first()).toBeVisible();
      await expectAccessible(page, "previous tenants");
      await shot(page, info, `${lang}-prev-tenants`);
    });

    test("the tenant sees their home and unit, and no other tenant's number", async ({ page }, info) => {
      await offlineTiles(page);
      await signInAs(page, DEMO.tenant, "/home", { lang });
      await expect(page.getByRole("heading", { name: P.yourHomes as string })).toBeVisible();
      const unit = page.getByRole("link", { name: new RegExp(`^${text(P, "yourUnit", { name: "" })}`) }).first();
      await expect(unit).toBeVisible();
      await expectAccessible(page, "tenant /home");
      await shot(page, info, `${lang}-tenant-home`);
      await unit.click();
      await expect(page.getByTestId("tenant")).toBeVisible();
      // Their own tenancy: nobody needs to call themselves, and nobody else's number is on the page.
      await expect(page.locator('a[href^="tel:"], a[href^="https://wa.me/"]')).toHaveCount(0);
      await expectAccessible(page, "tenant apartment view");
    });

    test("the back arrow of a screen opened from a link stays in the app, and steps back once the user moved in it", async ({ page }) => {
      // A shared link opened in a tab that showed another page: back left the app for that page (about:blank here).
      await signInAs(page, DEMO.owner, "/property/Qurum%20Heights", { lang });
      const back = page.getByRole("button", { name: lang === "ar" ? "رجوع" : "Back" });
      await back.click();
      await expect(page).toHaveURL(/#\/home$/);
      await expect(page.getByTestId("property-row").first()).toBeVisible();
      await page.getByTestId("property-row").filter({ hasText: "Qurum Heights" }).click();
      await page.getByTestId("unit").first().click();
      await expect(page).toHaveURL(/apartment-view/);
      await back.click();
      await expect(page).toHaveURL(/#\/property\/Qurum%20Heights$/);
      await back.click();
      await expect(page).toHaveURL(/#\/home$/);
    });

    test("the manager sees the company's count on /home and its property on /properties", async ({ page }, info) => {
      await offlineTiles(page);
      await signInAs(page, DEMO.manager, "/home", { lang });
      const tile = page.getByTestId("properties-tile");
      await expect(tile).toContainText(P.companyProperties as string);
      await expect(tile.locator(".n")).toHaveText(/^[1-9]\d*$/);
      // The seeded report no one has taken yet waits in the unassigned list, with Assign.
      await expect(page.getByTestId("unassigned-list")).toContainText("Bathroom fan not working");
      await expect(page.getByTestId("assign-button").first()).toBeVisible();
      await expectAccessible(page, "manager /home");
      await shot(page, info, `${lang}-manager-home`);
      await tile.click();
      await expect(page.getByTestId("property-row").first()).toBeVisible();
      await page.getByRole("searchbox").fill("zzz-no-such-property");
      await expect(page.getByTestId("empty-state")).toBeVisible();
      await expectAccessible(page, "/properties");
      await expectTouchTargets(page.getByRole("main"));
      await expectNoOverflow(page);
    });
  });
}
