// Accounts (issue 14) the way people use them, on the real server and database, at 360 px: the demo technician
// changes skills and range on /you and the account's verify-info data follows; an owner changes the email with the
// code from the outbox, the old email stays until then, and signs in with the new one afterwards.
import { apiCall, DEMO, expect, expectAccessible, mailedCode, newMobile, signInAs, test } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("the demo technician changes skills and range on /you, and the account's data follows (en)", async ({ page }, info) => {
  const session = await signInAs(page, DEMO.technician, "/you");
  const before = (await apiCall(page, session.access_token, "GET", "user/profile")).data as {
    skills: number[];
    area_range: number;
    respond_time: number | null;
  };
  const work = page.getByTestId("work-section");
  await expect(work.getByLabel("Area range (km)")).toHaveValue(String(before.area_range));
  try {
    // Carpentry (a skill the demo technician lacks) on, and a wider range.
    const carpentry = work.getByRole("button", { name: "Carpentry" });
    await expect(carpentry).toHaveAttribute("aria-pressed", "false");
    await carpentry.click();
    await work.getByLabel("Area range (km)").fill("45");
    if (before.respond_time == null) await work.getByLabel("You answer within (days)").fill("2");
    await work.getByRole("button", { name: "Save" }).click();
    await expect(page.locator('[data-toast="success"]')).toContainText("Your profile has been saved.");
    await page.screenshot({ path: info.outputPath("tech-you-saved.png"), fullPage: true });

    // The stored account (what verify-info and the assignment rules read) has them.
    const after = (await apiCall(page, session.access_token, "GET", "user/profile")).data as { skills: number[]; area_range: number };
    expect(after.area_range).toBe(45);
    expect(after.skills).toHaveLength(before.skills.length + 1);
    // And a reload shows them again.
    await page.reload();
    await expect(work.getByLabel("Area range (km)")).toHaveValue("45");
    await expect(work.getByRole("button", { name: "Carpentry" })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page, "tech /you");
  } finally {
    // Other specs sign in as the demo technician: put the account back as it was.
    await apiCall(page, session.access_token, "PUT", "user/profile", { skills: before.skills, area_range: before.area_range });
  }
});

test("an owner changes the email with the mailed code, and signs in with the new one (ar)", async ({ page }, info) => {
  const stamp = `${info.project.name}${Date.now()}`;
  const oldEmail = `owner.${stamp}@example.om`;
  const newEmail = `owner.new.${stamp}@example.om`;
  const password = "Owner#2026";
  const mob = newMobile();
  const reg = await page.request.post("/api/user/register", {
    data: { name: "Maryam Al Said", email: oldEmail, cntry_code: "+968", mob_no: mob, password, terms_service: true },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await signInAs(page, oldEmail, "/profile", { password, lang: "ar" });

  const email = page.getByTestId("contact-email");
  await expect(email).toContainText(oldEmail);
  await email.getByRole("button", { name: "تغيير" }).click();
  await page.getByLabel("البريد الإلكتروني الجديد").fill(newEmail);
  await page.getByRole("button", { name: "إرسال الرمز" }).click();
  const code = await mailedCode(info, newEmail);
  await page.screenshot({ path: info.outputPath("owner-email-code-ar.png") });

  // Until the code is entered, the old email is the account's: it still signs in, the new one does not.
  const signIn = (identifier: string) => page.request.post("/api/user/login", { data: { identifier, password } });
  expect((await signIn(oldEmail)).status()).toBe(200);
  expect((await signIn(newEmail)).status()).toBe(401);

  await page.locator("#contact-otp").click();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "تأكيد", exact: true }).click();
  await expect(email).toContainText(newEmail);
  await page.screenshot({ path: info.outputPath("owner-email-changed-ar.png"), fullPage: true });
  expect((await signIn(oldEmail)).status()).toBe(401);

  // Log out (the server ends the session), then sign in with the new email through the form.
  await page.getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.locator('[data-toast="success"]', { hasText: "تم تسجيل الخروج بنجاح" })).toBeVisible();
  await page.getByLabel("البريد الإلكتروني أو رقم الجوال").fill(newEmail);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(password);
  await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});
