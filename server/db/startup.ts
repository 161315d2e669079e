import { resolve } from "node:path";
import { DataDirError } from "./data-dir";

/** One sentence for a failed start (no stack trace): what could not be used, and where. */
export function startupFailure(e: unknown, env: { DATABASE_URL?: string; DATA_DIR?: string } = process.env): string {
  if (e instanceof DataDirError) return e.message;
  const err = e as { message?: string; code?: string; errno?: number; name?: string } | null;
  const why = err?.message || err?.code || (err?.errno !== undefined ? `${err?.name ?? "error"} ${err.errno}` : String(e));
  if (env.DATABASE_URL) {
    let where = "the server of DATABASE_URL";
    try {
      const url = new URL(env.DATABASE_URL);
      where = `PostgreSQL at ${url.hostname}:${url.port || 5432} (DATABASE_URL)`;
    } catch {
      /* not a URL: pg will have said so */
    }
    return `Cannot start: the database at ${where} could not be used: ${why}.`;
  }
  return `Cannot start: the embedded database in the data directory ${resolve(env.DATA_DIR ?? "./.data")} could not be opened: ${why}.`;
}
