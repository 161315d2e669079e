import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Db, migrate, openPglite, openPostgres } from "../../server/db/db";
import { createApp } from "../../server/app";
import type { Deps } from "../../server/lib/env";
import type { Mail } from "../../server/mail/mailer";

// One database per test worker (issue 16): PGlite takes seconds to start, so a worker opens its database once (the
// server project runs its files one after another in each worker: vitest.config.ts, isolate false) and every file
// gets it emptied. On PGlite it starts from the migrated image global-setup.ts made; on DATABASE_URL (npm run test:pg)
// it is a schema of this run, dropped when the run ends.

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

/** A migrated database of its own: PGlite from the image, or a new schema on DATABASE_URL, dropped when closed. */
async function openMigrated(tag: string): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const schema = schemaName(tag);
  const db = url ? await openPostgres(url, schema) : await pgliteFrom(images()?.migrated);
  // Nothing to apply when the image is current; applies what it lacks otherwise.
  await migrate(db);
  if (!url) return db;
  const close = db.close;
  return { ...db, close: async () => (await db.exec(`drop schema if exists "${schema}" cascade`), close()) };
}

const WORKER_DB = Symbol.for("fixit.tests.workerDb");
const holder = globalThis as { [WORKER_DB]?: Promise<Db> };

/**
 * The worker's database, emptied (every table; identities restart). The same one for each file of the worker: its
 * `close` does nothing (the database goes with the worker). `own: true` gives a database of the file's own instead,
 * closed (its schema dropped) by `close`: for a file that adds tables or migrations, or cuts connections.
 */
export async function testDb(opts: { own?: boolean } = {}): Promise<Db> {
  if (opts.own) return openMigrated(`own_${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
  const shared = holder[WORKER_DB] ?? (holder[WORKER_DB] = openMigrated(`w${process.env.VITEST_POOL_ID ?? process.pid}`));
  let db: Db;
  try {
    db = await shared;
  } catch (e) {
    holder[WORKER_DB] = undefined;
    throw e;
  }
  await truncateAll(db);
  // The tables as they are now (this file's delete list).
  resetSql.delete(db.query);
  return { ...db, close: async () => undefined };
}

/**
 * A database with no migration applied (to test a migration on older rows): PGlite from the blank image, or a new
 * schema on DATABASE_URL (`schema` names it, so the caller can drop it).
 */
export async function blankDb(schema: string): Promise<Db> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url, schema) : blankPglite();
}

/** An in-memory PGlite with no migration applied, as openPglite() gives, started from the blank image (no initdb). */
export const blankPglite = () => pgliteFrom(images()?.blank);

// PGlite: each table emptied with `delete` (TRUNCATE makes new files for every table and index: about 50 ms a time in
// PGlite's in-memory file system against 2 to 10 for this), foreign keys not checked meanwhile (session_replication_role,
// this transaction only), and every sequence that was used set back to its start, as `truncate ... restart identity`
// does. The statement names its tables (a loop of EXECUTEs plans each delete anew): made once per database.
const resetSql = new WeakMap<Db["query"], Promise<string>>();
async function makeResetSql(db: Db) {
  const { rows } = await db.query<{ t: string }>(
    "select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations' order by 1",
  );
  return `do $$ begin
  perform set_config('session_replication_role', 'replica', true);
  ${rows.map((r) => `delete from ${r.t};`).join("\n  ")}
  perform setval(format('%I.%I', schemaname, sequencename), start_value, false)
     from pg_sequences where schemaname = current_schema() and last_value is not null;
end $$`;
}

/** Empties every table (between tests), keeping the schema; identities start again. */
export async function resetDb(db: Db) {
  if (db.kind !== "pglite") return truncateAll(db);
  let sql = resetSql.get(db.query);
  if (!sql) resetSql.set(db.query, (sql = makeResetSql(db)));
  await db.exec(await sql);
}

/** Empties every table with TRUNCATE, which also gives back the space `delete` leaves (at the start of each file). */
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
