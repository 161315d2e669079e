import type { Page, Route, TestInfo } from "@playwright/test";
import { expect, expectAccessible, PIXEL, prepare, test } from "./fixtures";

// The places read screens against a faked API (page.route), so their layout is checked whatever the seed holds: in
// English and Arabic at 320, 375 and 768 px, axe on each, every control 44 by 44 px, and a screenshot of each at 375 px
// in /tmp/places-shots/. The server serves only the built app here.

const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#99c9c2"/><path d="M80 260V130l120-80 120 80v130z" fill="#f8fafc"/><g fill="#0f766e"><rect x="120" y="150" width="40" height="40"/><rect x="240" y="150" width="40" height="40"/><rect x="180" y="200" width="40" height="60"/></g></svg>`;

const addrs = { block: "Block 215", no: "Building 12", street: "Way 2734", city: "Muscat" };
const tenant = (id: number, name: string, mob_no: string | null, user_id = 100 + id) => ({
  tenancy_id: id,
  user_id,
  name,
  cntry_code: mob_no ? "+968" : null,
  mob_no,
  email: null,
  start_date: "2026-01-01",
  end_date: null,
});
const tower = {
  property_id: 1,
  name: "Al Noor Tower",
  type: "building",
  addres: "Way 2734, Al Khuwair, Muscat",
  addrs,
  location: { lat: 23.588, lng: 58.408 },
  prop_images: [{ path: "p/1/front.svg" }],
  units_count: 4,
  open_issues: 2,
  company: null,
  relation: "owner",
};
const villa = { ...tower, property_id: 2, name: "Villa Qurum", type: "villa", addres: "", prop_images: [], units_count: 1, open_issues: 0 };
const towerDetail = {
  ...tower,
  access_notes: "Gate code 4521. Parking behind the building; the caretaker (Raju) is on the ground floor from 8 to 5.",
  owner_name: "Ahmed Al Balushi",
  units: [
    { unit_id: 11, name: "101", tenant: tenant(1, "Salim Al Harthy", "91000001"), open_issues: 1 },
    { unit_id: 12, name: "102", tenant: tenant(2, "Maryam Al Said", "91000002"), open_issues: 1 },
    { unit_id: 13, name: "103", tenant: null, open_issues: 0 },
    { unit_id: 14, name: "104", tenant: null, open_issues: 0 },
  ],
  photos: [
    { file_id: 1, name: "front.svg", path: "p/1/front.svg", url: "/files/properties/p/1/front.svg", content_type: "image/svg+xml" },
    { file_id: 2, name: "lobby.svg", path: "p/1/lobby.svg", url: "/files/properties/p/1/lobby.svg", content_type: "image/svg+xml" },
  ],
  documents: [{ file_id: 3, name: "Lease 2026.pdf", path: "p/1/lease.pdf", url: "/files/properties/p/1/lease.pdf", content_type: "application/pdf" }],
  actions: ["edit", "delete", "add_units", "add_tenant", "end_tenancy", "hand_over", "upload", "report", "prev_tenants"],
  issues: [
    { issue_id: 31, title: "Kitchen sink leaking", issue_status: 0, created_at: "2026-11-20T08:30:00.000Z", unit_id: 11 },
    { issue_id: 33, title: "AC not cooling", issue_status: 0, created_at: "2026-11-21T08:30:00.000Z", unit_id: 12 },
    { issue_id: 32, title: "Lobby light broken", issue_status: 1, created_at: "2026-10-05T08:30:00.000Z", unit_id: null },
  ],
};
const tenantView = {
  ...towerDetail,
  units: [
    { unit_id: 11, name: "101", tenant: { ...tenant(1, "Salim Al Harthy", "91000001"), user_id: 501 }, open_issues: 1 },
    { unit_id: 12, name: "102", tenant: null, open_issues: 1 },
  ],
  documents: [],
  actions: ["report", "prev_tenants"],
};
const ended = [
  {
    tenancy_id: 7,
    property_id: 1,
    property_name: "Al Noor Tower",
    unit_name: "103",
    tenant_name: "Khalid Al Rawahi",
    start_date: "2024-02-01",
    end_date: "2025-09-30",
    issues_count: 3,
  },
];

type Who = "owner" | "manager" | "tenant";
const ROLE: Record<Who, number> = { owner: 0, manager: 2, tenant: 3 };

