// Issue 16's server pieces that a load run does not show by itself: prepared statements (names, paging, the cap, and
// PGlite's named statements behaving as its own query() did), and when the server runs several processes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerCount } from "../../server/cluster";
import { type Db, preparedStatements } from "../../server/db/db";
import { pgliteDb } from "./helpers";

describe("prepared statements", () => {
  it("name each text once; every page of a list shares one statement, its paging literals made parameters", () => {
    const s = preparedStatements();
    const a = s.of("select * from t where x = $1 order by y limit 10 offset 0", [7]);
    const b = s.of("select * from t where x = $1 order by y limit 10 offset 20", [8]);
    expect(a.name).toBeDefined();
    expect(b.name).toBe(a.name);
    expect(b.text).toBe("select * from t where x = $1 order by y limit $2 offset $3");
    expect(b.values).toEqual([8, 10, 20]);
    expect(s.of("select 1", []).name).not.toBe(a.name);
    // A lock after the limit is not a paging tail: the text stays as it is.
    expect(s.of("select 1 from t limit 20 for update skip locked").text).toBe("select 1 from t limit 20 for update skip locked");
  });

  it("stop naming new texts past 500, so built SQL cannot make a connection hold statements without end", () => {
    const s = preparedStatements();
    for (let i = 0; i < 500; i++) expect(s.of(`select ${i}`).name).toBeDefined();
    expect(s.of("select 'one too many'").name).toBeUndefined();
    expect(s.of("select 1").name).toBeDefined();
  });
});

describe("PGlite's prepared queries", () => {
  let db: Db;
  beforeAll(async () => {
    db = await pgliteDb();
    await db.exec("create table scale_t (id serial primary key, label text not null unique, at timestamptz, tags int[])");
  });
  afterAll(() => db.close());

  it("answer as before: parameters of every type, nulls, repeated calls, pages", async () => {
    const at = new Date("2030-03-01T06:00:00Z");
    for (let i = 1; i <= 12; i++)
      await db.query("insert into scale_t (label, at, tags) values ($1, $2, $3)", [`row ${i}`, i % 2 ? at : null, i % 3 ? [i, i + 1] : null]);
    const { rows } = await db.query<{ id: number; label: string; at: Date | null; tags: number[] | null }>(
      "select id, label, at, tags from scale_t where id = any($1::int[]) order by id",
      [[1, 2, 3]],
    );
    expect(rows).toEqual([
      { id: 1, label: "row 1", at, tags: [1, 2] },
      { id: 2, label: "row 2", at: null, tags: [2, 3] },
      { id: 3, label: "row 3", at, tags: null },
    ]);
    const page = (n: number) => db.query<{ id: number }>(`select id from scale_t order by id limit 5 offset ${(n - 1) * 5}`);
    expect((await page(1)).rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await page(3)).rows.map((r) => r.id)).toEqual([11, 12]);
  });

  it("an error outside a transaction leaves the next query working; inside one, the transaction rolls back whole", async () => {
    await expect(db.query("insert into scale_t (label) values ($1)", ["row 1"])).rejects.toMatchObject({ code: "23505" });
    expect((await db.query<{ n: number }>("select count(*)::int as n from scale_t")).rows[0].n).toBe(12);
    await expect(
      db.tx(async (q) => {
        await q.query("insert into scale_t (label) values ($1)", ["in the transaction"]);
        await q.query("insert into scale_t (label) values ($1)", ["row 2"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from scale_t where label = $1", ["in the transaction"]);
    expect(rows[0].n).toBe(0);
    // A statement that does not parse is refused, and the same text asked again is refused again (never half-made).
    await expect(db.query("select nonsense from scale_t where id = $1", [1])).rejects.toThrow();
    await expect(db.query("select nonsense from scale_t where id = $1", [1])).rejects.toThrow();
    expect((await db.query("select 1 as one where $1::int = 1", [1])).rows).toEqual([{ one: 1 }]);
  });

  it("a query outside a transaction waits for a running one instead of joining it", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const tx = db.tx(async (q) => {
      await q.query("insert into scale_t (label) values ($1)", ["while held"]);
      await held;
      throw new Error("rolled back");
    });
    const outside = db.query<{ n: number }>("select count(*)::int as n from scale_t where label = $1", ["while held"]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow("rolled back");
    expect((await outside).rows[0].n).toBe(0);
  });
});

describe("several processes (WORKERS)", () => {
  const log = () => undefined;
  it("run WORKERS processes over PostgreSQL, and one with the embedded database (D24) or a count that is no number", () => {
    expect(workerCount({ WORKERS: "2", DATABASE_URL: "postgres://x/y" }, log)).toBe(2);
    expect(workerCount({ DATABASE_URL: "postgres://x/y" }, log)).toBe(1);
    expect(workerCount({ WORKERS: "2" }, log)).toBe(1);
    expect(workerCount({ WORKERS: "two", DATABASE_URL: "postgres://x/y" }, log)).toBe(1);
    expect(workerCount({ WORKERS: "0", DATABASE_URL: "postgres://x/y" }, log)).toBe(1);
  });
});
