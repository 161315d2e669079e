import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../server/db/db";
import { purge, startPurging } from "../../server/db/purge";
import { resetDb, testDb } from "./helpers";

let db: Db;
beforeAll(async () => (db = await testDb()));
afterAll(async () => db.close());
beforeEach(async () => resetDb(db));

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-20T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;
const tags = async (sql: string) => (await db.query<{ tag: string }>(sql)).rows.map((r) => r.tag).sort();

/** Rows on both sides of each limit; the tag says which must stay. */
async function rows() {
  const { rows: u } = await db.query<{ user_id: number }>("insert into users (role, name, email) values (0, 'Old Timer', 'old@example.om') returning user_id");
  const user = u[0].user_id;
  const session = (tag: string, expires: Date) =>
    db.query("insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)", [tag, user, ago(4 * DAY), expires]);
  await session("expired", ago(1));
  await session("expired-long-ago", ago(90 * DAY));
  await session("valid", new Date(now.getTime() + 60_000));
  const report = (tag: string, at: Date) => db.query("insert into error_reports (error_type, error_message, received_at) values ($1, 'x', $2)", [tag, at]);
  await report("old-report", ago(31 * DAY));
  await report("recent-report", ago(29 * DAY));
  const mail = (tag: string, at: Date) => db.query("insert into outbox (recipient, subject, body, created_at) values ('a@example.om', $1, 'x', $2)", [tag, at]);
  await mail("old-mail", ago(31 * DAY));
  await mail("recent-mail", ago(29 * DAY));
  const reset = (tag: string, at: Date) =>
    db.query("insert into password_resets (email, user_id, code_hash, created_at, expires_at) values ($1, $2, 'h', $3, $4)", [
      tag,
      user,
      at,
      new Date(at.getTime() + 10 * 60_000),
    ]);
  await reset("old-reset", ago(2 * DAY));
  // Expired, but it still counts toward the hourly cap of D9.
  await reset("reset-this-hour", ago(30 * 60_000));
  // Issue 14's short-lived codes, Google sign-in flows and tickets: kept a day.
  const change = (tag: string, at: Date) =>
    db.query("insert into contact_changes (user_id, kind, value, code_hash, created_at, expires_at) values ($1, 'email', $2, 'h', $3, $3)", [user, tag, at]);
  await change("old-change", ago(2 * DAY));
  await change("recent-change", ago(60_000));
  const flow = (tag: string, at: Date) =>
    db.query(
      "insert into oauth_flows (state_hash, browser_hash, code_verifier, nonce, redirect_uri, created_at, expires_at) values ($1, 'b', 'v', 'n', 'r', $2, $2)",
      [tag, at],
    );
  await flow("old-flow", ago(2 * DAY));
  await flow("recent-flow", ago(60_000));
  const ticket = (tag: string, at: Date) =>
    db.query("insert into oauth_tickets (ticket_hash, purpose, issuer, sub, email, created_at, expires_at) values ($1, 'session', 'i', 's', 'e', $2, $2)", [
      tag,
      at,
    ]);
  await ticket("old-ticket", ago(2 * DAY));
  await ticket("recent-ticket", ago(60_000));
}

describe("purging rows kept only for a while", () => {
  it("deletes expired sessions, error reports and outbox mails older than 30 days and old reset codes, which were never purged", async () => {
    await rows();
    const counts = await purge(db, now);
    expect(counts).toEqual({
      sessions: 2,
      password_resets: 1,
      error_reports: 1,
      outbox: 1,
      idempotency_keys: 0,
      contact_changes: 1,
      oauth_flows: 1,
      oauth_tickets: 1,
      rate_limits: 0,
    });
    expect(await tags("select value as tag from contact_changes")).toEqual(["recent-change"]);
    expect(await tags("select state_hash as tag from oauth_flows")).toEqual(["recent-flow"]);
    expect(await tags("select ticket_hash as tag from oauth_tickets")).toEqual(["recent-ticket"]);
    expect(await tags("select token_hash as tag from sessions")).toEqual(["valid"]);
    expect(await tags("select error_type as tag from error_reports")).toEqual(["recent-report"]);
    expect(await tags("select subject as tag from outbox")).toEqual(["recent-mail"]);
    expect(await tags("select email as tag from password_resets")).toEqual(["reset-this-hour"]);
    expect(await count("users")).toBe(1);
    // A second run finds nothing more.
    expect(Object.values(await purge(db, now)).every((n) => n === 0)).toBe(true);
  });

  it("purges at start and then every hour", async () => {
    await rows();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      let clock = now;
      const logs: Record<string, unknown>[] = [];
      const purging = startPurging(
        db,
        (e) => logs.push(e),
        60 * 60 * 1000,
        () => clock,
      );
      await purging.first;
      expect(await count("sessions")).toBe(1);
      expect(logs).toEqual([expect.objectContaining({ msg: "purged", sessions: 2 })]);

      // An hour later the last session has expired too.
      clock = new Date(now.getTime() + 2 * 60_000);
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      await vi.waitFor(async () => expect(await count("sessions")).toBe(0));
      purging.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs a failed purge instead of throwing, on a timer that does not keep the process alive", async () => {
    const logs: Record<string, unknown>[] = [];
    const broken = { query: async () => Promise.reject(new Error("relation does not exist")) };
    const purging = startPurging(broken, (e) => logs.push(e));
    await purging.first;
    expect(purging.timer.hasRef()).toBe(false);
    purging.stop();
    expect(logs).toEqual([{ msg: "purge failed", error: "relation does not exist" }]);
  });
});
