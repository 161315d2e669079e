import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Pool, PoolClient } from "pg";
import { lockDataDir, prepareDataDir } from "./data-dir";
import { isDbUnavailable } from "./unavailable";

/** What every area's SQL needs: one query function, and transactions that give the same function. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}
/** Inside a transaction: also `exec`, which runs a whole script (several statements, no parameters). */
interface TxQueryable extends Queryable {
  exec(sql: string): Promise<void>;
}
export interface Db extends Queryable {
  /** Runs `fn` in one transaction: everything or nothing (D8). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script whole (several statements, function bodies with their semicolons), then `after`, in one transaction. */
  script(sql: string, after?: (q: Queryable) => Promise<void>): Promise<void>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  kind: "pglite" | "postgres";
}

/**
 * PGlite, in a data directory or in memory (tests). A data directory is checked first (a sentence naming it when it
 * cannot be used) and locked while open: a second process on the same directory is refused (D24).
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const release = dataDir ? lockDataDir(prepareDataDir(dataDir)) : () => undefined;
  const { PGlite } = await import("@electric-sql/pglite");
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  } catch (e) {
    release();
    throw e;
  }
  const tx = <T>(fn: (q: TxQueryable) => Promise<T>) =>
    pg.transaction((t) =>
      fn({
        query: (sql, params) => t.query(sql, params as unknown[]) as never,
        exec: async (sql) => {
          await t.exec(sql);
        },
      }),
    );
  return {
    kind: "pglite",
    query: (sql, params) => pg.query(sql, params as unknown[]) as never,
    tx,
    script: (sql, after) => tx(async (q) => (await q.exec(sql), await after?.(q))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: async () => {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}

const logLine = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

/**
 * A PostgreSQL server through `DATABASE_URL`; `schema` isolates test runs. The pool survives lost connections
 * (pg_terminate_backend, a restarted server): the broken client is dropped and logged, the request that used it
 * answers 503, and the next one connects anew (D24).
 */
export async function openPostgres(url: string, schema?: string, log: (entry: Record<string, unknown>) => void = logLine): Promise<Db> {
  const { default: pg } = await import("pg");
  if (schema) {
    const setup = new pg.Pool({ connectionString: url, max: 1 });
    await setup.query(`create schema if not exists "${schema}"`);
    await setup.end();
  }
  // Every connection of the pool starts in the schema, so no query can run before the search path is set.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A server that does not answer fails the request (503) instead of holding it forever.
    connectionTimeoutMillis: 10_000,
    application_name: schema ? `fixit ${schema}` : "fixit",
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Without a listener, an idle client's lost connection is an unhandled 'error' event that ends the process.
  pool.on("error", (err) => log({ msg: "database connection lost", error: String(err?.message ?? err) }));
  const q = (client: Pool | PoolClient): TxQueryable => ({
    query: (sql, params) => client.query(sql, params as unknown[]) as never,
    // No parameters: the simple query protocol, which runs a script of several statements.
    exec: async (sql) => {
      await client.query(sql);
    },
  });
  const tx = async <T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> => {
    // The pool listens for errors only on idle clients; a checked-out one needs its own listener.
    let lost: Error | undefined;
    const onError = (err: Error) => {
      lost = err;
      log({ msg: "database connection lost", error: String(err?.message ?? err) });
    };
    let client: PoolClient;
    for (let attempt = 0; ; attempt++) {
      client = await pool.connect();
      lost = undefined;
      client.on("error", onError);
      try {
        await client.query("begin");
        break;
      } catch (e) {
        client.off("error", onError);
        client.release(e as Error);
        // An idle client whose connection was cut before it heard of it fails at "begin", before anything was done:
        // safe to take the next one (each failure destroys one such client, so this ends).
        if (!isDbUnavailable(e) || attempt >= 10) throw e;
      }
    }
    try {
      const result = await fn(q(client));
      await client.query("commit");
      return result;
    } catch (e) {
      if (!lost && isDbUnavailable(e)) lost = e as Error;
      if (!lost) await client.query("rollback").catch(() => undefined);
      throw e;
    } finally {
      client.off("error", onError);
      // A client whose connection broke is destroyed, never handed to the next request.
      client.release(lost);
    }
  };
  return {
    kind: "postgres",
    ...q(pool),
    tx,
    script: (sql, after) => tx(async (q) => (await q.exec(sql), await after?.(q))),
    close: () => pool.end(),
  };
}

export function openDb(env: { DATABASE_URL?: string; DATA_DIR?: string } = process.env): Promise<Db> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.DATA_DIR ?? "./.data");
}

const MIGRATIONS = fileURLToPath(new URL("./migrations/", import.meta.url));

/**
 * Applies every NNN-name.sql of `dir` (server/db/migrations) not yet applied, each file whole (functions and
 * triggers keep the semicolons of their bodies) in its own transaction.
 */
export async function migrate(db: Db, dir = MIGRATIONS): Promise<string[]> {
  await db.exec("create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())");
  const done = new Set((await db.query<{ name: string }>("select name from schema_migrations")).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), "utf8");
    await db.script(sql, async (q) => void (await q.query("insert into schema_migrations (name) values ($1)", [file])));
    applied.push(file);
  }
  return applied;
}
