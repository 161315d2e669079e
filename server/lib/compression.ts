import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

export const COMPRESS_THRESHOLD = 1024;

/** Answers built in memory (c.json, c.html) carry no Content-Length; give them one so the threshold can apply. */
async function measure(c: Context) {
  const res = c.res;
  const type = res.headers.get("content-type") ?? "";
  if (!res.body || res.headers.has("content-length") || !/^(application\/json|text\/(html|plain))/i.test(type)) return;
  const bytes = await res.arrayBuffer();
  const sized = new Response(bytes, res);
  sized.headers.set("content-length", String(bytes.byteLength));
  c.res = sized;
}

/**
 * gzip (or deflate) for every answer over 1 KB whose type compresses, API answers included; registered before the
 * routes so it wraps them all.
 */
export function compressAnswers(): MiddlewareHandler {
  const gzip = compress({ threshold: COMPRESS_THRESHOLD });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      await measure(c);
    });
}
