// Issue 11's browser test: the demo tenant reports a leak under the sink with two photos and two time slots and sees
// it on /repair; a manager assigns it and the technician accepts (through the API: issue 12 builds those screens);
// the technician proposes a time in the acknowledgement sheet; the tenant picks it; both see it scheduled, and so does
// the building's owner. Then the report form in Arabic: right to left, Arabic field errors, accessible.
import { readFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { apiCall, apiLogin, DEMO, expect, expectAccessible, inDays, personPage, png, signInAs, test } from "./fixtures";

const dict = (area: string, lang: string) => JSON.parse(readFileSync(`locales/${area}/${lang}.json`, "utf8"));
const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: `/tmp/repairs-${info.project.name}-${name}.png`, fullPage: true });

test.describe("report and follow a repair", () => {
  test("the tenant reports a leak with two photos and two times, the technician proposes a time, the tenant picks it", async ({ page, browser }, info) => {
    test.setTimeout(120_000);
    // Not "Kitchen sink leaking": the seeded job of that name is found by it in other specs, and this one joins the same technician.
    const title = `Leak under the sink ${info.project.name} ${Date.now() % 100000}`;

    // 1. The tenant, from /home: one screen, her unit preset.
    await signInAs(page, DEMO.tenant, "/home");
    await page.getByTestId("report-problem").click();
    await expect(page).toHaveURL(/#\/property\/addissues/);
    await expect(page.getByText("Al Khuwair Residence").first()).toBeVisible();
    await page.getByRole("button", { name: "Plumbing", exact: true }).click();
    await expect(page.getByRole("button", { name: "Plumbing", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Short title").fill(title);
    await page.getByLabel("Description (optional)").fill("Water drips from the pipe under the sink.");
    await page.locator("#report-files-gallery").setInputFiles([
      { name: "sink.png", mimeType: "image/png", buffer: png(64, [40, 90, 160]) },
      { name: "pipe.png", mimeType: "image/png", buffer: png(64, [160, 90, 40]) },
    ]);
    await page.getByRole("button", { name: "Tomorrow morning" }).click();
    await page.getByRole("button", { name: "Tomorrow afternoon" }).click();
    await expectAccessible(page, "report form");
    await shot(page, info, "report-form");
    await page.getByRole("button", { name: "Send report" }).click();

    // 2. Reported at once; the photos follow and arrive.
    await expect(page.getByRole("heading", { name: "Reported" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("2 of 2 photos sent.")).toBeVisible({ timeout: 20_000 });
    await shot(page, info, "reported");
    await page.getByRole("link", { name: "My repairs" }).click();
    await expect(page).toHaveURL(/#\/repair/);
    const card = page.getByRole("link", { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Reported");
    await expectAccessible(page, "repairs");
    await shot(page, info, "repair-list");

    const tenant = await apiLogin(page, DEMO.tenant);
    const list = await apiCall(page, tenant.access_token, "GET", "issue/issues?status=open");
    const issue = list.data.find((i: { title: string }) => i.title === title);
    expect(issue.stage).toBe("reported");
    expect(issue.issue_images).toHaveLength(2);
    expect(issue.available).toHaveLength(2);

    // 3. Gulf Fix runs the building: its manager assigns the demo technician, who accepts.
    const manager = await apiLogin(page, DEMO.manager);
    const tech = await apiLogin(page, DEMO.technician);
    await apiCall(page, manager.access_token, "POST", `issue/assign?issue_id=${issue.issue_id}`, { tech_id: tech.user_id });
    await apiCall(page, tech.access_token, "POST", `issue/accept?issue_id=${issue.issue_id}`, {});

    // 4. The technician, on their own phone: none of the tenant's times suit, so they propose one.
    const techPage = await personPage(browser);
    await signInAs(techPage, DEMO.technician, `/property/open-issues?issue_id=${issue.issue_id}`);
    await expect(techPage.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(techPage.getByTestId("gallery").getByRole("listitem")).toHaveCount(2);
    await techPage.getByRole("button", { name: "Acknowledge Tenant Availability", exact: true }).click();
    await techPage.getByRole("button", { name: "None of these suit: propose other times" }).click();
    await techPage.getByLabel("Date", { exact: true }).fill(inDays(3));
    await techPage.getByLabel("From", { exact: true }).fill("10:00");
    await techPage.getByLabel("To", { exact: true }).fill("12:00");
    await shot(techPage, info, "tech-propose");
    await techPage.getByRole("button", { name: "Propose these times" }).click();
    await expect(techPage.getByTestId("agreed-visit")).toBeVisible();
    await shot(techPage, info, "tech-proposed");

    // 5. The tenant sees the proposed time on /repair and picks it.
    // Still on /repair from step 2: a reload is the tenant coming back to it later.
    await page.reload();
    const proposed = page.getByRole("link", { name: new RegExp(title) });
    await expect(proposed).toContainText("Pick a time");
    await proposed.click();
    await expect(page).toHaveURL(new RegExp(`issues-view\\?issue_id=${issue.issue_id}`));
    await expectAccessible(page, "issue view proposed");
    await shot(page, info, "tenant-pick");
    await page
      .getByRole("button", { name: /^Pick this time/ })
      .first()
      .click();
    await expect(page.getByText("Agreed visit").first()).toBeVisible();
    await expect(page.getByText("Scheduled").first()).toBeVisible();
    await expect(page.getByText("You picked a visit time").first()).toBeVisible();
    await shot(page, info, "tenant-scheduled");

    // 6. Both sides see it scheduled.
    const after = await apiCall(page, tenant.access_token, "GET", `issue/issue?issue_id=${issue.issue_id}`);
    expect(after.data.stage).toBe("scheduled");
    expect(after.data.visit).toMatchObject({ date: inDays(3), time_from: "10:00", time_to: "12:00" });
    await techPage.reload();
    await expect(techPage.getByText("Scheduled").first()).toBeVisible();
    await expect(techPage.getByTestId("agreed-visit")).toBeVisible();
    await techPage.context().close();

    // 7. The owner of the building follows the same repair from his own phone.
    const ownerPage = await personPage(browser);
    await signInAs(ownerPage, DEMO.owner, "/repair");
    const ownerCard = ownerPage.getByRole("link", { name: new RegExp(title) });
    await expect(ownerCard).toContainText("Scheduled");
    await ownerCard.click();
    await expect(ownerPage.getByTestId("agreed-visit")).toBeVisible();
    await expect(ownerPage.getByRole("heading", { name: "Creator Details" })).toBeVisible();
    await shot(ownerPage, info, "owner-follows");
    await ownerPage.context().close();
  });

  test("a broken lift: the tenant reports the building's common areas, in Arabic; its technician sees them and no unit to open", async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(90_000);
    const ar = dict("report", "ar").report.where;
    const common = dict("repair", "ar").repair.card.common;
    const title = `المصعد متوقف ${info.project.name} ${Date.now() % 100000}`;
    await signInAs(page, DEMO.tenant, "/home", { lang: "ar" });
    await page.getByTestId("report-problem").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // Her flat is chosen for her; "Change" offers the building's common areas beside it.
    await page.getByRole("button", { name: ar.change, exact: true }).click();
    const unit = page.getByLabel(ar.unit, { exact: true });
    await expect(unit).toBeFocused();
    // Her flat stays chosen until she picks the common areas.
    await expect(unit).not.toHaveValue("");
    await expect(unit).not.toHaveValue("0");
    await unit.selectOption({ label: ar.common });
    await page.getByRole("button", { name: "الكهرباء", exact: true }).click();
    await page.getByLabel(dict("report", "ar").report.fields.title).fill(title);
    const quick = dict("report", "ar").report.slots.quick.tomorrow;
    await page.getByRole("button", { name: quick.morning }).click();
    await page.getByRole("button", { name: quick.afternoon }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, "report form, common areas");
    await shot(page, info, "common-report");
    await page.getByRole("button", { name: dict("report", "ar").report.add.submit, exact: true }).click();
    await expect(page.getByRole("heading", { name: dict("report", "ar").report.done.heading })).toBeVisible({ timeout: 15_000 });

    const tenant = await apiLogin(page, DEMO.tenant);
    const list = await apiCall(page, tenant.access_token, "GET", "issue/issues?status=open");
    const issue = list.data.find((i: { title: string }) => i.title === title);
    expect(issue).toMatchObject({ unit_id: null, issue_type: 0, stage: "reported" });
    await signInAs(page, DEMO.tenant, "/repair", { lang: "ar" });
    await expect(page.getByRole("link", { name: new RegExp(title) })).toContainText(common);
    await shot(page, info, "common-card");

    // The company that runs the building assigns it; its technician sees the common areas, and no unit to open.
    const manager = await apiLogin(page, DEMO.manager);
    const tech = await apiLogin(page, DEMO.technician);
    await apiCall(page, manager.access_token, "POST", `issue/assign?issue_id=${issue.issue_id}`, { tech_id: tech.user_id });
    await apiCall(page, tech.access_token, "POST", `issue/accept?issue_id=${issue.issue_id}`, {});
    const techPage = await personPage(browser, 360);
    await signInAs(techPage, DEMO.technician, `/property/open-issues?issue_id=${issue.issue_id}`);
    await expect(techPage.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(techPage.getByTestId("property-unit")).toHaveText("Common areas");
    await expect(techPage.getByRole("link", { name: dict("issues", "en").issues.unitDetails })).toHaveCount(0);
    await shot(techPage, info, "common-job");
    await techPage.context().close();
  });

  test("the report form in Arabic: right to left, Arabic errors at the fields, nothing typed lost", async ({ page }, info) => {
    const ar = dict("report", "ar").report;
    // Her home arrives late (slow data): Send pressed before it waits for it, then checks the form. A press in the
    // moment between her home arriving and being chosen for her was lost (1 run in 5 on Preact, and measure:report).
    await page.route(/\/api\/property\/property\?/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await signInAs(page, DEMO.tenant, "/property/addissues", { lang: "ar" });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByLabel(ar.fields.title).fill("تسرب في المطبخ");
    await page.getByRole("button", { name: ar.add.submit }).click();
    await expect(page.getByText(ar.errors.categoryRequired).first()).toBeVisible();
    await expect(page.getByText(ar.errors.slotsTooFew).first()).toBeVisible();
    await expect(page.getByLabel(ar.fields.title)).toHaveValue("تسرب في المطبخ");
    // No sideways scroll at the narrowest width.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page, "report form ar");
    await shot(page, info, "report-form-ar");
  });
});
