import { DEMO, expect, expectAccessible, prepare, signInAs, test } from "./fixtures";

test.describe("gates", () => {
  test("below 320 px the app says the screen is too small", async ({ page }) => {
    await page.setViewportSize({ width: 300, height: 640 });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your screen size is too small" })).toBeVisible();
  });

  test("at 375 px the app runs", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get started" })).toBeVisible();
    await expectAccessible(page, "welcome");
  });

  test("the accessibility check finds a nameless button and grey-on-white text, after a route change as before it", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get started" })).toBeVisible();
    await expectAccessible(page, "welcome");
    await page.goto("/#/login");
    await expect(page.locator("#login-identifier")).toBeVisible();
    await page.evaluate(() => {
      const main = document.querySelector("main") ?? document.body;
      main.insertAdjacentHTML("beforeend", '<button type="button"></button><p style="color:#ccc;background:#fff">Faint</p>');
    });
    const failure = await expectAccessible(page, "planted").catch((e: Error) => e.message);
    expect(failure).toContain("planted button-name");
    expect(failure).toContain("planted color-contrast");
  });

  test("above 768 px the app is for mobile devices only", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "This app is only available on mobile devices" })).toBeVisible();
  });

  test("offline shows the offline screen and comes back online", async ({ page, context }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get started" })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expectAccessible(page, "offline");
    await context.setOffline(false);
    await expect(page.getByRole("button", { name: "Get started" })).toBeVisible();
  });
});

test.describe("code cut off by a dropped connection (src/lib/load-again.ts)", () => {
  test("a chunk on its way when the connection drops loads once it is back, instead of a blank page", async ({ page, context }) => {
    // The toasts' code comes once the first screen is up: held until the phone is offline, then cut off.
    let asked = 0;
    let cut: () => void = () => undefined;
    const held = new Promise<void>((r) => (cut = r));
    await page.route("**/assets/Toasts-*.js", async (route) => {
      if (++asked > 1) return route.continue();
      await held;
      await route.abort("internetdisconnected");
    });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get started" })).toBeVisible();
    await expect.poll(() => asked).toBe(1);
    await context.setOffline(true);
    cut();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole("button", { name: "Get started" })).toBeVisible();
    await expect.poll(() => asked).toBe(2);
    await expect(page.getByRole("heading", { name: /Something went wrong/ })).toHaveCount(0);
  });

  test("a screen opened offline before its code came shows once the phone is back online", async ({ page, context }) => {
    // The profile screen's code: refused while the phone is offline, as Chromium would.
    let offline = false;
    let refused = 0;
    await page.route("**/assets/profile-*.js", (route) => (offline ? (refused++, route.abort("internetdisconnected")) : route.continue()));
    // The whole dictionary comes once the home screen is up: the profile's words are on the phone, its code is not.
    const words = page.waitForResponse(/locales\/en\.json$/);
    await signInAs(page, DEMO.tenant, "/home");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
    await words;
    offline = true;
    await context.setOffline(true);
    await nav.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect.poll(() => refused).toBeGreaterThan(0);
    // The profile works offline (D23), but nothing of it is on the phone yet: no slim bar saying what was saved shows.
    await expect(page.getByTestId("offline-bar")).toHaveText("");
    offline = false;
    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Something went wrong/ })).toHaveCount(0);
  });
});

test("a form keeps what was typed through a dropped connection", async ({ page, context }) => {
  await prepare(page);
  await page.goto("/#/forgetpassword");
  const email = page.getByRole("textbox").first();
  await email.fill("still.here@demo.om");
  await context.setOffline(true);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
  await expect(email).toHaveValue("still.here@demo.om");
});

test.describe("root and guards", () => {
  test("the root shows the welcome screen until onboarding is done, and Get started goes to onboarding", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Get started" }).click();
    await expect(page).toHaveURL(/#\/onboarding$/);
  });

  test("the root shows sign-in once oncmp is 1", async ({ page }) => {
    await prepare(page, { oncmp: true });
    await page.goto("/");
    await expect(page.getByLabel(/password/i).first()).toBeVisible();
    await expectAccessible(page, "login");
  });

  test("a signed-out user on a protected route is sent to /login", async ({ page }) => {
    await prepare(page);
    await page.goto("/#/resources");
    await expect(page).toHaveURL(/#\/login$/);
  });

  test("an unlisted path shows the not-found screen", async ({ page }) => {
    await page.goto("/#/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectAccessible(page, "404");
  });

  test("a signed-in user with the wrong role sees not-found", async ({ page }) => {
    await signInAs(page, DEMO.technician, "/resources");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("a signed-in user opening a public route lands on their role's home", async ({ page }) => {
    await signInAs(page, DEMO.manager, "/login");
    await expect(page).toHaveURL(/#\/home$/);
  });
});

test.describe("bottom navigation per role", () => {
  const bars = {
    [DEMO.owner]: ["/home", "/repair", "/profile", "/notifications"],
    [DEMO.technician]: ["/jobs", "/reports", "/you", "/notifications"],
    [DEMO.manager]: ["/home", "/repair", "/resources", "/your-profile", "/notifications"],
    [DEMO.tenant]: ["/home", "/repair", "/profile", "/notifications"],
  };
  for (const [who, links] of Object.entries(bars)) {
    test(`${who} sees ${links.join(" ")}`, async ({ page }) => {
      await signInAs(page, who, "/notifications");
      const nav = page.getByRole("navigation", { name: "Main navigation" });
      await expect(nav.getByRole("link")).toHaveCount(links.length);
      expect(await nav.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(links.map((l) => `#${l}`));
      await expect(page.getByRole("banner")).toBeVisible();
      await expectAccessible(page, "notifications");
      await nav
        .getByRole("link")
        .nth(links.length - 2)
        .click();
      await expect(page).toHaveURL(new RegExp(`#${links[links.length - 2]}$`));
    });
  }
});

test.describe("language", () => {
  test("switching to Arabic turns the page right to left and is remembered", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("button", { name: "ابدأ الآن" })).toBeVisible();
    await expectAccessible(page, "welcome ar");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.goto("/#/no/such/page");
    await expect(page.getByRole("heading", { name: "الصفحة غير موجودة" })).toBeVisible();
    await expectAccessible(page, "404 ar");
  });
});
