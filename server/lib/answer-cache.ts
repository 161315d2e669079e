// GET answers kept in memory and sent again while nothing in the database changed (issue 16): a technician's job list
// asked for again costs one session lookup instead of its query, its JSON and its gzip.
import type { MiddlewareHandler } from "hono";
import { type AuthedEnv, assertCaller, sessionWithMark } from "./auth";
import { clock } from "./clock";
import { bodyText } from "./compression";

/**
 * How long a kept answer may be sent again, at most, even with nothing written. What an answer says that changes with
 * time alone is the handler's to tell (keepUntil: an issue list until the first completed issue closes by itself);
 * this bounds anything else (a file's signed link lasts an hour or more).
 */
export const ANSWER_TTL_MS = 30_000;
/** At most this many answers and this many characters are kept per database; the oldest go first. */
const MAX_ANSWERS = 2_000;
const MAX_CHARS = 32 * 1024 * 1024;

interface Kept {
  text: string;
  type: string;
  /** The database's mark (sessionWithMark) read before the answer was: it holds while the mark is the same. */
  mark: string;
  at: number;
  /** Not sent again from then (ms): ANSWER_TTL_MS after `at`, or sooner when the handler said so (keepUntil). */
  until: number;
  /** Its gzip and deflate once made (lib/compression.ts), so a kept answer is compressed once. */
  encoded: Map<string, Uint8Array>;
}

interface Store {
  answers: Map<string, Kept>;
  chars: number;
}
const stores = new WeakMap<object, Store>();

function storeOf(db: object): Store {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = { answers: new Map(), chars: 0 }));
  return store;
}

function keep(store: Store, key: string, kept: Kept) {
  const old = store.answers.get(key);
  if (old) {
    store.answers.delete(key);
    store.chars -= old.text.length;
  }
  store.answers.set(key, kept);
  store.chars += kept.text.length;
  for (const [k, v] of store.answers) {
    if (store.answers.size <= MAX_ANSWERS && store.chars <= MAX_CHARS) break;
    store.answers.delete(k);
    store.chars -= v.text.length;
  }
}

/**
 * requireAuth(...roles) for a GET whose answer depends only on the caller's session, the request (its URL and
 * Accept-Language) and what the database holds: a 200 JSON answer is kept, and the same session asking the same again
 * gets it as long as the database's mark has not moved (no write since, in any process) and it is under
 * ANSWER_TTL_MS old. The session is looked up on every request, so a session that ended is refused at once as before.
 * A request with Cache-Control: no-cache is always read afresh.
 */
export function requireAuthKept(...roles: number[]): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const { user, mark, hash } = await sessionWithMark(c.var.db, c.req.header("authorization") ?? "");
    assertCaller(user, roles);
    c.set("user", user);
    if (c.req.method !== "GET") return next();
    const store = storeOf(c.var.db);
    // The session's token names its account: an answer is never another caller's.
    const key = `${hash} ${c.req.url} ${c.req.header("accept-language") ?? ""}`;
    const now = clock.now();
    // A request that says Cache-Control: no-cache is read afresh (as HTTP caches do), and kept for the next.
    const hit = /no-cache/i.test(c.req.header("cache-control") ?? "") ? undefined : store.answers.get(key);
    if (hit && hit.mark === mark && now >= hit.at && now < hit.until) {
      c.set("encoded", hit.encoded);
      return c.body(hit.text, 200, { "Content-Type": hit.type });
    }
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !type.startsWith("application/json") || res.headers.has("set-cookie")) return;
    const text = bodyText(res) ?? (await res.clone().text());
    const until = Math.min(now + ANSWER_TTL_MS, c.get("keepUntil") ?? Number.POSITIVE_INFINITY);
    const kept: Kept = { text, type, mark, at: now, until, encoded: new Map() };
    keep(store, key, kept);
    c.set("encoded", kept.encoded);
  };
}
