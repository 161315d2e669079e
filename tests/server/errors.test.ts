import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { resetDb, sharedApp, testApp, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => resetDb(db));

const report = {
  error_type: "TypeError",
  error_message: "x is undefined",
  occurred_at: "2026-11-23T10:00:00.000Z",
  line_number: 12,
  stack: "TypeError: x is undefined\n    at f (app.js:12:3)",
  page_url: "http://localhost/#/home",
  browser_info: "Chrome/120",
  os_info: "Android 10",
  user_agent: "Mozilla/5.0",
  referrer_url: "",
};

describe("POST /api/error", () => {
  it("stores every field of the report", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/error", report);
    expect(res.status).toBe(201);
    const { rows } = await db.query<Record<string, unknown>>("select * from error_reports");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      error_type: "TypeError",
      error_message: "x is undefined",
      line_number: 12,
      page_url: report.page_url,
      os_info: "Android 10",
    });
  });

  it("answers 422 with a detail for a report without a type, and stores nothing", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/error", { ...report, error_type: "" });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toBeTruthy();
    expect((await db.query("select * from error_reports")).rows).toHaveLength(0);
  });

  it("answers 413 above 16 KB", async () => {
    const { json } = sharedApp(db);
    const res = await json("POST", "/api/error", { ...report, stack: "x".repeat(17 * 1024) });
    expect(res.status).toBe(413);
  });

  it("rate-limits a flood of reports from one address", async () => {
    const { json } = sharedApp(db);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await json("POST", "/api/error", report, undefined, { "x-forwarded-for": "10.0.0.9" })).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("client addresses", () => {
  it("does not believe X-Forwarded-For from a direct client, so a new header per request does not escape the limit", async () => {
    const { app } = testApp(db);
    const peer = { incoming: { socket: { remoteAddress: "203.0.113.5" } } };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.request(
        "/api/error",
        { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": `10.1.0.${i}` }, body: JSON.stringify(report) },
        peer,
      );
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    const { rows } = await db.query<{ client_ip: string }>("select distinct client_ip from error_reports");
    expect(rows).toEqual([{ client_ip: "203.0.113.5" }]);
  });
});

describe("the API edge", () => {
  it("answers unknown API paths with 404 JSON", async () => {
    const { app } = testApp(db);
    const res = await app.request("/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not found." });
  });

  it("sends the security headers and no-store on /api", async () => {
    const { app } = testApp(db);
    const res = await app.request("/api/no/such/thing");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("never leaks a stack trace on an unexpected error", async () => {
    const { app } = testApp(db);
    app.get("/api-boom", () => {
      throw new Error("secret internals at /srv/x.ts:1");
    });
    const res = await app.request("/api-boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret internals");
    expect(JSON.parse(text).detail).toBeTruthy();
  });
});
