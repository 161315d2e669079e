import type { Page } from "@playwright/test";
import { expect, expectAccessible, prepare, test } from "./fixtures";

// Registration in both languages: a technician signs up and then signs in to /jobs, a company to /home, a customer
// to /home; the pickers, the terms modal, server errors and the user_info prefill are exercised on the way.

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
// An Omani mobile (D16): 9, then 1 to 9, then six digits.
const mobile = () => `9${1 + Math.floor(Math.random() * 9)}${unique().slice(-6).padStart(6, "0")}`;
/** A UAE mobile (D16: 9 digits starting 50, 52, 54, 55, 56 or 58), for the form that picks +971. */
const uaeMobile = () => `5${[0, 2, 4, 5, 6, 8][Math.floor(Math.random() * 6)]}${unique().slice(-7).padStart(7, "0")}`;
const PASSWORD = "Strong#Pass2026";

// Viewport-sized only: a full-page capture resizes the emulated viewport, which passes through the app's screen-size
// gate and remounts the screen, so it is taken only where no form state matters (the screenshots test).
async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `/tmp/register-${name}.png`, fullPage });
}

/** Signs in on the real login screen (another area's) with the identifier and password fields. */
async function signIn(page: Page, identifier: string, password: string) {
  await expect(page).toHaveURL(/#\/login$/);
  await page.locator("#login-identifier").fill(identifier);
  await page.locator("#login-password").fill(password);
  await page.locator("form button[type=submit]").click();
}

async function openTerms(page: Page, ar: boolean) {
  await page.getByRole("button", { name: ar ? "اقرأ شروط الخدمة" : "Read the Terms of Service" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("h3")).toHaveCount(8);
  return dialog;
}

for (const lang of ["en", "ar"] as const) {
  const ar = lang === "ar";
  test.describe(`registration (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      // Long flows with several axe passes (one over a 252-option list) on a shared, busy machine.
      test.setTimeout(90_000);
      await prepare(page, { lang });
    });

    test("a technician registers, then signs in and lands on /jobs", async ({ page }) => {
      await page.goto("/#/technician-register");
      await expect(page.locator("h1")).toHaveText(ar ? /فني/ : "Technician sign up");
      await expect(page.locator("html")).toHaveAttribute("dir", ar ? "rtl" : "ltr");
      const submit = page.locator("form button[type=submit]");
      await expect(submit).toBeDisabled();
      await expectAccessible(page, `technician form ${lang}`);

      const mob = mobile();
      const email = `tech.${unique()}@example.om`;
      await page.locator("#tech-name").fill(ar ? "سالم الحارثي" : "Salim Al Harthy");
      await page.locator("#tech-mob_no").fill(mob);
      await page.locator("#tech-email").fill(email);
      await page.getByRole("button", { name: ar ? "السباكة" : "Plumbing", exact: true }).click();
      await page.getByRole("button", { name: ar ? "الكهرباء" : "Electrical", exact: true }).click();
      await expect(page.getByRole("button", { name: ar ? "السباكة" : "Plumbing", exact: true })).toHaveAttribute("aria-pressed", "true");

      const languages = page.locator("#tech-language");
      await languages.fill(ar ? "العربية" : "Arabic");
      await page.locator("#tech-language-opt-ar").click();
      await languages.fill("hindi");
      await page.locator("#tech-language-opt-hi").click();
      // A tap on a language closes the list (it covered the fields below); a tap on the box opens it again.
      await expect(page.locator("#tech-language-list")).toBeHidden();
      await languages.click();
      await expect(page.locator("#tech-language-list")).toBeVisible();
      await expectAccessible(page, `languages list open ${lang}`);
      await languages.press("Escape");
      await expect(page.getByRole("button", { name: ar ? "إزالة العربية" : "Remove Arabic" })).toBeVisible();

      await page.locator("#tech-password").fill(PASSWORD);
      await expect(submit).toBeDisabled();
      const dialog = await openTerms(page, ar);
      await expectAccessible(page, `terms ${lang}`);
      await shot(page, `terms-${lang}`);
      await dialog.getByRole("button", { name: ar ? "أوافق" : "Accept" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator("#tech-terms")).toBeChecked();
      await expect(submit).toBeEnabled();
      await shot(page, `technician-filled-${lang}`);

      await submit.click();
      await expect(page.locator("[data-toast=success]")).toContainText(ar ? "تم التسجيل بنجاح!" : "Registration successful!");
      await signIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/#\/jobs$/);

      // The same mobile number again: the server's 409 shows, and the form keeps what was typed.
      await page.evaluate((l) => {
        localStorage.clear();
        localStorage.setItem("language", l);
        localStorage.setItem("oncmp", "1");
      }, lang);
      await page.reload();
      await expect(page).toHaveURL(/#\/login$/);
      await page.goto("/#/technician-register");
      await page.locator("#tech-name").fill("Second Try");
      await page.locator("#tech-mob_no").fill(mob);
      await page.getByRole("button", { name: ar ? "السباكة" : "Plumbing", exact: true }).click();
      await page.locator("#tech-language").fill("english");
      await page.locator("#tech-language-opt-en").click();
      await page.locator("#tech-language").press("Escape");
      await page.locator("#tech-password").fill(PASSWORD);
      await page.locator("#tech-terms").check();
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("[data-toast=error]")).toBeVisible();
      await expect(page.locator("#tech-mob_no")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#tech-mob_no")).toHaveValue(mob);
      await expect(page).toHaveURL(/technician-register/);
      await expectAccessible(page, `technician error ${lang}`);
    });

    test("a company registers with a chosen dial code, then signs in and lands on /home", async ({ page }) => {
      await page.goto("/#/mc-register");
      await expect(page.locator("html")).toHaveAttribute("dir", ar ? "rtl" : "ltr");
      await expectAccessible(page, `company form ${lang}`);
      const mob = uaeMobile();
      const email = `owner.${unique()}@example.om`;
      await page.locator("#company-name").fill(ar ? "شركة مسقط للصيانة" : "Muscat Fix LLC");
      await page.locator("#company-reg_no").fill(`CR-${unique()}`);
      await page.locator("#company-email").fill(email);
      // The dial-code picker: open, search by name, choose with the keyboard.
      await page.locator("#company-cntry_code").click();
      const search = page.getByRole("combobox", { name: ar ? "ابحث عن دولة" : "Search countries" });
      await expect(search).toBeFocused();
      await expect(page.getByRole("option")).toHaveCount(252);
      await expectAccessible(page, `dial list ${lang}`);
      await shot(page, `dial-${lang}`);
      await search.fill(ar ? "الإمارات" : "emirates");
      await search.press("Enter");
      await expect(page.locator("#company-cntry_code")).toContainText("+971");
      await expect(page.locator("#company-cntry_code")).toBeFocused();
      await page.locator("#company-mob_no").fill(mob);
      await page.locator("#company-password").fill(PASSWORD);
      const submit = page.locator("form button[type=submit]");
      await expect(submit).toBeDisabled();
      await page.locator("#company-terms").check();
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.locator("[data-toast=success]")).toBeVisible();
      await signIn(page, `971${mob}`, PASSWORD);
      await expect(page).toHaveURL(/#\/home$/);
    });

    test("a property owner registers, then signs in and lands on /home", async ({ page }) => {
      await page.goto("/#/register");
      await expect(page.locator("html")).toHaveAttribute("dir", ar ? "rtl" : "ltr");
      await expectAccessible(page, `customer form ${lang}`);
      const email = `owner.${unique()}@example.om`;
      await page.locator("#customer-name").fill(ar ? "عائشة البلوشية" : "Aisha Al Balushi");
      await page.locator("#customer-email").fill(email);
      await page.locator("#customer-mob_no").fill(mobile());
      await page.locator("#customer-password").fill("short");
      await page.locator("#customer-terms").check();
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("#customer-password-error")).toBeVisible();
      await expectAccessible(page, `customer error ${lang}`);
      await page.locator("#customer-password").fill(PASSWORD);
      await page.locator("form button[type=submit]").click();
      await expect(page.locator("[data-toast=success]")).toBeVisible();
      await signIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/#\/home$/);
    });

    test("the company form is prefilled from a user_info token, and a bad token is ignored", async ({ page }) => {
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
      const token = `${b64({ alg: "HS256" })}.${b64({ name: "Gulf Fix", email: "boss@gulffix.om", mob_no: "91112222", cntry_code: "+974" })}.sig`;
      await page.goto(`/#/mc-register?user_info=${token}`);
      await expect(page.locator("#company-name")).toHaveValue("Gulf Fix");
      await expect(page.locator("#company-email")).toHaveValue("boss@gulffix.om");
      await expect(page.locator("#company-mob_no")).toHaveValue("91112222");
      await expect(page.locator("#company-cntry_code")).toContainText("+974");
      await expectAccessible(page, `company prefilled ${lang}`);
      await page.goto("/#/mc-register?user_info=garbage.%%%.x");
      await page.reload();
      await expect(page.locator("#company-name")).toHaveValue("");
      await expect(page.locator("#company-cntry_code")).toContainText("+968");
    });

    test("screenshots of the three screens at 375 px", async ({ page }) => {
      for (const [route, name] of [
        ["technician-register", "technician"],
        ["mc-register", "company"],
        ["register", "customer"],
      ]) {
        await page.goto(`/#/${route}`);
        await expect(page.locator("form button[type=submit]")).toBeVisible();
        await shot(page, `${name}-${lang}`, true);
      }
    });
  });
}
