// Runs only against a real PostgreSQL server (npm run test:pg): PGlite has no connections to lose.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { isDbUnavailable } from "../../server/db/unavailable";
import { testApp, testDb } from "./helpers";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("a lost PostgreSQL connection (D24)", () => {
  let db: Db;
  let admin: pg.Client;
  let schema: string;
  beforeAll(async () => {
    // Its own schema and pool: the tests cut the pool's connections.
    db = await testDb({ own: true });
    schema = (await db.query<{ s: string }>("select current_schema() as s")).rows[0].s;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await db?.close();
  });

  /** Ends every backend of this file's pool from another connection, as an operator or a restart would. */
  const terminateOurs = async () => {
    const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1", [`fixit ${schema}`]);
    for (const { pid } of rows) await admin.query("select pg_terminate_backend($1)", [pid]);
    return rows.length;
  };

  it("keeps the process alive after pg_terminate_backend (no unhandled 'error' on BoundPool) and answers again after", async () => {
    const { app } = testApp(db);
    const report = (n: number) =>
      app.request("/api/error", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ error_type: "E", error_message: `report ${n}` }),
      });
    // Several idle connections in the pool.
    expect((await Promise.all([1, 2, 3, 4].map(report))).map((r) => r.status)).toEqual([201, 201, 201, 201]);

    // The idle clients hear of it; without a listener on the pool that 'error' event is thrown out of the socket's
    // handler and ends the process. Here it would also land in `uncaught`.
    const uncaught: unknown[] = [];
    const record = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", record);
    try {
      expect(await terminateOurs()).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      process.off("uncaughtException", record);
    }
    expect(uncaught).toEqual([]);

    const next = await report(5);
    expect([201, 503]).toContain(next.status);
    if (next.status === 503) expect((await next.json()).detail).toBeTruthy();
    expect((await report(6)).status).toBe(201);
    expect(
      (await db.query<{ n: number }>("select count(*)::int as n from error_reports where error_message in ('report 5', 'report 6')")).rows[0].n,
    ).toBeGreaterThanOrEqual(1);
  });

  it("answers 503 with a detail, not 500, when the connection is lost in the middle of a request, and succeeds after", async () => {
    const { app } = testApp(db);
    // A request whose transaction waits on the database while its backend is ended from outside.
    const slow = db
      .tx(async (q) => {
        await q.query("select pg_sleep(5)");
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    await new Promise((r) => setTimeout(r, 300));
    expect(await terminateOurs()).toBeGreaterThan(0);
    const failure = await slow;
    expect(isDbUnavailable(failure)).toBe(true);

    // The same failure inside a route answers 503.
    const routed = testApp({ ...db, query: () => Promise.reject(failure) }).app;
    const res = await routed.request("/api/health");
    expect(res.status).toBe(503);
    expect((await res.json()).detail).toMatch(/database/);

    // And the pool itself recovers: a transaction and a plain query both work.
    await db.tx(async (q) => void (await q.query("select 1")));
    expect((await app.request("/api/health")).status).toBe(200);
  });

  it("starts a transaction right after the connections were cut on a live connection, not a dead idle one", async () => {
    // Several idle connections, all cut; the transaction starts before the pool has heard of every loss.
    await Promise.all([1, 2, 3, 4, 5].map(() => db.tx((q) => q.query("select pg_sleep(0.05)"))));
    const { rows } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [`fixit ${schema}`]);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(await db.tx(async (q) => (await q.query<{ n: number }>("select 41 + 1 as n")).rows[0].n)).toBe(42);
  });

  it("answers 503 with a detail while the database cannot be reached, and succeeds again after", async () => {
    // A pool pointed at a port where nothing listens, as when PostgreSQL is down.
    const down = new URL(url as string);
    down.port = "1";
    const { openPostgres } = await import("../../server/db/db");
    const unreachable = await openPostgres(down.toString(), undefined, () => undefined);
    try {
      const res = await testApp(unreachable).app.request("/api/health");
      expect(res.status).toBe(503);
      expect((await res.json()).detail).toMatch(/database/);
      expect(res.headers.get("retry-after")).toBeTruthy();
    } finally {
      await unreachable.close();
    }
    expect((await testApp(db).app.request("/api/health")).status).toBe(200);
  });
});
