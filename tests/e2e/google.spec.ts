// Google sign-in (issue 14) against the real OpenID provider the suite runs (scripts/oidc-test-provider.mjs, started
// by playwright.config.ts): a new person lands on the role picker with the name and email Google gave, registers as an
// owner without a password and is signed in; the next time the same Google account signs straight in.
import type { Page } from "@playwright/test";
import { expect, newMobile, prepare, test } from "./fixtures";

/** The provider's own sign-in and consent pages (oidc-provider's built-in forms): any login, any password. */
async function throughProvider(page: Page, email: string) {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

for (const lang of ["en", "ar"] as const) {
  test(`Google sign-in: a new person picks a role, registers with no password, and signs straight in next time (${lang})`, async ({ page }, info) => {
    const email = `noor.google.${lang}.${info.project.name}.${Date.now()}@example.com`;
    await prepare(page, { lang });
    await page.goto("/#/login");
    const ar = lang === "ar";
    await page.getByRole("link", { name: ar ? "المتابعة باستخدام Google" : "Continue with Google" }).click();
    await throughProvider(page, email);

    // Back in the app: the role picker first, saying who is signing up.
    await expect(page).toHaveURL(/#\/getrole$/);
    const note = page.getByTestId("google-signup");
    await expect(note).toContainText("Noor Google");
    await expect(note).toContainText(email);
    await page.screenshot({ path: info.outputPath(`google-role-${lang}.png`) });
    await page.getByRole("radio", { name: ar ? /مالك عقار/ : /Property owner/ }).check({ force: true });
    await page.getByRole("button", { name: ar ? "متابعة" : "Continue", exact: true }).click();

    // The owner form: name and email filled in from Google, no password asked.
    await expect(page).toHaveURL(/#\/register$/);
    await expect(page.locator("#customer-name")).toHaveValue(/^Noor Google/);
    await expect(page.locator("#customer-email")).toHaveValue(email);
    await expect(page.locator("#customer-password")).toHaveCount(0);
    const mobile = newMobile();
    await page.locator("#customer-mob_no").fill(mobile);
    await page.getByRole("checkbox").check();
    await page.screenshot({ path: info.outputPath(`google-register-${lang}.png`) });
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/#\/home$/);
    expect(await page.evaluate(() => localStorage.getItem("role"))).toBe("0");

    // Signing out and in again with the same Google account: straight home, no form.
    // A fresh visit: no app session, and no session at the provider either (so it asks who is signing in again).
    await page.evaluate((l) => {
      localStorage.clear();
      localStorage.setItem("language", l);
      localStorage.setItem("oncmp", "1");
    }, lang);
    await page.context().clearCookies();
    await page.goto("/#/login");
    await page.reload();
    await page.getByRole("link", { name: ar ? "المتابعة باستخدام Google" : "Continue with Google" }).click();
    await throughProvider(page, email);
    await expect(page).toHaveURL(/#\/home$/);
  });
}
