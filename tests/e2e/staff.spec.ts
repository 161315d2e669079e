import type { Page, TestInfo } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, mailed, signInAs, test } from "./fixtures";

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: `/tmp/staff-${info.project.name}-${name}.png` });
const cards = (page: Page) => page.getByTestId("employee-card");
/** A fresh Omani mobile (D16: 9, then 1 to 9, then six digits) and email per run, so reruns against the same database never collide. */
const unique = (tag: string) => {
  const n = `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-9);
  return { mob_no: `9${1 + Math.floor(Math.random() * 9)}${n.slice(-6)}`, email: `new.${tag}.${n}@example.om` };
};

const T = {
  en: {
    heading: /^Employees \((\d+)\)$/,
    company: "Company details",
    add: "Add employee",
    submit: "Add employee",
    nameRequired: "Name is required.",
    name: "Name",
    role: "Role",
    technician: "Technician",
    skill: "Plumbing",
    languages: "Languages",
    language: "Arabic",
    mobile: "Mobile number",
    email: "Email",
    success: "Employee added successfully.",
    staff: "Staff",
    call: (n: string) => `Call ${n}`,
    edit: "Edit profile",
    placeholder: "Job title not set",
    back: "Back",
  },
  ar: {
    heading: /^الموظفون \((\d+)\)$/,
    company: "بيانات الشركة",
    add: "إضافة موظف",
    submit: "إضافة الموظف",
    nameRequired: "الاسم مطلوب.",
    name: "الاسم",
    role: "الدور",
    technician: "فني",
    skill: "السباكة",
    languages: "اللغات",
    language: "العربية",
    mobile: "رقم الجوال",
    email: "البريد الإلكتروني",
    success: "تمت إضافة الموظف بنجاح.",
    staff: "موظف",
    call: (n: string) => `اتصال بـ ${n}`,
    edit: "تعديل الملف الشخصي",
    placeholder: "المسمى الوظيفي غير محدد",
    back: "رجوع",
  },
} as const;

async function total(page: Page, lang: "en" | "ar") {
  const heading = page.getByRole("heading", { name: T[lang].heading });
  await expect(heading).toBeVisible();
  return Number(T[lang].heading.exec((await heading.textContent()) ?? "")?.[1]);
}

for (const lang of ["en", "ar"] as const) {
  const s = T[lang];

  test(`the demo manager scrolls the staff list to the end and sees every employee once (${lang})`, async ({ page }, info) => {
    await signInAs(page, DEMO.manager, "/resources", { lang });
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    const company = page.getByRole("region", { name: s.company });
    await expect(company.getByRole("heading", { name: "Gulf Fix Maintenance LLC" })).toBeVisible();
    await expect(company.locator("img")).toHaveJSProperty("complete", true);
    expect(await company.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(10);
    const count = await total(page, lang);
    expect(count).toBeGreaterThanOrEqual(28);
    await expect(cards(page).first().getByText(s.staff, { exact: true })).toBeVisible();
    await expectAccessible(page, `resources ${lang}`);
    await shot(page, info, `resources-${lang}`);

    // Scroll like a thumb until the list stops growing; the last page arrives before the end is on screen.
    for (let i = 0; i < 30 && (await cards(page).count()) < count; i++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(150);
    }
    await expect(cards(page)).toHaveCount(count);
    const names = await cards(page).locator("h3").allTextContents();
    expect(new Set(names).size).toBe(count);
    // Nothing more is asked for once all are loaded.
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("/api/company/staffs") && asked.push(r.url()));
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    await expect(page.getByRole("status")).toHaveCount(0);
    await shot(page, info, `resources-end-${lang}`);
  });

  test(`the demo manager adds a technician, sees them in the list and opens their details (${lang})`, async ({ page }, info) => {
    const who = unique(`${info.project.name}-${lang}`);
    const name = lang === "ar" ? "سالم الحجري" : "Salim Al Hajri";
    await signInAs(page, DEMO.manager, "/resources", { lang });
    await expect(cards(page)).toHaveCount(10);
    const before = await total(page, lang);

    await page.getByRole("button", { name: s.add }).click();
    const sheet = page.getByRole("dialog", { name: s.add });
    await expect(sheet).toBeVisible();
    const submit = sheet.getByRole("button", { name: s.submit, exact: true });
    // An empty form names each missing field on submit (it used to sit behind a silently disabled button).
    await submit.click();
    await expect(sheet.getByText(s.nameRequired)).toBeVisible();
    await expect(sheet).toBeVisible();
    await sheet.getByLabel(s.name, { exact: true }).fill(name);
    await sheet.getByLabel(s.role).selectOption("4");
    await sheet.getByRole("button", { name: s.skill }).click();
    await sheet.getByRole("combobox", { name: s.languages }).fill(s.language);
    await sheet
      .getByRole("option", { name: new RegExp(`^${s.language}`) })
      .first()
      .click();
    await sheet.getByLabel(s.mobile).fill(who.mob_no);
    await sheet.getByLabel(s.email).fill(who.email);
    await sheet.getByRole("heading", { name: s.add }).click();
    await expectAccessible(page, `add-employee ${lang}`);
    await shot(page, info, `add-employee-${lang}`);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.getByText(s.success)).toBeVisible();
    await expect(sheet).toHaveCount(0);
    // The invitation takes the focus and shows whole below the sticky header: the closing sheet gave the focus back to
    // "Add employee" after it, and the page was left with the heading under the header (walked at 360 px).
    const invite = page.getByTestId("staff-invite").getByRole("heading");
    await expect(invite).toBeFocused();
    await page.waitForTimeout(300);
    await expect(invite).toBeFocused();
    const [headingTop, headerBottom] = await page.evaluate(() => [
      document.getElementById("staff-invite-title")?.getBoundingClientRect().top ?? -1,
      document.querySelector("header")?.getBoundingClientRect().bottom ?? 0,
    ]);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
    await expect(cards(page).first().getByRole("link", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: T[lang].heading })).toHaveText(T[lang].heading);
    expect(await total(page, lang)).toBe(before + 1);
    const card = cards(page).filter({ hasText: who.email });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: s.call(name) })).toHaveAttribute("href", `tel:+968${who.mob_no}`);

    await card.getByText(who.email).click();
    await expect(page).toHaveURL(/#\/employee-details\/\d+$/);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText(s.placeholder)).toBeVisible();
    await expect(page.getByText(who.email)).toBeVisible();
    await expect(page.getByText("Gulf Fix Maintenance LLC")).toBeVisible();
    const edit = page.getByRole("button", { name: s.edit });
    await expect(edit).toBeDisabled();
    await expect(edit).toHaveAttribute("aria-disabled", "true");
    await expectAccessible(page, `employee-details ${lang}`);
    await shot(page, info, `employee-details-${lang}`);
    await page.getByRole("button", { name: s.back }).click();
    await expect(page).toHaveURL(/#\/resources$/);
  });
}

test("a seeded employee's details show their picture, job title and company", async ({ page }, info) => {
  await signInAs(page, DEMO.manager, "/resources");
  const card = cards(page).filter({ hasText: "khalid.alhinai@gulffix.om" });
  await card.getByRole("link", { name: "Khalid Al Hinai", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Khalid Al Hinai" })).toBeVisible();
  await expect(page.getByText("Senior Plumber")).toBeVisible();
  expect(await page.locator("main img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Its email to tap is a 44 px target (the text alone was 19 px high).
  const mail = await page.locator('main a[href^="mailto:"]').first().boundingBox();
  expect(mail?.height).toBeGreaterThanOrEqual(43.5);
  await shot(page, info, "employee-details-seeded-en");
});

test("another company's employee cannot be opened by id", async ({ page, request }) => {
  const other = await request.post("/api/user/login", { data: { identifier: "manager2@demo.om", password: DEMO_PASSWORD } });
  expect(other.status()).toBe(200);
  const { access_token } = await other.json();
  const theirs = await (await request.get("/api/company/staffs?page_num=1", { headers: { authorization: `Bearer ${access_token}` } })).json();
  expect(theirs.data.every((r: { comp_name: string }) => r.comp_name === "Muscat Pro Services")).toBe(true);
  await signInAs(page, DEMO.manager, `/employee-details/${theirs.data[1].user_id}`);
  await expect(page.getByRole("alert")).toHaveText("Failed to fetch employee details.");
  await expect(page.getByText(theirs.data[1].name)).toHaveCount(0);
});

// The invitation says: set a password with Forgot password. Without SMTP the mails land in the server's outbox file,
// which the fixtures read.
test.describe("an invited technician", () => {
  test("sets a password through Forgot password and signs in to /jobs", async ({ page, request }, info) => {
    const who = unique("invited");
    const login = await request.post(`/api/user/login`, { data: { identifier: DEMO.manager, password: DEMO_PASSWORD } });
    const { access_token } = await login.json();
    const created = await request.post(`/api/company/create_user`, {
      headers: { authorization: `Bearer ${access_token}` },
      data: { name: "Invited Technician", mob_no: who.mob_no, email: who.email, cntry_code: "+968", role: "4", skills: [1], languages: ["ar"] },
    });
    expect(created.status(), await created.text()).toBe(200);
    await mailed(info, who.email, /Forgot password/);
    // No password yet: signing in fails until one is set.
    expect((await request.post(`/api/user/login`, { data: { identifier: who.email, password: "Anything@123" } })).status()).toBe(401);

    expect((await request.post(`/api/auth/forgotpassword?email=${encodeURIComponent(who.email)}`)).status()).toBe(200);
    const [, code] = await mailed(info, who.email, /code is:? (\d{6})/);
    const verified = await request.post(`/api/auth/verifyotp`, { data: { email: who.email, otp: code } });
    expect(verified.status(), await verified.text()).toBe(200);
    const { reset_token } = await verified.json();
    const password = "NewPass@2026";
    const reset = await request.post(`/api/auth/resetpassword`, {
      data: { email: who.email, new_password: password, confirm_password: password, reset_token },
    });
    expect(reset.status(), await reset.text()).toBe(200);

    await page.addInitScript(() => {
      localStorage.setItem("oncmp", "1");
      localStorage.setItem("language", "en");
    });
    await page.goto(`/#/login`);
    await page.getByLabel("Email or mobile number").fill(who.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/#\/jobs$/);
  });
});
