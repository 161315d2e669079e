// D23: a write that carries an Idempotency-Key (the app makes one when the user presses the button, and its outbox
// repeats the request with it after a dropped connection) is done once; a repeat within 24 hours gets the first answer.
// Keys live in the database (D25), per account, so another user's key can never replay someone else's answer, and the
// database decides which request runs a key, whichever server process each lands on:
//
// - A key names one request: its route, its query string and a sha256 of its body (JSON or an upload's raw bytes).
//   The same key with anything else is refused with 422 and never runs.
// - The first request inserts the key as 'pending' (insert … on conflict do nothing) and runs the write; a success
//   (2xx) stores its status and body. A refusal (4xx), a failure (5xx) or a thrown error stores nothing: the row goes,
//   so the outbox can send the same key again once the user has fixed the cause (a refusal changes nothing).
// - Repeats that arrive meanwhile wait for the stored answer (polling the row, up to WAIT_MS) and answer it; after
//   that, 409 "still being processed" with Retry-After. A pending row older than STALE_PENDING belongs to a request
//   whose process died: the next repeat takes the key over and runs it.
import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Queryable } from "../db/db";
import type { AuthedEnv } from "./auth";
import { HttpError } from "./http";
import { type MessageKey, msg } from "./i18n";
import { UPLOAD_RULES } from "./uploads";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** How long a repeat waits for the first request's answer before it is told to try again (409). */
export const WAIT_MS = 12_000;
/** The longest pause between two looks at a pending key (the first ones are shorter: 10, 20, 40, 80 ms). */
const POLL_MAX_MS = 100;
/** A pending key this old is taken over by the next repeat (its request died with its process). */
const STALE_PENDING = "2 minutes";
/** The largest body a route with a key takes (a video, D21). A larger one declared up front is left to the route's own limit. */
const MAX_BODY = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** What a key stands for: the route, the query string ('' for none) and the body's sha256 (hex). */
interface RequestId {
  route: string;
  query: string;
  bodyHash: string;
}

interface KeyRow {
  route: string;
  query: string | null;
  body_hash: string | null;
  state: "pending" | "done";
  status: number | null;
  body: unknown;
}

const refused = (key: MessageKey) => new HttpError(422, msg(key), { [IDEMPOTENCY_HEADER]: msg(key) });

/**
 * The request's body bytes, read without taking them from the route: a body a check before has read comes from Hono's
 * cache; an unread one is read here (capped at MAX_BODY, 413 above) and put back as the request's body, so the route's
 * own size limit and `c.req.json()` / `c.req.arrayBuffer()` see it as sent. Null: the body declares more than any route
 * takes (the route refuses it).
 */
async function requestBytes(c: Context): Promise<Uint8Array | null> {
  const raw = c.req.raw;
  if (!raw.body) return new Uint8Array(0);
  if (raw.bodyUsed || Object.keys(c.req.bodyCache).length > 0) return new Uint8Array(await c.req.arrayBuffer());
  if (!raw.headers.has("transfer-encoding") && Number(raw.headers.get("content-length")) > MAX_BODY) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, msg("tooLarge"));
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  c.req.raw = new Request(raw, { body: bytes });
  return bytes;
}

/**
 * Takes the key for this request: a new row, or one whose 24 hours have passed, or a pending one left by a request
 * that died. True when this request is to run the write.
 */
async function claim(db: Queryable, userId: number, key: string, id: RequestId, token: string): Promise<boolean> {
  const { rows } = await db.query(
    `insert into idempotency_keys as k (user_id, key, route, query, body_hash, state, token, status, body)
     values ($1, $2, $3, $4, $5, 'pending', $6, null, null)
     on conflict (user_id, key) do update
        set route = excluded.route, query = excluded.query, body_hash = excluded.body_hash, state = 'pending',
            token = excluded.token, status = null, body = null, created_at = now()
      where k.created_at <= now() - interval '24 hours' or (k.state = 'pending' and k.created_at <= now() - interval '${STALE_PENDING}')
     returning 1`,
    [userId, key, id.route, id.query, id.bodyHash, token],
  );
  return rows.length > 0;
}

/** Runs the write of a claimed key; stores its answer when it succeeded, lets go of the key otherwise. */
async function run(c: Context<AuthedEnv>, next: Next, userId: number, key: string, token: string) {
  const { db, log } = c.var;
  let keep = false;
  try {
    await next();
    const res = c.res;
    if (res.status < 200 || res.status >= 300 || !(res.headers.get("content-type") ?? "").includes("application/json")) return;
    keep = true;
    try {
      await db.query("update idempotency_keys set state = 'done', status = $4, body = $5 where user_id = $1 and key = $2 and token = $3", [
        userId,
        key,
        token,
        res.status,
        JSON.stringify(await res.clone().json()),
      ]);
    } catch (e) {
      // The write is done and its answer goes out; repeats wait for STALE_PENDING, then run it again.
      log({ msg: "idempotency answer not stored", error: String((e as Error)?.message ?? e) });
    }
  } finally {
    if (!keep)
      await db
        .query("delete from idempotency_keys where user_id = $1 and key = $2 and token = $3 and state = 'pending'", [userId, key, token])
        .catch((e) => log({ msg: "idempotency key not released", error: String((e as Error)?.message ?? e) }));
  }
}

/**
 * Behind requireAuth: runs a write with an Idempotency-Key once per account (see the top of this file). `waitMs`: how
 * long a repeat waits for the first request's answer (tests shorten it).
 */
export function idempotent(options: { waitMs?: number } = {}): MiddlewareHandler<AuthedEnv> {
  const waitMs = options.waitMs ?? WAIT_MS;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (!key) return next();
    if (!KEY.test(key)) throw refused("idempotencyKey");
    const bytes = await requestBytes(c);
    if (!bytes) return next();
    const id: RequestId = {
      route: `${c.req.method} ${c.req.path}`,
      query: new URL(c.req.url).search.slice(1),
      bodyHash: createHash("sha256").update(bytes).digest("hex"),
    };
    const userId = c.var.user.user_id;
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    for (let delay = 10; ; delay = Math.min(delay * 2, POLL_MAX_MS)) {
      if (await claim(c.var.db, userId, key, id, token)) return run(c, next, userId, key, token);
      const { rows } = await c.var.db.query<KeyRow>(
        "select route, query, body_hash, state, status, body from idempotency_keys where user_id = $1 and key = $2",
        [userId, key],
      );
      const row = rows[0];
      // The request that had the key failed and let it go: claim it again.
      if (!row) continue;
      // One key, one write: the same key on another route is a client's mistake, not a repeat.
      if (row.route !== id.route) throw refused("idempotencyKey");
      // Rows stored before migration 016 know neither (they are compared by route).
      if ((row.query !== null && row.query !== id.query) || (row.body_hash !== null && row.body_hash !== id.bodyHash)) throw refused("idempotencyReused");
      if (row.state === "done") {
        c.header("Idempotent-Replayed", "true");
        return c.json(row.body as object, row.status as ContentfulStatusCode);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new HttpError(409, msg("idempotencyPending"), undefined, { "Retry-After": "2" });
      await sleep(Math.min(delay, left));
    }
  };
}