/** Answers every API call the read screens make, as `who` would get them. */
async function fakeServer(page: Page, who: Who) {
  await page.route(/tile\.openstreetmap\.org/, (r) => r.fulfill({ status: 200, contentType: "image/png", body: PIXEL }));
  await page.route(/\/files\//, (r) => r.fulfill({ status: 200, contentType: "image/svg+xml", body: PHOTO }));
  await page.route(/\/api\//, (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace(/^.*\/api\//, "");
    const ok = (body: unknown) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
    if (path === "property/properties") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const all = who === "tenant" ? [{ ...tower, relation: "tenant" }] : who === "manager" ? [tower] : [tower, villa];
      const data = all.filter((p) => p.name.toLowerCase().includes(q));
      return ok({ status: 1, total: data.length, data });
    }
    if (path === "property/property") return ok({ status: 1, data: who === "tenant" ? tenantView : towerDetail });
    if (path === "property/prev_tenants") return ok({ status: 1, total: ended.length, data: ended });
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ status: 1, data: {} }) });
  });
  await page.addInitScript(
    ([role]) => {
      localStorage.setItem("access_token", "fake");
      localStorage.setItem("user", JSON.stringify({ role, got_email_mob: 1, user_id: 501, name: "Demo" }));
      localStorage.setItem("isAuthenticated", "true");
      localStorage.setItem("role", String(role));
      localStorage.setItem("got_email_mob", "1");
      localStorage.setItem("login_time", String(Date.now()));
    },
    [ROLE[who]] as const,
  );
}

/** axe, 44 px targets and no sideways overflow at 320, 375 and 768 px; a screenshot at 375 px. */
async function check(page: Page, info: TestInfo, name: string) {
  await expect(page.getByRole("main").first()).toBeVisible();
  await expect(page.locator('[role="status"]')).toHaveCount(0);
  await expectAccessible(page, name);
  // The map's attribution links are words inside a sentence, which WCAG 2.5.8 exempts.
  for (const l of await page.locator("main a:visible, main button:visible").all()) {
    if (await l.evaluate((el) => !!el.closest(".leaflet-control-attribution"))) continue;
    const b = await l.boundingBox();
    if (!b) continue;
    const what = `${name}: ${(await l.getAttribute("aria-label")) ?? (await l.textContent())?.trim().slice(0, 40)}`;
    expect.soft(b.height, `${what} height`).toBeGreaterThanOrEqual(43.5);
    expect.soft(b.width, `${what} width`).toBeGreaterThanOrEqual(43.5);
  }
  for (const width of [320, 768, 375]) {
    await page.setViewportSize({ width, height: 740 });
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  if (info.project.name === "preact") await page.screenshot({ path: `/tmp/places-shots/${name}.png`, fullPage: true });
}

for (const lang of ["en", "ar"] as const) {
  test.describe(`places read screens on a faked API (${lang})`, () => {
    test("owner: home, property, apartment, previous tenants", async ({ page }, info) => {
      await prepare(page, { lang });
      await fakeServer(page, "owner");
      await page.goto("/#/home");
      await expect(page.getByTestId("property-row")).toHaveCount(2);
      await check(page, info, `${lang}-owner-home`);
      await page.getByTestId("property-row").first().click();
      await expect(page.getByTestId("unit")).toHaveCount(4);
      await expect(page.getByTestId("issue-map")).toBeVisible();
      await check(page, info, `${lang}-property`);
      await page.getByTestId("unit").first().click();
      await expect(page.getByTestId("tenant").locator('a[href^="tel:"]')).toHaveCount(1);
      await check(page, info, `${lang}-apartment`);
      await page.goto("/#/property/prev-tenant?property_id=1");
      await expect(page.getByTestId("prev-tenant")).toHaveCount(1);
      await check(page, info, `${lang}-prev-tenants`);
    });

    test("tenant: home and their unit", async ({ page }, info) => {
      await prepare(page, { lang });
      await fakeServer(page, "tenant");
      await page.goto("/#/home");
      await expect(page.getByTestId("property-row")).toHaveCount(1);
      await expect(page.locator('a[href*="apartment-view"]')).toHaveCount(1);
      await check(page, info, `${lang}-tenant-home`);
      await page.locator('a[href*="apartment-view"]').click();
      await expect(page.getByTestId("tenant")).toBeVisible();
      await expect(page.locator('a[href^="tel:"], a[href^="https://wa.me/"]')).toHaveCount(0);
      await check(page, info, `${lang}-tenant-apartment`);
    });

    test("manager: home and properties", async ({ page }, info) => {
      await prepare(page, { lang });
      await fakeServer(page, "manager");
      await page.goto("/#/home");
      await expect(page.getByTestId("properties-tile").locator(".n")).toHaveText("1");
      await check(page, info, `${lang}-manager-home`);
      await page.getByTestId("properties-tile").click();
      await expect(page.getByTestId("property-row")).toHaveCount(1);
      await check(page, info, `${lang}-properties`);
    });
  });
}
