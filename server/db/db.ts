import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Pool, PoolClient } from "pg";

/** What every area's SQL needs: one query function, and transactions that give the same function. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}
export interface Db extends Queryable {
  /** Runs `fn` in one transaction: everything or nothing (D8). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  kind: "pglite" | "postgres";
}

/** PGlite, in a data directory or in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    kind: "pglite",
    query: (sql, params) => pg.query(sql, params as unknown[]) as never,
    tx: (fn) => pg.transaction((t) => fn({ query: (sql, params) => t.query(sql, params as unknown[]) as never })),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

/** A PostgreSQL server through `DATABASE_URL`; `schema` isolates test runs. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const { default: pg } = await import("pg");
  if (schema) {
    const setup = new pg.Pool({ connectionString: url, max: 1 });
    await setup.query(`create schema if not exists "${schema}"`);
    await setup.end();
  }
  // Every connection of the pool starts in the schema, so no query can run before the search path is set.
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  const q = (client: Pool | PoolClient): Queryable => ({
    query: (sql, params) => client.query(sql, params as unknown[]) as never,
  });
  return {
    kind: "postgres",
    ...q(pool),
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn(q(client));
        await client.query("commit");
        return result;
      } catch (e) {
        await client.query("rollback").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export function openDb(env: { DATABASE_URL?: string; DATA_DIR?: string } = process.env): Promise<Db> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "./.data");
}

const MIGRATIONS = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Applies every server/db/migrations/NNN-name.sql not yet applied, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec("create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())");
  const done = new Set((await db.query<{ name: string }>("select name from schema_migrations")).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) {
    if (done.has(file)) continue;
    const sql = readFileSync(MIGRATIONS + file, "utf8");
    await db.tx(async (q) => {
      for (const statement of sql.split(/;\s*$/m).map((s) => s.trim()).filter(Boolean)) await q.query(statement);
      await q.query("insert into schema_migrations (name) values ($1)", [file]);
    });
    applied.push(file);
  }
  return applied;
}
