import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * JSON text made elsewhere (the database's row_to_json, issue 16), sent as it is inside an answer instead of being
 * parsed into objects and written out again: most of a list's time on the server was that round trip.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON.stringify where each RawJson stands as its own text. It first stands as a marker string (a NUL, its index, a
 * NUL), which no other string can be: PostgreSQL text holds no NUL, and the API refuses one in a request.
 */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => (v instanceof RawJson ? `\u0000${raws.push(v.text) - 1}\u0000` : v));
  return raws.length ? text.replace(/"\\u0000(\d+)\\u0000"/g, (_, i: string) => raws[Number(i)]) : text;
}

/** c.json for an answer that may hold RawJson. */
export const jsonAnswer = (c: Context, value: unknown, status: ContentfulStatusCode = 200) =>
  c.body(stringifyWithRaw(value), status, { "Content-Type": "application/json" });
