import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { readAnswer } from "../../server/db/pglite-wire";
import { pgliteDb } from "./helpers";

// The embedded database's answers read from the wire (server/db/pglite-wire.ts): through db.query as every route reads
// them (a named statement, bound and executed), on either database (npm run test:pg gives the same rows by node-postgres).
let db: Db;
beforeAll(async () => {
  db = await pgliteDb();
  await db.exec(`create table wire_t (id serial primary key, label text not null unique, note text, meta json, at timestamptz, n bigint, ok boolean)`);
});
afterAll(async () => db.close());

describe("answers read from the wire", () => {
  it("gives each column parsed by its type, null as null, text with Arabic and emoji whole", async () => {
    const at = new Date("2026-11-24T10:00:00.123Z");
    const { rows: made } = await db.query<{ id: number }>("insert into wire_t (label, note, meta, at, n, ok) values ($1, $2, $3, $4, $5, $6) returning id", [
      "تسريب 💧",
      null,
      JSON.stringify({ a: [1, "ب"] }),
      at,
      42,
      true,
    ]);
    expect(made).toEqual([{ id: 1 }]);
    const { rows } = await db.query("select id, label, note, meta, at, n, ok from wire_t where id = $1", [made[0].id]);
    expect(rows).toEqual([{ id: 1, label: "تسريب 💧", note: null, meta: { a: [1, "ب"] }, at, n: 42, ok: true }]);
  });

  it("keeps the later of two columns of one name, as PGlite's reader did", async () => {
    const { rows } = await db.query("select 1 as x, 'two' as x where $1::int = 1", [1]);
    expect(rows).toEqual([{ x: "two" }]);
  });

  it("gives no row for a write without returning, and many rows in order", async () => {
    const none = await db.query("insert into wire_t (label) values ($1), ($2)", ["b", "c"]);
    expect(none.rows).toEqual([]);
    const { rows } = await db.query<{ label: string }>("select label from wire_t where id > $1 order by id", [0]);
    expect(rows.map((r) => r.label)).toEqual(["تسريب 💧", "b", "c"]);
  });

  it("throws the database's own error (code, constraint) and stays usable after it", async () => {
    const failed = await db.query("insert into wire_t (label) values ($1)", ["b"]).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: "23505", constraint: "wire_t_label_key" });
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from wire_t where label = $1", ["b"]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("reads a long answer that arrives in several chunks", async () => {
    const { rows } = await db.query<{ s: string }>("select repeat($1, 200000) as s", ["ab"]);
    expect(rows[0].s).toHaveLength(400000);
  });
});

describe("readAnswer", () => {
  // Wire messages by hand: a data row (D), a command tag (C), ready (Z).
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head[0] = type.charCodeAt(0);
    head.writeUInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const dataRow = (values: (string | null)[]) => {
    const parts = [Buffer.from([values.length >> 8, values.length & 255])];
    for (const v of values) {
      const len = Buffer.alloc(4);
      len.writeInt32BE(v === null ? -1 : Buffer.byteLength(v));
      parts.push(len, v === null ? Buffer.alloc(0) : Buffer.from(v));
    }
    return message("D", Buffer.concat(parts));
  };
  const columns = [
    { name: "id", dataTypeID: 23 },
    { name: "name", dataTypeID: 25 },
  ];
  const parsers = { 23: (v: string) => Number(v) };

  it("reads rows and counts a write's rows from its tag", () => {
    const bytes = Buffer.concat([dataRow(["7", "سارة"]), dataRow(["8", null]), message("C", Buffer.from("UPDATE 2\0")), message("Z", Buffer.from("I"))]);
    expect(readAnswer(bytes, columns, parsers)).toEqual({
      rows: [
        { id: 7, name: "سارة" },
        { id: 8, name: null },
      ],
      affectedRows: 2,
    });
  });

  it("says an answer holds an error", () => {
    const bytes = Buffer.concat([message("E", Buffer.from("SERROR\0C23505\0Mduplicate\0\0")), message("Z", Buffer.from("I"))]);
    expect(readAnswer(bytes, columns, parsers)).toBe("error");
  });
});
