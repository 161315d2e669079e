// Checks every /api request passes before any route sees it.
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { msg, t } from "./i18n";

/**
 * Path prefixes under /api whose bodies are not JSON: the upload routes (D21: the raw file is the body), which cap
 * their own bodies with `uploadLimit` and check their bytes themselves.
 */
export const NON_JSON_BODY_ROUTES: readonly string[] = ["/api/property/media", "/api/issue/media", "/api/user/photo", "/api/company/logo"];

/**
 * Caps JSON bodies at `maxSize` (D15: 16 KB; 413 with a `detail`). The routes that take other bodies are skipped here
 * and cap their own, each with its size (uploads: `uploadLimit` in lib/uploads.ts), so a photo is not refused at 16 KB.
 */
export function jsonBodyLimit(maxSize: number, exempt: readonly string[] = NON_JSON_BODY_ROUTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => {
      closesAfter(c);
      return c.json({ detail: t(c, msg("tooLarge")) }, 413);
    },
  });
  // A read has no body to cap; asking for it would build the full web Request of every read (profiled at 3% of a list).
  return async (c, next) => (BODILESS.has(c.req.method) || exempt.some((p) => c.req.path.startsWith(p)) ? next() : limit(c, next));
}

/**
 * An answer given before the request's body was read (413): over HTTP/1.1 it says `Connection: close` and the
 * connection ends with it. Otherwise the client sends its next request on that connection while the server, which
 * drops a connection whose unread body it gave up waiting for (@hono/node-server drains for half a second), closes
 * it: found by sending malformed requests to every route, where the request after a too-large one failed as if offline.
 * Over HTTP/2 only the request's stream closes, and the header is not allowed.
 */
export function closesAfter(c: Context) {
  if ((c.env as { incoming?: { httpVersionMajor?: number } } | undefined)?.incoming?.httpVersionMajor === 1) c.header("Connection", "close");
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BODILESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `application/json`, with or without parameters such as `charset=utf-8` (also `application/problem+json` and the like). */
const isJsonType = (type: string | undefined) => {
  const media = type?.split(";")[0].trim().toLowerCase() ?? "";
  return media === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(media);
};

/**
 * A write with a body must say `Content-Type: application/json`: a cross-site form or `text/plain` post (sent by
 * browsers without a CORS preflight) answers 415 and never reaches a route. A body-less write passes.
 */
export function requireJsonBody(exempt: readonly string[] = NON_JSON_BODY_ROUTES): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITES.has(c.req.method) || exempt.some((p) => c.req.path.startsWith(p))) return next();
    if (c.req.raw.body === null || c.req.header("content-length") === "0" || isJsonType(c.req.header("content-type"))) return next();
    // Read (within the body limit, and kept for the route) to tell an empty body from one of the wrong type.
    if ((await c.req.text()).length === 0) return next();
    return c.json({ detail: t(c, msg("notJsonType")) }, 415);
  };
}

/** The path ("name", "addrs.city", "available.0.date") of the first string or key holding U+0000, "" for the root, or null. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\0") ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes("\0")) return path.join(".");
      const found = findNul(v, [...path, k]);
      if (found !== null) return found;
    }
  }
  return null;
}

const nul = (c: Context, field: string) => {
  const detail = t(c, msg("nulText"));
  return c.json({ detail, errors: { [field || "body"]: detail } }, 422);
};

/**
 * Refuses U+0000 anywhere in the path, the query string or the JSON body with 422: Postgres cannot store it in text
 * or jsonb, so it would otherwise end as a 500 deep in a route (D24).
 */
export function refuseNul(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      /* malformed escapes: the route answers */
    }
    if (path.includes("\0")) return nul(c, "path");
    for (const [k, v] of url.searchParams) if (k.includes("\0") || v.includes("\0")) return nul(c, k.replaceAll("\0", ""));
    if (WRITES.has(c.req.method) && c.req.raw.body !== null && isJsonType(c.req.header("content-type"))) {
      const text = await c.req.text();
      if (text.includes("\0")) return nul(c, "body");
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return next(); // not JSON: the route answers 400
      }
      const field = findNul(parsed);
      if (field !== null) return nul(c, field);
    }
    return next();
  };
}
