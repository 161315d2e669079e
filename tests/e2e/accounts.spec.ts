import type { Page, TestInfo } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, mailedCode, prepare, signInAs, test } from "./fixtures";

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: `/tmp/accounts-${info.project.name}-${name}.png` });
const authAlert = (page: Page) => page.locator('[data-toast="error"]');
const authSuccess = (page: Page) => page.locator('[data-toast="success"]');

async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or mobile number").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("welcome and onboarding", () => {
  for (const lang of ["en", "ar"] as const) {
    test(`welcome -> Get started -> three steps -> sign-in (${lang})`, async ({ page }, info) => {
      await prepare(page, { lang, oncmp: false });
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expectAccessible(page, `welcome ${lang}`);
      await shot(page, info, `welcome-${lang}`);
      await page.getByRole("button", { name: lang === "ar" ? /ابدأ|Get started/ : "Get started" }).click();
      await expect(page).toHaveURL(/#\/onboarding$/);
      const next = lang === "ar" ? "التالي" : "Next";
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? "أبلغ عن مشكلة" : "Report an issue");
      await expectAccessible(page, `onboarding 1 ${lang}`);
      await shot(page, info, `onboarding-1-${lang}`);
      await page.getByRole("button", { name: next }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? "فنّي يتولى المهمة" : "A technician takes the job");
      await page.getByRole("button", { name: next }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? "تابع الإصلاح" : "Follow the repair");
      await expectAccessible(page, `onboarding 3 ${lang}`);
      await page.getByRole("button", { name: lang === "ar" ? "ابدأ الآن" : "Start now" }).click();
      await expect(page).toHaveURL(/#\/login$/);
      expect(await page.evaluate(() => localStorage.getItem("oncmp"))).toBe("1");
      // Onboarding is done: the root now shows sign-in.
      await page.goto("/#/");
      await expect(page.getByRole("button", { name: lang === "ar" ? "تسجيل الدخول" : "Sign in", exact: true })).toBeVisible();
    });
  }
});

