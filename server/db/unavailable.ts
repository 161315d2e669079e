// D24: while PostgreSQL cannot be reached, requests answer 503 (and succeed again once it is back), never 500.

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED"]);
// SQLSTATE: 57P01 admin_shutdown (pg_terminate_backend, a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections; class 08 is "connection exception".
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
// node-postgres says these in words only.
const MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /connection is closed/i,
  /cannot use a pool after calling end/i,
];

/** Whether `err` means the database could not be reached (rather than a bad query). */
export function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  const code = typeof e.code === "string" ? e.code : "";
  if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof e.message === "string" ? e.message : "";
  return MESSAGES.some((m) => m.test(message));
}
