import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Db, migrate, openPglite, openPostgres } from "../../server/db/db";
import { createApp } from "../../server/app";
import type { Deps } from "../../server/lib/env";
import type { Mail } from "../../server/mail/mailer";

// One database per test worker (issue 16): PGlite takes seconds to start, so a worker opens its database once (the
// server project runs its files one after another in each worker: vitest.config.ts, isolate false) and every file
// gets it emptied. On PGlite it starts from the migrated image global-setup.ts made; on DATABASE_URL (npm run test:pg)
// it is a schema of this run, dropped when the run ends. A file that needs a database of its own (no migration yet,
// or tables the others must not see) gets a schema of its own on either: in the worker's PGlite too, since each new
// PGlite costs most of a second of CPU.

const images = () => inject("pgliteImages");
/** This run's schema prefix; a bare process id when the run has no global setup (another config). */
const run = () => inject("fixitRun") ?? `t_${process.ppid}`;
const schemaName = (tag: string) => `${run()}_${tag}`;

/**
 * PGlite from a data directory image (a tar of global-setup.ts): no initdb. openPglite takes no options, so its
 * PGlite.create is given the image for the one call (one such call at a time).
 */
let opening: Promise<unknown> = Promise.resolve();
function pgliteFrom(image: string | undefined): Promise<Db> {
  if (!image) return openPglite();
  const open = async () => {
    const loadDataDir = new Blob([readFileSync(image)]);
    const { PGlite } = await import("@electric-sql/pglite");
    const original = PGlite.create;
    const create = original as (...args: unknown[]) => Promise<unknown>;
    PGlite.create = ((...args: unknown[]) =>
      typeof args[0] === "string" ? create.apply(PGlite, args) : create.call(PGlite, { ...(args[0] as object), loadDataDir })) as typeof original;
    try {
      return await openPglite();
    } finally {
      PGlite.create = original;
    }
  };
  const db = opening.then(open, open);
  opening = db.catch(() => undefined);
  return db;
}

/** The worker's database: PGlite from the migrated image, or a schema of this run on DATABASE_URL. */
async function openWorkerDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const db = url ? await openPostgres(url, schemaName(`w${process.env.VITEST_POOL_ID ?? process.pid}`)) : await pgliteFrom(images()?.migrated);
  // Nothing to apply when the image is current; applies what it lacks otherwise.
  await migrate(db);
  return db;
}

const WORKER_DB = Symbol.for("fixit.tests.workerDb");
const holder = globalThis as { [WORKER_DB]?: Promise<Db> };
async function workerDb(): Promise<Db> {
  const shared = holder[WORKER_DB] ?? (holder[WORKER_DB] = openWorkerDb());
  try {
    return await shared;
  } catch (e) {
    holder[WORKER_DB] = undefined;
    throw e;
  }
}

/**
 * A new schema `schema`, empty, that the database answers in until `close` drops it. On DATABASE_URL a pool of its own
 * (its connections start in the schema); on PGlite the worker's one connection, switched to the schema meanwhile
 * (search_path holds only it, as the pool's does): the file uses nothing else of the worker's database until it is
 * closed, and the next file's testDb switches back in any case.
 */
async function schemaDb(schema: string): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = await openPostgres(url, schema);
    const close = db.close;
    return { ...db, close: async () => (await db.exec(`drop schema if exists "${schema}" cascade`), close()) };
  }
  const shared = await workerDb();
  await shared.exec(`create schema "${schema}"; set search_path to "${schema}"`);
  let open = true;
  return {
    ...shared,
    // Its own function: resetDb keeps a delete list per query function.
    query: (sql, params) => shared.query(sql, params),
    close: async () => {
      if (!open) return;
      open = false;
      await shared.exec(`reset search_path; drop schema if exists "${schema}" cascade`);
    },
  };
}

/**
 * The worker's database, emptied (every table; identities restart). The same one for each file of the worker: its
 * `close` does nothing (the database goes with the worker). `own: true` gives a migrated database of the file's own
 * instead (a schema, dropped by `close`): for a file that adds tables or migrations, or cuts connections.
 */
export async function testDb(opts: { own?: boolean } = {}): Promise<Db> {
  if (opts.own) {
    const db = await schemaDb(schemaName(`own_${process.pid}_${Math.random().toString(36).slice(2, 8)}`));
    try {
      await migrate(db);
    } catch (e) {
      await db.close();
      throw e;
    }
    return db;
  }
  const db = await workerDb();
  // The tables as they are now (this file's delete list).
  resetSql.delete(db.query);
  if (db.kind === "pglite") {
    // A file that ended without closing its schema (schemaDb) gives the connection back here.
    await db.exec("reset search_path");
    // TRUNCATE makes new files for every table and index, and every next statement reloads what it knew of them
    // (~100 ms of CPU on PGlite): only once the deletes between tests have left enough behind.
    if ((await tableBytes(db)) > TRUNCATE_ABOVE) await truncateAll(db);
    else await resetDb(db);
  } else await truncateAll(db);
  return { ...db, close: async () => undefined };
}

