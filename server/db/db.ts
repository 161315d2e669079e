import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import type { Pool, PoolClient } from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { lockDataDir, prepareDataDir } from "./data-dir";
import { concatBytes } from "../../src/lib/bytes";
import { isDbUnavailable } from "./unavailable";
import { type Column, readAnswer } from "./pglite-wire";

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
  /**
   * The embedded database only (one process owns it, D24): a number that changes whenever something may have been
   * written through this Db (any statement but a plain select, any transaction, script or exec), before and after it
   * runs. What was read while it stayed the same is still what the database holds (lib/auth.ts caches sessions so).
   */
  writeMark?: () => number;
}

/**
 * Prepared statements (issue 16). Planning, not running, was most of a list's time: the job list's query took about
 * 10 ms to plan and 1 to 2 to run on PGlite. Each distinct SQL text gets a statement name the first time it is seen,
 * so every connection parses and plans it once and later calls only bind and execute (PostgreSQL keeps the plan, a
 * generic one once it proves as good). A paging tail `limit N offset M` with literal numbers is turned into parameters
 * first, so every page of a list shares one statement. Past MAX_PREPARED texts (SQL built with other literals) new
 * texts run unnamed, as before, so no caller can make the server or a connection hold statements without end.
 */
const MAX_PREPARED = 500;
/**
 * The statements here look rows up by ids and keys: a generic plan (made once per connection) is as good as a custom
 * one, and the default mode re-plans on every call any statement whose generic plan it estimates dearer, as an unknown
 * LIMIT $n makes it (the job list: 1.8 ms a call instead of 4.6 on PGlite). PG_PLAN_CACHE_MODE=auto restores the default.
 */
const PLAN_CACHE_MODE = /^(auto|force_custom_plan|force_generic_plan)$/.test(process.env.PG_PLAN_CACHE_MODE ?? "")
  ? process.env.PG_PLAN_CACHE_MODE
  : "force_generic_plan";
const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS ?? "16MB";
const PAGING_TAIL = /\slimit (\d+) offset (\d+)\s*$/i;

export function preparedStatements() {
  const names = new Map<string, string>();
  /** By the caller's SQL text: its statement, and the paging numbers taken out of it (the search runs once a text). */
  const seen = new Map<string, { name: string; text: string; paging: [number, number] | null }>();
  return {
    /** The statement's name, the text to prepare and its parameters; name undefined: run it unnamed. */
    of(sql: string, params: unknown[] = []): { name: string | undefined; text: string; values: unknown[] } {
      const known = seen.get(sql);
      if (known) return { name: known.name, text: known.text, values: known.paging ? [...params, ...known.paging] : params };
      let text = sql;
      let values = params;
      const match = PAGING_TAIL.exec(sql);
      const paging: [number, number] | null = match ? [Number(match[1]), Number(match[2])] : null;
      if (match && paging) {
        text = `${sql.slice(0, match.index)} limit $${params.length + 1} offset $${params.length + 2}`;
        values = [...params, ...paging];
      }
      let name = names.get(text);
      if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `fx${names.size + 1}`));
      // Bounded as the names are: a text past MAX_PREPARED is searched each time, as it runs unnamed.
      if (name !== undefined && seen.size < MAX_PREPARED * 4) seen.set(sql, { name, text, paging });
      return { name, text, values };
    },
  };
}

/**
 * PGlite's query() parses and plans its statement anew on every call (an unnamed statement) and crosses into the WASM
 * database six times. This one prepares a named statement once (parse and describe, one crossing, which also gives its
 * parameter types and result columns) and then runs it in one crossing (bind, execute, sync) whose answer is read
 * straight from the wire (./pglite-wire.ts). PGlite has a single session, so the names live as long as the database.
 */
