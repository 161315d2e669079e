import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { isForeign, isolate, hasArabic } from "../../src/lib/bidi";
import { type Browser, expect, type Page, type TestInfo, test as base } from "@playwright/test";

export const DEMO_PASSWORD = "Demo@1234";
export const DEMO = {
  owner: "owner@demo.om",
  technician: "tech@demo.om",
  manager: "manager@demo.om",
  tenant: "tenant@demo.om",
} as const;

/** axe-core's source, put in a page once: the app's routes are hash changes, so it stays until a reload. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Fails on serious or critical axe violations of the page as it is now: every rule of axe-core's defaults, run with
 * axe.run in the page. (@axe-core/playwright, used before, put axe's 550 KB into the page again at each check and
 * finished each in a new blank page: about half a second a check, a tenth of the browser suite, issue 16.)
 */
export async function expectAccessible(page: Page, label = "") {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const bad = await page.evaluate(async () => {
    type Axe = {
      run: (
        context: Document,
        options: object,
      ) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
    };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ["violations"] });
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
  expect(bad.map((b) => `${label} ${b}`)).toEqual([]);
}

/** Marks onboarding done and picks a language before the app boots. */
export async function prepare(page: Page, { lang = "en", oncmp = true }: { lang?: "en" | "ar"; oncmp?: boolean } = {}) {
  await page.addInitScript(
    ([l, o]) => {
      if (!sessionStorage.getItem("__prepared")) {
        localStorage.setItem("language", l as string);
        if (o) localStorage.setItem("oncmp", "1");
        sessionStorage.setItem("__prepared", "1");
      }
    },
    [lang, oncmp] as const,
  );
}

/**
 * Signs in through the real API and stores the session the way the app does, then opens `path`. `stored` overrides
 * fields of the stored session (e.g. got_email_mob 0 for an account whose server record says 1).
 */
export async function signInAs(
  page: Page,
  identifier: string,
  path: string,
  { password = DEMO_PASSWORD, lang = "en", stored = {} }: { password?: string; lang?: string; stored?: Record<string, unknown> } = {},
) {
  const res = await page.request.post("/api/user/login", { data: { identifier, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = { ...(await res.json()), ...stored };
  await page.addInitScript(
    ([b, l]) => {
      if (sessionStorage.getItem("__signed")) return;
      const { access_token, ...user } = b as Record<string, unknown>;
      localStorage.setItem("access_token", String(access_token));
      localStorage.setItem("user", JSON.stringify(user));
      localStorage.setItem("isAuthenticated", "true");
      localStorage.setItem("role", String(user.role));
      localStorage.setItem("got_email_mob", String(user.got_email_mob));
      localStorage.setItem("login_time", String(Date.now()));
      localStorage.setItem("language", l as string);
      localStorage.setItem("oncmp", "1");
      sessionStorage.setItem("__signed", "1");
    },
    [body, lang] as const,
  );
  await page.goto(`/#${path}`);
  return body as { access_token: string; role: number; got_email_mob: number };
}

export const test = base;
export { expect };

/** The newest mail to `to` in the outbox file of the server this test's project runs on (no SMTP in tests). */
export function latestMail(testInfo: TestInfo, to: string): { to: string; subject: string; text: string } | undefined {
  const file = join(process.env.E2E_DATA ?? "", testInfo.project.name, "outbox.jsonl");
  if (!existsSync(file)) return undefined;
  const mails = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return mails.reverse().find((m) => m.to?.toLowerCase() === to.toLowerCase());
}

/** Waits until the newest mail to `to` matches `pattern`, and returns the match. */
export async function mailed(testInfo: TestInfo, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect
    .poll(() => (match = pattern.exec(latestMail(testInfo, to)?.text ?? "")) !== null, { timeout: 10_000, message: `a mail to ${to} matching ${pattern}` })
    .toBe(true);
  return match as unknown as RegExpExecArray;
}

/** Waits for a six-digit code in the newest mail to `to` and returns it. */
export async function mailedCode(testInfo: TestInfo, to: string): Promise<string> {
  return (await mailed(testInfo, to, /\b(\d{6})\b/))[1];
}

/** A small PNG made here from bytes (never downloaded): `size`×`size` pixels of one colour. */
export function png(size = 64, rgb: [number, number, number] = [15, 118, 110]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 1×1 PNG: what map tiles are answered with (there is no internet here). */
/**
 * A new Omani mobile number: 9, then 1 to 9, then six digits of the clock. Oman's mobiles are 9[1-9] and six digits
 * (libphonenumber): "9" and the clock's last seven digits made "900…" for 17 minutes in every 2.8 hours, which the form
 * refuses.
 */
export const newMobile = () => `9${1 + Math.floor(Math.random() * 9)}${String(Date.now()).slice(-6)}`;

export const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** A person's own phone: a context of its own (no shared storage) at `width`, map tiles answered locally. */
export async function personPage(browser: Browser, width = 375) {
  const context = await browser.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PIXEL }));
  return page;
}

/** Signs in through the API (no screen): the session's token and user id. */
export async function apiLogin(page: Page, identifier: string) {
  const res = await page.request.post("/api/user/login", { data: { identifier, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { access_token: string; user_id: number };
}

/** One API call with a token; fails the test on an answer of 300 or more. */
export async function apiCall(page: Page, token: string, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const res = await page.request.fetch(`/api/${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Reports a plumbing problem through the API as the person `token` signs in: in `where`, present, with two of their
 * times (tomorrow morning, the day after in the afternoon). Answers the new issue's id. */
export async function reportLeak(
  page: Page,
  token: string,
  where: { property_id: number; unit_id: number | null },
  title: string,
  extra: Record<string, unknown> = {},
) {
  const reported = await apiCall(page, token, "POST", "issue/issue", {
    property_id: where.property_id,
    unit_id: where.unit_id,
    category: 1,
    title,
    presence: "present",
    available: [
      { date: inDays(1), time_from: "09:00", time_to: "11:00" },
      { date: inDays(2), time_from: "16:00", time_to: "18:00" },
    ],
    ...extra,
  });
  return reported.data.issue_id as number;
}

/** A YYYY-MM-DD day `n` days from today, as the phone's date input takes it. */
export const inDays = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/**
 * A dictionary sentence with its {{params}} filled in as the app fills them: in Arabic, an English title or name comes
 * isolated (src/lib/bidi.ts), so it keeps its order in the right-to-left sentence; in English, an Arabic one.
 */
export function fillWords(template: string, params: Record<string, string>, lang: string) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const v = params[k] ?? "";
    return (lang === "ar" ? isForeign(v) : hasArabic(v)) ? isolate(v) : v;
  });
}

/**
 * Waits until an activated service worker controls the page (the first install claims the page at once). A plain
 * predicate: waitForFunction takes the promise an async one returns for a truthy answer.
 */
export async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, { timeout: 20_000 });
}
