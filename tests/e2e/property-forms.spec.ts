// Issue 10's browser test for the forms: the demo owner adds a building with units 101 to 104 and a photo, finds it on
// /home, adds a tenant to 102; the new tenant sets a password through the invitation (the link read from the suite
// server's outbox file) and sees that unit; a manager sees the property the owner handed to their company.
import type { Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, mailed, png, prepare, signInAs, test } from "./fixtures";

/** A fresh name, Omani mobile and email per run, so reruns against the same database never collide. */
const unique = (tag: string) => {
  const n = `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-9);
  return { name: `Tower ${tag} ${n}`, mob_no: `9${1 + Math.floor(Math.random() * 9)}${n.slice(-6)}`, email: `tenant.${tag}.${n}@example.om` };
};

async function propertyId(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.get(`/api/property/property?name=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.property_id;
}

test.describe("property forms", () => {
  // Another person's phone: a context of its own (no shared storage), at the suite's width.
  const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

  test("an owner adds a building with four units and a photo, adds a tenant who accepts the invitation", async ({ page, browser }, info) => {
    test.setTimeout(90_000);
    const who = unique(info.project.name);
    const owner = await signInAs(page, DEMO.owner, "/property/add-property");

    // 1. The building: name, type, units 101 to 104, one photo.
    await page.getByLabel("Property name").fill(who.name);
    await page.getByRole("radio", { name: "Apartment building" }).check();
    await page.getByLabel("Search for the place").fill("Muscat");
    // The place suggestions (the country select's <option>s are options too).
    await page.getByRole("listbox").getByRole("option").first().click();
    await page.getByLabel("City").fill("Muscat");
    await page.getByLabel("First number").fill("101");
    await page.getByLabel("Last number").fill("104");
    await expect(page.getByTestId("unit-preview")).toHaveText("Units (4): 101, 102, 103, 104");
    await page.locator("#files-photos").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: png() });
    await expect(page.getByText("front.png")).toBeVisible();
    await expectAccessible(page, "add property");
    await page.getByRole("button", { name: "Add property" }).click();
    await expect(page).toHaveURL((url) => url.hash === `#/property/${encodeURIComponent(who.name)}`, { timeout: 20_000 });

    // The server has the four units and the photo (sent as a JPEG made smaller on the phone).
    const id = await propertyId(page, owner.access_token, who.name);
    const detail = (
      await (await page.request.get(`/api/property/property?property_id=${id}`, { headers: { authorization: `Bearer ${owner.access_token}` } })).json()
    ).data;
    expect(detail.units.map((u: { name: string }) => u.name)).toEqual(["101", "102", "103", "104"]);
    expect(detail.photos).toHaveLength(1);

    // 2. It is on the owner's /home.
    await page.goto("/#/home");
    await expect(page.getByText(who.name).first()).toBeVisible();

    // 3. A tenant in 102: the invitation is offered as a WhatsApp message.
    await page.goto(`/#/property/assign-role?property_id=${id}`);
    await page.getByLabel("Unit", { exact: true }).selectOption({ label: "102" });
    await page.getByLabel("Tenant's name").fill("Invited Tenant");
    await page.getByLabel("Mobile number").fill(who.mob_no);
    await page.getByLabel("Email (optional)").fill(who.email);
    await page.getByRole("button", { name: "Add tenant" }).click();
    const box = page.getByTestId("invite-box");
    await expect(box).toBeVisible();
    const wa = await box.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href");
    expect(wa).toContain(`https://wa.me/968${who.mob_no}?text=`);

    // 4. The link from the mail (the outbox file: no SMTP in the suite) is the one in the WhatsApp message.
    const [, token] = await mailed(info, who.email, /invite\?token=([A-Za-z0-9_\-.~%]+)/);
    expect(decodeURIComponent(wa ?? "")).toContain(`invite?token=${token}`);

    // 5. The tenant opens it on their own phone, sets a password and lands home, where their unit shows.
    const tenant = await (await browser.newContext({ ...phone, baseURL: info.project.use.baseURL })).newPage();
    await prepare(tenant);
    await tenant.goto(`/#/invite?token=${token}`);
    await expect(tenant.getByTestId("invite-who")).toContainText(who.name);
    await expect(tenant.getByTestId("invite-who")).toContainText("102");
    await expectAccessible(tenant, "invite");
    await tenant.getByLabel("Password", { exact: true }).fill("Tenant@2026");
    await tenant.getByRole("checkbox", { name: /accept the Terms of Service/ }).check();
    await tenant.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(tenant).toHaveURL(/#\/home$/);
    await expect(tenant.getByText(who.name).first()).toBeVisible();
    await tenant.goto(`/#/property/${encodeURIComponent(who.name)}`);
    await expect(tenant.getByText("102").first()).toBeVisible();

    // The same link cannot be used twice (the screen stays open to a signed-in phone), and leads the tenant, signed in
    // already, to their home rather than to a sign-in.
    await tenant.goto(`/#/invite?token=${token}`);
    await tenant.reload();
    await expect(tenant.getByText("This invitation link has expired or has already been used.")).toBeVisible();
    await tenant.getByRole("link", { name: "Go to your home" }).click();
    await expect(tenant).toHaveURL(/#\/home$/);
    await tenant.close();

    // 6. The owner hands the building to the second demo company by its registration number (after placing the tenant:
    // from then on the company runs it), and that company's manager sees it on their list.
    await page.goto(`/#/property/assign-role?property_id=${id}`);
    await page.getByLabel("Company registration number or email").fill("CR-7654321");
    await page.getByRole("button", { name: "Hand over" }).click();
    // It asks first, saying what a hand-over means.
    await page.getByRole("dialog", { name: "Hand this property to the company?" }).getByRole("button", { name: "Hand over" }).click();
    await expect(page.getByText("Run by Muscat Pro Services now.")).toBeVisible();
    const manager = await (await browser.newContext({ ...phone, baseURL: info.project.use.baseURL })).newPage();
    await signInAs(manager, "manager2@demo.om", "/properties", { password: DEMO_PASSWORD });
    await expect(manager.getByText(who.name).first()).toBeVisible();
    await manager.close();
  });

  test("the add form names each missing field and asks before losing typed text", async ({ page }) => {
    await signInAs(page, DEMO.owner, "/home");
    await page.goto("/#/property/add-property");
    await page.getByRole("button", { name: "Add property" }).click();
    await expect(page.getByText("Please give the property a name.")).toBeVisible();
    await expect(page.getByLabel("Property name")).toBeFocused();
    await page.getByLabel("Property name").fill("Half typed");
    await page.goBack();
    await expect(page.getByRole("dialog", { name: "Discard changes?" })).toBeVisible();
    await page.getByRole("button", { name: "Keep editing" }).click();
    await expect(page.getByLabel("Property name")).toHaveValue("Half typed");
  });

  for (const width of [320, 768]) {
    test(`the add form fits ${width} px in Arabic with no sideways scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await signInAs(page, DEMO.owner, "/property/add-property", { lang: "ar" });
      await expect(page.getByRole("button", { name: "أضف العقار" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  test("a renamed property opens under its new name, and back then leaves it (it showed it twice, then a 404)", async ({ page }) => {
    const { access_token: token } = await signInAs(page, DEMO.owner, "/home");
    const name = unique("rename").name;
    const added = await page.request.post("/api/property/add_property", {
      headers: { authorization: `Bearer ${token}` },
      data: { name, type: "villa", addres: "", units: ["Villa"] },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto(`/#/property/${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: "Edit property" }).click();
    await page.getByLabel("Property name").fill(`${name} B`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`#/property/${encodeURIComponent(`${name} B`)}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${name} B` })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/#\/home$/);
  });

  // An 80-character name with no space widened these screens to 600 to 1,100 px at 360 px: the phone zoomed out and
  // taps landed on the wrong element.
  for (const lang of ["en", "ar"]) {
    test(`a long name with no spaces keeps the screens at 360 px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      const { access_token: token } = await signInAs(page, DEMO.owner, "/home", { lang });
      const name = `Tower${unique(lang).name.replace(/\W/g, "")}`.padEnd(80, "x");
      const added = await page.request.post("/api/property/add_property", {
        headers: { authorization: `Bearer ${token}` },
        data: { name, type: "building", addres: "", units: ["Unitwithalongname123"] },
      });
      expect(added.status(), await added.text()).toBe(201);
      const { property_id: id, data } = await added.json();
      const unit = data.units[0].unit_id;
      const screens = [
        `/property/${encodeURIComponent(name)}`,
        `/property/apartment-view/${encodeURIComponent(name)}?unit_id=${unit}`,
        `/property/apartment-view/${encodeURIComponent(name)}?unit_id=999999`,
        `/property/assign-role?property_id=${id}`,
        `/property/addissues?property_id=${id}`,
        "/home",
      ];
      for (const path of screens) {
        await page.goto(`/#${path}`);
        await expect(page.getByText(name).first()).toBeVisible();
        expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      }
    });
  }
});