async function pgliteQueries(pg: PGlite) {
  const { protocol, parse } = await import("@electric-sql/pglite");
  const { serialize } = protocol;
  const statements = preparedStatements();
  const described = new Map<string, { types: number[]; columns: Column[] }>();
  /** Runs one statement; `inTx`: inside pg.transaction (its mutex is held; no sync to the file system between). */
  const run = (sql: string, params: unknown[] | undefined, inTx: boolean) =>
    pg._runExclusiveQuery(async () => {
      const { name, text, values } = statements.of(sql, params);
      if (name === undefined) return null;
      let shape = described.get(name);
      if (!shape) {
        const { messages } = await pg.execProtocol(concatBytes([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]), {
          syncToFs: false,
        });
        const row = messages.find((m) => m instanceof protocol.messages.RowDescriptionMessage);
        const columns = (row?.fields ?? []).map((f: Column) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        shape = { types: parse.parseDescribeStatementResults(messages), columns };
        described.set(name, shape);
      }
      const { types, columns } = shape;
      const serializers = pg.serializers;
      const encoded = values.map((v, i) => {
        if (v == null) return null;
        const serializer = serializers[types[i]];
        return serializer ? serializer(v) : String(v);
      });
      const message = concatBytes([serialize.bind({ statement: name, values: encoded as string[] }), serialize.execute({}), serialize.sync()]);
      const chunks: Uint8Array[] = [];
      // The chunks are views of the database's memory, reused by the next call: copied as they come.
      await pg.execProtocolRawStream(message, { syncToFs: !inTx, onRawData: (chunk) => chunks.push(chunk.slice()) });
      const bytes = chunks.length === 1 ? chunks[0] : concatBytes(chunks);
      const answer = readAnswer(bytes, columns, pg.parsers as never);
      if (answer !== "error") return { ...answer, fields: columns };
      // An error: PGlite's own reader builds it, so it is thrown exactly as pg.query would.
      let error: Error | undefined;
      new protocol.Parser().parse(bytes, (m) => {
        if (!error && m instanceof protocol.messages.DatabaseError) error = m;
      });
      throw error ?? new Error("The embedded database answered with an error it did not describe.");
    });
  return {
    /** A statement outside any transaction (waits for a running transaction to end, as pg.query does). */
    query: async (sql: string, params?: unknown[]) => (await pg._runExclusiveTransaction(() => run(sql, params, false))) ?? (await pg.query(sql, params)),
    /** A statement inside pg.transaction's callback; `t` runs the unnamed ones. */
    inTx: async (t: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, sql: string, params?: unknown[]) =>
      (await run(sql, params, true)) ?? (await t.query(sql, params)),
  };
}

/** A statement that only reads: a select naming no writing word (conservative: `for update` counts as writing). */
const readsOnly = (sql: string) =>
  /^\s*select\b/i.test(sql) && !/\b(insert|update|delete|merge|truncate|copy|nextval|setval|set_config|pg_advisory\w*|lo_\w+)\b/i.test(sql);
/** readsOnly by SQL text, searched once a text (profiled at 1.4% of the job list), as many texts as statements are named. */
const readsOnlyKnown = new Map<string, boolean>();
const plainSelect = (sql: string) => {
  let known = readsOnlyKnown.get(sql);
  if (known === undefined) {
    known = readsOnly(sql);
    if (readsOnlyKnown.size < MAX_PREPARED * 4) readsOnlyKnown.set(sql, known);
  }
  return known;
};

/**
 * Creates the database files of a new data directory in a short-lived child process. PGlite's initdb loads a second
 * WebAssembly module and leaves the process about 450 MB larger for good (issue 16 measured 750 MB after a first
 * start against 250 MB after a later one); in a child, that memory goes when it exits.
 */
async function initDataDirApart(dir: string) {
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const pg = await PGlite.create(${JSON.stringify(dir)}); await pg.close();`;
  await promisify(execFile)(process.execPath, ["--input-type=module", "--eval", script], { timeout: 120_000 });
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
    if (dataDir && !existsSync(join(dataDir, "PG_VERSION"))) await initDataDirApart(dataDir);
    // Memory at rest (issue 16): PostgreSQL's default 128 MB of shared buffers is most of what the embedded database
    // holds; the data of one installation is a few MB, and the files it reads stay in the system's page cache anyway.
    // Index scans wherever an index serves (issue 16): on the small tables of one installation the planner otherwise
    // picks sequential and bitmap scans, and each of those first asks the file system for the table's size (an lseek
    // that PGlite's Node file system answers with an fstat call: 18 of them per job list, 8% of its time). A query
    // no index serves still scans the table.
    const options = {
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`, "-c", "enable_seqscan=off", "-c", "enable_bitmapscan=off"],
    };
    pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  } catch (e) {
    release();
    throw e;
  }
  await pg.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
  const prepared = await pgliteQueries(pg);
  // writeMark: counted up before and after anything that may write.
  let writes = 0;
  const writing = async <T>(run: () => Promise<T>): Promise<T> => {
    writes++;
    try {
      return await run();
    } finally {
      writes++;
    }
  };
  const tx = <T>(fn: (q: TxQueryable) => Promise<T>) =>
    writing(() =>
      pg.transaction((t) =>
        fn({
          query: (sql, params) => prepared.inTx(t, sql, params) as never,
          exec: async (sql) => {
            await t.exec(sql);
          },
        }),
      ),
    );
  return {
    kind: "pglite",
    query: (sql, params) => (plainSelect(sql) ? prepared.query(sql, params) : writing(() => prepared.query(sql, params))) as never,
    tx,
    script: (sql, after) => tx(async (q) => (await q.exec(sql), await after?.(q))),
    exec: (sql) =>
      writing(async () => {
        await pg.exec(sql);
      }),
    writeMark: () => writes,
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
    // Generic plans for the prepared statements (PLAN_CACHE_MODE); an `options` parameter in the URL wins over this.
    options: [`-c plan_cache_mode=${PLAN_CACHE_MODE}`, ...(schema ? [`-c search_path=${schema}`] : [])].join(" "),
  });
  // Without a listener, an idle client's lost connection is an unhandled 'error' event that ends the process.
  pool.on("error", (err) => log({ msg: "database connection lost", error: String(err?.message ?? err) }));
  const statements = preparedStatements();
  const q = (client: Pool | PoolClient): TxQueryable => ({
    // With parameters, a named statement (node-postgres prepares it once per connection); without, the text as it is.
    query: (sql, params) => {
      if (!params) return client.query(sql) as never;
      const { name, text, values } = statements.of(sql, params);
      return (name === undefined ? client.query(sql, params) : client.query({ name, text, values })) as never;
    },
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
