// D17: the server answers in the caller's language (Accept-Language), English as the fallback; a message without its
// Arabic fails here, whether the server owns it (server/i18n/*.json) or the shared contract does (src/contract/*.ts).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import ar from "../../server/i18n/ar.json";
import contractAr from "../../server/i18n/contract.ar.json";
import en from "../../server/i18n/en.json";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import { contractArabic, langOf, translate } from "../../server/lib/i18n";
import { codeIn } from "../../server/mail/outbox";
import { makeUser, PASSWORD } from "./factories";
import { resetDb, sharedApp, testApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => {
  await resetDb(db);
  clock.set(Date.parse("2026-11-23T08:00:00Z"));
});
afterEach(() => clock.set());

const AR = { "accept-language": "ar" };
/** Arabic text: Arabic letters, and no English words (codes such as page_num, JSON, HH:mm may stay). */
const isArabic = (text: string) => {
  const s = text.replace(/\{\w+\}/g, "");
  return /[\u0600-\u06FF]/.test(s) && !/\b(?!page_num\b|JSON\b|HH\b|mm\b|YYYY\b|MM\b|DD\b|ISO\b|km\b)[A-Za-z]{3,}\b/.test(s);
};

describe("messages in the caller's language (D17)", () => {
  it("'Invalid identifier or password' is Arabic for an Arabic user, English otherwise", async () => {
    await makeUser(db, { email: "a@test.om" });
    const { json } = sharedApp(db);
    const wrong = { identifier: "a@test.om", password: "wrong-password" };
    const arabic = await json("POST", "/api/user/login", wrong, undefined, AR);
    expect(arabic.status).toBe(401);
    expect((await arabic.json()).detail).toBe("المعرّف أو كلمة المرور غير صحيحة");
    for (const lang of [undefined, "en", "fr", "en-GB,en;q=0.9"]) {
      const res = await json("POST", "/api/user/login", wrong, undefined, lang ? { "accept-language": lang } : {});
      expect((await res.json()).detail).toBe("Invalid identifier or password");
    }
    const ok = await json("POST", "/api/user/login", { identifier: "a@test.om", password: PASSWORD }, undefined, { ...AR, "x-forwarded-for": "10.8.0.1" });
    expect((await ok.json()).message).toBe("تم تسجيل الدخول بنجاح!");
  });

  it("'This mobile number is already registered' is Arabic in detail and errors", async () => {
    await makeUser(db, { mob_no: "91234567" });
    const res = await sharedApp(db).json(
      "POST",
      "/api/user/register",
      { name: "Salim", email: "salim@test.om", cntry_code: "+968", mob_no: "91234567", password: "Secret@123", terms_service: true },
      undefined,
      AR,
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.detail).toBe("رقم الجوال هذا مسجّل بالفعل.");
    expect(body.errors.mob_no).toBe("رقم الجوال هذا مسجّل بالفعل.");
  });

  it("the code errors of password recovery are Arabic", async () => {
    await makeUser(db, { email: "r@test.om" });
    const { json, sent } = testApp(db);
    const verify = (otp: string) => json("POST", "/api/auth/verifyotp", { email: "r@test.om", otp }, undefined, AR);
    expect((await (await verify("123456")).json()).detail).toBe("الرمز غير صالح أو منتهي الصلاحية. يُرجى طلب رمز جديد.");
    const forgot = await json("POST", "/api/auth/forgotpassword?email=r@test.om", undefined, undefined, AR);
    expect((await forgot.json()).message).toBe("تم إرسال رابط إعادة تعيين كلمة المرور إلى بريدك الإلكتروني.");
    const again = await json("POST", "/api/auth/forgotpassword?email=r@test.om", undefined, undefined, AR);
    expect(again.status).toBe(429);
    expect((await again.json()).detail).toBe("يُرجى الانتظار 60 ثانية قبل طلب رمز جديد.");
    const code = codeIn(sent[0].text) as string;
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await (await verify(wrongCode)).json();
    expect(wrong.detail).toBe("الرمز غير صحيح. المحاولات المتبقية: 4.");
    expect(wrong.errors.otp).toBe(wrong.detail);
    for (let i = 0; i < 3; i++) await verify(wrongCode);
    expect((await (await verify(wrongCode)).json()).detail).toBe("محاولات خاطئة كثيرة جدًا. يُرجى طلب رمز جديد.");
    clock.set(clock.now() + 11 * 60_000);
    await json("POST", "/api/auth/forgotpassword?email=r@test.om");
    clock.set(clock.now() + 11 * 60_000);
    expect((await (await verify(codeIn(sent[1].text) as string)).json()).detail).toBe("انتهت صلاحية هذا الرمز. يُرجى طلب رمز جديد.");
  });

  it("field errors from the shared contract (zod) are Arabic, and so are 401, 404 and 422 of the server", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/user/register", { name: "", email: "nope", mob_no: "12", password: "short", terms_service: false }, undefined, AR);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(isArabic(body.detail)).toBe(true);
    for (const [field, text] of Object.entries(body.errors as Record<string, string>)) expect(isArabic(text), `${field}: ${text}`).toBe(true);
    expect(body.errors.password).toBe("يجب ألا تقل كلمة المرور عن 8 أحرف.");
    const anon = await json("GET", "/api/issue/jobs", undefined, undefined, AR);
    expect((await anon.json()).detail).toBe("يُرجى تسجيل الدخول مرة أخرى.");
    expect((await (await json("GET", "/api/nothing-here", undefined, undefined, AR)).json()).detail).toBe("غير موجود.");
    const notJson = await json("POST", "/api/user/login", "{", undefined, AR);
    expect((await notJson.json()).detail).toBe("يجب أن يكون محتوى الطلب بصيغة JSON.");
  });

  it("reads Accept-Language by preference", () => {
    expect(langOf("ar")).toBe("ar");
    expect(langOf("ar-OM,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(langOf("en;q=0.5, ar;q=0.8")).toBe("ar");
    expect(langOf("fr, en;q=0.5, ar;q=0.1")).toBe("en");
    expect(langOf("fr")).toBe("en");
    expect(langOf(undefined)).toBe("en");
  });
});

describe("translation catalogs", () => {
  it("every server message has an Arabic entry with the same placeholders", () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const arabic = (ar as Record<string, string>)[key];
      expect(isArabic(arabic), `${key}: ${arabic}`).toBe(true);
      expect(placeholders(arabic), key).toEqual(placeholders(english));
    }
    for (const [english, arabic] of Object.entries(contractAr)) {
      expect(isArabic(arabic), `${english}: ${arabic}`).toBe(true);
      expect(placeholders(arabic), english).toEqual(placeholders(english));
    }
  });

  it("every message constant exported by src/contract/*.ts has an Arabic entry", async () => {
    const dir = join(process.cwd(), "src/contract");
    const missing: string[] = [];
    const strings = (v: unknown): string[] =>
      typeof v === "string" ? [v] : v && typeof v === "object" && !("_zod" in v) ? Object.values(v).flatMap(strings) : [];
    let checked = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const mod = (await import(join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (!/MESSAGE/i.test(name)) continue;
        for (const s of strings(value)) {
          checked++;
          if (!contractArabic(s)) missing.push(`${file} ${name}: ${s}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it("every sentence written in src/contract/*.ts (zod messages, verify-info problems) has an Arabic entry", () => {
    const dir = join(process.cwd(), "src/contract");
    const missing: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const source = readFileSync(join(dir, file), "utf8").replace(/^\s*(\/\/|\*|\/\*).*$/gm, "");
      // "Sentences like this." and `Templates like ${THIS} one.`: a capital, a space, a full stop or exclamation mark.
      for (const m of source.matchAll(/"([A-Z][^"\n]* [^"\n]*[.!])"|`([A-Z][^`\n]* [^`\n]*[.!])`/g)) {
        const sentence = m[1] ?? m[2].replace(/\$\{[^}]+\}/g, "1");
        if (!contractArabic(sentence)) missing.push(`${file}: ${m[1] ?? m[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("no handler writes an English sentence past the catalog", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
      );
    const offenders: string[] = [];
    for (const file of files(join(process.cwd(), "server"))) {
      if (file.endsWith("index.ts")) continue; // the process's start-up file (static files), not a handler
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(/new HttpError\(\s*\d+,\s*["`]|\b(detail|message):\s*["`][A-Z]/g)) offenders.push(`${file}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });

  it("falls back to English for a language without an entry", () => {
    expect(translate("en", { key: "codeWrong", params: { left: 3 } })).toBe("The code is incorrect. 3 attempts left.");
    expect(translate("ar", { key: "codeWrong", params: { left: 3 } })).toBe("الرمز غير صحيح. المحاولات المتبقية: 3.");
    expect(translate("ar", "At most 20 availability slots.")).toBe("20 مواعيد متاحة كحد أقصى.");
  });
});
