// Patchy data (issue 15, D23) on the real server and database, in Chromium's offline mode, both builds: what a screen
// has shown stays readable after a reload with no network, under the slim offline bar.
import type { Page } from "@playwright/test";
import { apiCall, apiLogin, DEMO, expect, personPage, png, signInAs, test, reportLeak } from "./fixtures";

// The service worker is what these tests are about (the suite blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

/** An activated service worker controls the page (the app's shell and screens are then precached). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 20_000 });
}

const OFFLINE_BAR = "You are offline. Showing what was saved on this phone.";

test("the technician opens /jobs and a job, goes offline and reloads: the job with its address and phone still shows", async ({ page, context }, info) => {
  await signInAs(page, DEMO.technician, "/jobs");
  await controlled(page);
  const card = page.getByRole("button", { name: /Kitchen sink leaking/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole("heading", { level: 2, name: "Kitchen sink leaking" })).toBeVisible();
  const address = (await page.getByTestId("property-address").textContent()) ?? "";
  expect(address.length).toBeGreaterThan(5);
  const call = page.locator('a[href^="tel:"]').first();
  const phone = await call.getAttribute("href");

  await context.setOffline(true);
  try {
    const started = Date.now();
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Kitchen sink leaking" })).toBeVisible();
    console.log(`offline reload of the job: ${Date.now() - started} ms`);
    await expect(page.getByTestId("property-address")).toHaveText(address);
    await expect(page.locator('a[href^="tel:"]').first()).toHaveAttribute("href", phone ?? "");
    await expect(page.getByText(OFFLINE_BAR)).toBeVisible();
    await page.screenshot({ path: info.outputPath("offline-job.png") });

    // Back to the list: the saved page of jobs, saying when it was saved.
    await page.goBack();
    await expect(page).toHaveURL(/#\/jobs/);
    await expect(page.getByRole("button", { name: /Kitchen sink leaking/ })).toBeVisible();
    await expect(page.getByText(/Saved at .* you are offline/)).toBeVisible();
    await page.screenshot({ path: info.outputPath("offline-jobs.png") });
  } finally {
    await context.setOffline(false);
  }
  // Back online, the bar goes and the screen loads afresh.
  await expect(page.getByText(OFFLINE_BAR)).toHaveCount(0);
  await expect(page.getByText(/Saved at .* you are offline/)).toHaveCount(0);
});

test("signing in still needs the network: the offline screen shows on /login", async ({ page, context }) => {
  await page.goto("/#/login");
  await controlled(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { name: /offline|connection/i })).toBeVisible();
    await expect(page.getByText(OFFLINE_BAR)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test("the technician completes a job offline with a photo; back online it arrives exactly once and the receipt shows it", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const title = `Offline completion ${info.project.name} ${Date.now() % 100000}`;
  const notes = "Changed the trap seal with no signal in the basement.";
  // The tenant reports (issue 11's form is tested elsewhere), the manager assigns it to the demo technician.
  const tenant = await apiLogin(page, DEMO.tenant);
  const mine = await apiCall(page, tenant.access_token, "GET", "issue/issues?status=open");
  const home = mine.data.find((i: { unit_id: number | null }) => i.unit_id);
  const id = await reportLeak(page, tenant.access_token, { property_id: home.property_id, unit_id: home.unit_id }, title);
  const manager = await apiLogin(page, DEMO.manager);
  const tech = await apiLogin(page, DEMO.technician);
  await apiCall(page, manager.access_token, "POST", `issue/assign?issue_id=${id}`, { tech_id: tech.user_id });

  // On the technician's phone, online: accept, agree the tenant's time, start.
  const techPage = await personPage(browser, 360);
  await signInAs(techPage, DEMO.technician, `/property/open-issues?issue_id=${id}`);
  await controlled(techPage);
  await expect(techPage.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await techPage.getByRole("button", { name: "Accept job" }).click();
  await expect(techPage.getByText("Job accepted.").first()).toBeVisible();
  await techPage.getByRole("button", { name: "Acknowledge Tenant Availability", exact: true }).click();
  const ack = techPage.getByRole("dialog", { name: "Acknowledge Tenant Availability" });
  await ack.getByRole("radio").first().check();
  await ack.getByRole("button", { name: "Acknowledge", exact: true }).click();
  await expect(techPage.getByTestId("agreed-visit")).toBeVisible();
  await techPage.getByRole("button", { name: "Start work" }).click();
  // The visit agreed is tomorrow's: starting today asks first.
  await techPage.getByRole("dialog", { name: "Start before the visit day?" }).getByRole("button", { name: "Start now" }).click();
  await expect(techPage.getByText("Work started.").first()).toBeVisible();

  // The signal drops; the report is written and sent into nothing: it waits on the phone.
  await techPage.context().setOffline(true);
  await techPage.getByRole("button", { name: "Complete job" }).click();
  const form = techPage.getByTestId("work-report-form");
  await form.getByLabel("What did you do?").fill(notes);
  await techPage.locator("#work-gallery").setInputFiles([{ name: "done.png", mimeType: "image/png", buffer: png(64, [60, 160, 90]) }]);
  await form.getByLabel("Time on site (minutes)").fill("45");
  await form.getByRole("button", { name: "Send report and complete" }).click();
  await expect(techPage.getByText(/saved on this phone/i).first()).toBeVisible({ timeout: 15_000 });
  await expect(techPage.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await techPage.screenshot({ path: info.outputPath("offline-complete-waiting.png") });
  // Nothing reached the server yet.
  expect((await apiCall(page, tech.access_token, "GET", `issue/issue?issue_id=${id}`)).data.stage).toBe("in_progress");

  // Back online: the outbox sends it by itself, once.
  await techPage.context().setOffline(false);
  await expect
    .poll(async () => (await apiCall(page, tech.access_token, "GET", `issue/issue?issue_id=${id}`)).data.stage, { timeout: 30_000 })
    .toBe("completed");
  const { data: timeline } = await apiCall(page, tech.access_token, "GET", `issue/timeline?issue_id=${id}`);
  const completions = (timeline as Array<{ to_stage?: string; stage?: string; kind?: string }>).filter((e) => (e.to_stage ?? e.stage) === "completed");
  expect(completions).toHaveLength(1);
  const { data: issue } = await apiCall(page, tech.access_token, "GET", `issue/issue?issue_id=${id}`);
  expect(issue.work_report.notes).toBe(notes);
  // The owner's receipt shows the work.
  const owner = await apiLogin(page, DEMO.owner);
  const { data: receipt } = await apiCall(page, owner.access_token, "GET", `issue/receipt?issue_id=${id}`);
  expect(JSON.stringify(receipt)).toContain(notes);
  await techPage.context().close();
});

test("the tenant reports with a photo offline, closes the tab, and later the app sends it: it is on /repair once", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const title = `Offline report ${info.project.name} ${Date.now() % 100000}`;
  const tenantPage = await personPage(browser, 360);
  await signInAs(tenantPage, DEMO.tenant, "/property/addissues");
  await controlled(tenantPage);
  await expect(tenantPage.getByText("Al Khuwair Residence").first()).toBeVisible();
  await tenantPage.context().setOffline(true);
  await tenantPage.getByRole("button", { name: "Plumbing", exact: true }).click();
  await tenantPage.getByLabel("Short title").fill(title);
  await tenantPage.locator("#report-files-gallery").setInputFiles([{ name: "sink.png", mimeType: "image/png", buffer: png(64, [40, 90, 160]) }]);
  await tenantPage.getByRole("button", { name: "Tomorrow morning" }).click();
  await tenantPage.getByRole("button", { name: "Tomorrow afternoon" }).click();
  await tenantPage.getByRole("button", { name: "Send report" }).click();
  await expect(tenantPage.getByText(/saved on this phone/i).first()).toBeVisible({ timeout: 15_000 });
  await tenantPage.screenshot({ path: info.outputPath("offline-report-saved.png") });

  // The tab is closed while still offline; the phone comes back online later and the app is opened again.
  const context = tenantPage.context();
  await tenantPage.close();
  await context.setOffline(false);
  const tenant = await apiLogin(page, DEMO.tenant);
  const count = async () =>
    (await apiCall(page, tenant.access_token, "GET", "issue/issues?status=open")).data.filter((i: { title: string }) => i.title === title).length;
  expect(await count()).toBe(0);
  const again = await context.newPage();
  await again.goto("/#/repair");
  await expect(again.getByRole("link", { name: new RegExp(title) })).toHaveCount(1, { timeout: 30_000 });
  expect(await count()).toBe(1);
  const { data } = await apiCall(page, tenant.access_token, "GET", "issue/issues?status=open");
  const sent = data.find((i: { title: string }) => i.title === title);
  const { data: full } = await apiCall(page, tenant.access_token, "GET", `issue/issue?issue_id=${sent.issue_id}`);
  expect(full.issue_images).toHaveLength(1);
  await again.screenshot({ path: info.outputPath("offline-report-arrived.png") });
  await context.close();
});

test("the tenant reports a closed repair again offline: the form fills from it; online, the report links to it", async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const tenant = await apiLogin(page, DEMO.tenant);
  const closed: Array<{ issue_id: number; title: string; unit_id: number; actions?: string[] }> = (
    await apiCall(page, tenant.access_token, "GET", "issue/issues?status=closed")
  ).data;
  const earlier = closed.find((i) => i.actions?.includes("report_again"));
  if (!earlier) throw new Error("the demo tenant has no closed repair to report again");

  const tenantPage = await personPage(browser, 360);
  await signInAs(tenantPage, DEMO.tenant, "/repair");
  await controlled(tenantPage);
  await tenantPage.getByRole("tab", { name: "Closed" }).click();
  await tenantPage
    .getByRole("link", { name: new RegExp(earlier.title) })
    .first()
    .click();
  await expect(tenantPage.getByTestId("report-again")).toBeVisible();

  // Offline from here: the details screen hands the form the repair, so it fills without the network.
  await tenantPage.context().setOffline(true);
  await tenantPage.getByRole("link", { name: "Report again" }).click();
  await expect(tenantPage.getByTestId("report-again-of")).toContainText(earlier.title);
  await expect(tenantPage.getByLabel("Short title")).toHaveValue(earlier.title);
  await tenantPage.getByRole("button", { name: "Tomorrow morning" }).click();
  await tenantPage.getByRole("button", { name: "Tomorrow afternoon" }).click();
  await tenantPage.screenshot({ path: info.outputPath("offline-again-form.png"), fullPage: true });
  await tenantPage.getByRole("button", { name: "Send report" }).click();
  await expect(tenantPage.getByText(/saved on this phone/i).first()).toBeVisible({ timeout: 15_000 });

  // Back online, the phone sends it: one new report, linked both ways.
  await tenantPage.context().setOffline(false);
  const link = async () => (await apiCall(page, tenant.access_token, "GET", `issue/issue?issue_id=${earlier.issue_id}`)).data.reported_again;
  await expect.poll(link, { timeout: 30_000 }).toEqual(expect.any(Number));
  const { data: again } = await apiCall(page, tenant.access_token, "GET", `issue/issue?issue_id=${await link()}`);
  expect(again).toMatchObject({ again_of: earlier.issue_id, repeat: true, title: earlier.title, unit_id: earlier.unit_id });
  await tenantPage.context().close();
});