/**
 * What the worker's PGlite tables may take (rows, and what `delete` left of them) before a file's start truncates them:
 * about 1 MB migrated and empty, up to 0.7 MB more after a file.
 */
const TRUNCATE_ABOVE = 4 << 20;
const tableBytes = async (db: Db) =>
  (
    await db.query<{ bytes: number }>(
      "select coalesce(sum(pg_total_relation_size(oid)), 0)::float8 as bytes from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'",
    )
  ).rows[0].bytes;

/**
 * A database with no migration applied (to test a migration on older rows): a new schema named `schema`, in the
 * worker's PGlite or on DATABASE_URL; `close` drops it.
 */
export const blankDb = (schema: string): Promise<Db> => schemaDb(schema);

/** A PGlite of the file's own with no table: a schema of the worker's PGlite, or on DATABASE_URL a new in-memory one. */
export async function pgliteDb(): Promise<Db> {
  if (!process.env.DATABASE_URL) return schemaDb(schemaName(`pglite_${process.pid}_${Math.random().toString(36).slice(2, 8)}`));
  return pgliteFrom(images()?.blank);
}

// PGlite: each table emptied with `delete` (TRUNCATE makes new files for every table and index: about 50 ms a time in
// PGlite's in-memory file system against 2 to 10 for this), foreign keys not checked meanwhile (session_replication_role,
// this transaction only), and every sequence that was used set back to its start, as `truncate ... restart identity`
// does. The deletes name their tables, in a function of the session's own (pg_temp, gone with the database) made once
// per database: PL/pgSQL keeps each statement's plan from one call to the next, where a `do` block compiled and planned
// them all again at every reset (about 4 ms of the worker's time a test, a fifth of its database time).
const resetSql = new WeakMap<Db["query"], Promise<string>>();
let resets = 0;
async function makeResetSql(db: Db) {
  const { rows } = await db.query<{ t: string }>(
    "select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations' order by 1",
  );
  // Each sequence's name as a quoted literal, and its start.
  const { rows: sequences } = await db.query<{ s: string; start: string }>(
    "select format('%L', format('%I.%I', schemaname, sequencename)) as s, start_value::text as start from pg_sequences where schemaname = current_schema() order by 1",
  );
  const name = `pg_temp.fixit_reset_${++resets}`;
  await db.exec(`create function ${name}() returns void language plpgsql as $$ begin
  perform set_config('session_replication_role', 'replica', true);
  ${rows.map((r) => `delete from ${r.t};`).join("\n  ")}
  ${sequences.map(({ s, start }) => `if pg_sequence_last_value(${s}::regclass) is not null then perform setval(${s}, ${start}, false); end if;`).join("\n  ")}
end $$`);
  return `select ${name}()`;
}

/** Empties every table (between tests), keeping the schema; identities start again. */
export async function resetDb(db: Db) {
  if (db.kind !== "pglite") return truncateAll(db);
  let sql = resetSql.get(db.query);
  if (!sql) resetSql.set(db.query, (sql = makeResetSql(db)));
  await db.exec(await sql);
}

/** Empties every table with TRUNCATE, which also gives back the space `delete` leaves (at the start of a file: testDb). */
async function truncateAll(db: Db) {
  const { rows } = await db.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'",
  );
  if (rows.length) await db.exec(`truncate ${rows.map((r) => `"${r.tablename}"`).join(", ")} restart identity cascade`);
}

/** The app over `db` with a quiet log and a mailer that keeps what it sends. */
export function testApp(db: Db, extra: Partial<Deps> = {}) {
  const sent: Mail[] = [];
  const logs: Record<string, unknown>[] = [];
  const app = createApp({
    db,
    log: (e) => logs.push(e),
    mailer: { send: async (m) => void sent.push(m) },
    ...extra,
  });
  const json = (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  return { app, sent, logs, json };
}

const shared = new WeakMap<Db, ReturnType<typeof testApp>>();
/**
 * One testApp per database for calls that read only the answer: a new app compiles its router on its first request
 * (about 5 ms), which a file making hundreds of calls would pay for each. What it logs and mails piles up: a test that
 * reads `sent` or `logs` makes its own testApp.
 */
export function sharedApp(db: Db) {
  let app = shared.get(db);
  if (!app) shared.set(db, (app = testApp(db)));
  return app;
}