test.describe("sign-in", () => {
  test("a technician lands on /jobs", async ({ page }, info) => {
    await prepare(page);
    await page.goto("/#/login");
    await expectAccessible(page, "login");
    await shot(page, info, "login-en");
    // The suite's servers have the test OpenID provider set up (playwright.config.ts), so the button leads to it.
    await expect(page.getByRole("link", { name: /Continue with Google/ })).toHaveAttribute("href", "api/oauth/google/start?lang=en");
    await signInThroughForm(page, DEMO.technician, DEMO_PASSWORD);
    await expect(page).toHaveURL(/#\/jobs$/);
    await expect(authSuccess(page)).toHaveText(/Login successful!/);
    expect(await page.evaluate(() => localStorage.getItem("role"))).toBe("1");
  });

  test("a company manager lands on /home", async ({ page }) => {
    await prepare(page);
    await page.goto("/#/login");
    await signInThroughForm(page, DEMO.manager, DEMO_PASSWORD);
    await expect(page).toHaveURL(/#\/home$/);
  });

  test("a wrong password shows the failure toast and stays on sign-in", async ({ page }) => {
    await prepare(page);
    await page.goto("/#/login");
    await signInThroughForm(page, DEMO.technician, "not-the-password");
    await expect(authAlert(page)).toHaveText(/Invalid identifier or password|Login failed/);
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
  });

  test("in Arabic the sign-in screen is right to left and signs in", async ({ page }, info) => {
    await prepare(page, { lang: "ar" });
    await page.goto("/#/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByLabel("البريد الإلكتروني أو رقم الجوال")).toBeVisible();
    await expectAccessible(page, "login ar");
    await shot(page, info, "login-ar");
    await page.getByLabel("البريد الإلكتروني أو رقم الجوال").fill(DEMO.owner);
    await page.getByLabel("كلمة المرور", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
    await expect(page).toHaveURL(/#\/home$/);
  });

  for (const lang of ["en", "ar"] as const) {
    test(`the social sign-in callback without a ticket says it did not work (${lang})`, async ({ page }, info) => {
      await prepare(page, { lang });
      await page.goto("/#/oauth/callback");
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? "لم ينجح تسجيل الدخول عبر Google" : "Google sign-in did not work");
      await expect(page.getByRole("link", { name: lang === "ar" ? "العودة إلى تسجيل الدخول" : "Back to sign in" })).toBeVisible();
      await expectAccessible(page, `oauth ${lang}`);
      await shot(page, info, `oauth-${lang}`);
    });
  }
});

test.describe("role picker", () => {
  for (const lang of ["en", "ar"] as const) {
    test(`one choice, back disabled once chosen, forward to the form (${lang})`, async ({ page }, info) => {
      await prepare(page, { lang });
      await page.goto("/#/getrole");
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      const back = page.getByRole("button", { name: lang === "ar" ? "العودة إلى تسجيل الدخول" : "Back to sign in" });
      const forward = page.getByRole("button", { name: lang === "ar" ? "متابعة" : "Continue" });
      await expect(back).toBeEnabled();
      await expect(forward).toBeDisabled();
      await expectAccessible(page, `getrole ${lang}`);
      await page.getByRole("radio", { name: lang === "ar" ? /شركة صيانة/ : /Maintenance company/ }).check();
      await expect(back).toBeDisabled();
      await expect(forward).toBeEnabled();
      await page.getByRole("radio", { name: lang === "ar" ? /فنّي/ : /Technician/ }).check();
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
      await expectAccessible(page, `getrole chosen ${lang}`);
      await shot(page, info, `getrole-${lang}`);
      await forward.click();
      await expect(page).toHaveURL(/#\/technician-register$/);
    });
  }
});

test.describe("sign-out", () => {
  test("a technician logs out from /you", async ({ page }, info) => {
    await signInAs(page, DEMO.technician, "/you");
    await expect(page.getByRole("heading", { level: 1, name: "You" })).toBeVisible();
    await expect(page.getByTestId("contact-email").getByText(DEMO.technician)).toBeVisible();
    await expectAccessible(page, "you");
    await shot(page, info, "you-en");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(authSuccess(page)).toHaveText(/Logged out successfully/);
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
    await page.goto("/#/you");
    await expect(page).toHaveURL(/#\/login$/);
  });

  test("a manager logs out from /your-profile in Arabic", async ({ page }, info) => {
    await signInAs(page, DEMO.manager, "/your-profile", { lang: "ar" });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectAccessible(page, "your-profile ar");
    await shot(page, info, "your-profile-ar");
    await page.getByRole("button", { name: "تسجيل الخروج" }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(authSuccess(page)).toHaveText(/تم تسجيل الخروج بنجاح/);
  });
});

// Recovery needs the mailed code: no endpoint returns it (D9); without SMTP the suite's server appends each mail to its
// outbox file, which the fixtures read. Each test recovers an account it registers itself, so the shared demo
// passwords stay as they are for the other tests.
test.describe("password recovery", () => {
  async function freshAccount(page: Page, kind: "customer" | "technician") {
    const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
    const email = `recover.${kind}.${id}@demo.om`;
    const common = {
      name: "Recovery Test",
      email,
      cntry_code: "+968",
      mob_no: `9${1 + (Number(id) % 9)}${id.slice(-6)}`,
      password: DEMO_PASSWORD,
      terms_service: true,
    };
    const res =
      kind === "customer"
        ? await page.request.post("/api/user/register", { data: common })
        : await page.request.post("/api/authn/tech_register", { data: { ...common, skills: [1], language: ["ar"] } });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return email;
  }

  async function typeCode(page: Page, code: string, label: string) {
    await page.getByLabel(label).click();
    await page.keyboard.type(code);
  }

  const T = {
    en: {
      email: "Email",
      send: "Send code",
      verify: "Verify",
      digit1: "Digit 1 of 6",
      newPw: "New password",
      confirm: "Confirm new password",
      reset: "Reset password",
      id: "Email or mobile number",
      pw: "Password",
      signIn: "Sign in",
      resend: "Resend code",
    },
    ar: {
      email: "البريد الإلكتروني",
      send: "إرسال الرمز",
      verify: "تحقق",
      digit1: "الرقم 1 من 6",
      newPw: "كلمة المرور الجديدة",
      confirm: "تأكيد كلمة المرور الجديدة",
      reset: "إعادة تعيين كلمة المرور",
      id: "البريد الإلكتروني أو رقم الجوال",
      pw: "كلمة المرور",
      signIn: "تسجيل الدخول",
      resend: "إعادة إرسال الرمز",
    },
  };

  for (const [lang, kind, home] of [
    ["en", "customer", /#\/home$/],
    ["ar", "technician", /#\/jobs$/],
  ] as const) {
    test(`forgot -> code from the mail -> wrong code fails -> verify -> reset -> sign in with the new password (${lang})`, async ({ page }, info) => {
      test.setTimeout(60_000);
      const s = T[lang];
      const account = await freshAccount(page, kind);
      await prepare(page, { lang });
      await page.goto("/#/forgetpassword");
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expectAccessible(page, `forgot ${lang}`);
      await shot(page, info, `forgot-${lang}`);
      await page.getByLabel(s.email).fill(account);
      await page.getByRole("button", { name: s.send }).click();
      await expect(page).toHaveURL(new RegExp(`#/verify-code\\?email=${encodeURIComponent(account).replace(".", "\\.")}$`));
      await expect(authSuccess(page)).toBeVisible();
      const code = await mailedCode(info, account);

      // The countdown runs and resend waits for it.
      await expect(page.getByTestId("countdown")).toContainText(/[45]:\d\d/);
      await expect(page.getByRole("button", { name: s.resend })).toBeDisabled();
      await expect(page.getByRole("button", { name: s.verify, exact: true })).toBeDisabled();
      await expectAccessible(page, `verify ${lang}`);
      await shot(page, info, `verify-${lang}`);

      // A reload keeps the countdown.
      await page.reload();
      await expect(page.getByTestId("countdown")).toContainText(/[45]:\d\d/);
      await expect(page.getByRole("button", { name: s.resend })).toBeDisabled();

      // Once the countdown is over resend is enabled; the server still refuses a new code within a minute and says so.
      await page.evaluate(() => localStorage.setItem("timer", "2"));
      await page.reload();
      await expect(page.getByRole("button", { name: s.resend })).toBeEnabled({ timeout: 5000 });
      await page.getByRole("button", { name: s.resend }).click();
      await expect(authAlert(page)).toBeVisible();
      if (lang === "en") await expect(authAlert(page)).toHaveText(/wait|Failed to resend OTP/i);
      await expect(page.getByRole("button", { name: s.resend })).toBeEnabled();

      const wrong = code === "000000" ? "111111" : "000000";
      await typeCode(page, wrong, s.digit1);
      await page.getByRole("button", { name: s.verify, exact: true }).click();
      await expect(authAlert(page)).toBeVisible();
      if (lang === "en") await expect(authAlert(page)).toHaveText(/Verification failed|code/i);
      await expect(page).toHaveURL(/#\/verify-code/);

      await typeCode(page, code, s.digit1);
      await page.getByRole("button", { name: s.verify, exact: true }).click();
      await expect(page).toHaveURL(/#\/reset-password\?email=/);
      expect(await page.evaluate(() => sessionStorage.getItem("reset_token"))).toBeTruthy();
      await expectAccessible(page, `reset ${lang}`);
      await shot(page, info, `reset-${lang}`);

      // A mismatch sends nothing.
      const newPassword = `Fresh#${lang}2026pw`;
      await page.getByLabel(s.newPw, { exact: true }).fill(newPassword);
      await page.getByLabel(s.confirm, { exact: true }).fill(`${newPassword}x`);
      await page.getByRole("button", { name: s.reset }).click();
      await expect(authAlert(page)).toHaveText(lang === "en" ? /Passwords do not match!/ : /كلمتا المرور غير متطابقتين!/);
      await expect(page).toHaveURL(/#\/reset-password/);

      await page.getByLabel(s.confirm, { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: s.reset }).click();
      await expect(page).toHaveURL(/#\/login$/);

      // The old password no longer works; the new one does.
      await page.getByLabel(s.id).fill(account);
      await page.getByLabel(s.pw, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: s.signIn, exact: true }).click();
      await expect(authAlert(page)).toBeVisible();
      await page.getByLabel(s.pw, { exact: true }).fill(newPassword);
      await page.getByRole("button", { name: s.signIn, exact: true }).click();
      await expect(page).toHaveURL(home);
    });
  }
});
