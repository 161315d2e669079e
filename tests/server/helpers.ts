import { type Db, migrate, openPglite, openPostgres } from "../../server/db/db";
import { createApp } from "../../server/app";
import type { Deps } from "../../server/lib/env";
import type { Mail } from "../../server/mail/mailer";

/** One database per test file: in-memory PGlite, or a fresh schema on the server DATABASE_URL names (npm run test:pg). */
export async function testDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const db = url ? await openPostgres(url, schema) : await openPglite();
  await migrate(db);
  if (!url) return db;
  // A test schema on a shared server is dropped when its file is done.
  const close = db.close;
  return { ...db, close: async () => (await db.exec(`drop schema "${schema}" cascade`), close()) };
}

/** Empties every table (between tests), keeping the schema. */
export async function resetDb(db: Db) {
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
