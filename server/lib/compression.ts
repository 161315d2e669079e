import { deflateSync, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

export const COMPRESS_THRESHOLD = 1024;

const IN_MEMORY_TYPES = /^(application\/json|text\/(html|plain))/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** gzip when the client takes it (gzip first, as hono's compress), else deflate, else nothing; q=0 refuses. */
function encodingFor(accept: string | undefined): "gzip" | "deflate" | null {
  if (!accept) return null;
  const q = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, "i").exec(accept);
    return m ? Number(m[1] ?? 1) : 0;
  };
  const gzip = q("gzip") || q("\\*");
  const deflate = q("deflate") || q("\\*");
  if (gzip > 0 && gzip >= deflate) return "gzip";
  return deflate > 0 ? "deflate" : null;
}

/**
 * The text of an answer @hono/node-server built from a string (what c.json and c.html make): its lightweight Response
 * keeps [status, body, headers] under a symbol described "cache", and writes such a body straight to the socket.
 * Reading `body` or `arrayBuffer()` instead would build a full web Response and stream (profiled at 5% of a list).
 * Undefined for any other answer (tests' app.request(), files, streams), which is then read the ordinary way.
 */
export function bodyText(res: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
  const cached = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  return Array.isArray(cached) && typeof cached[1] === "string" ? cached[1] : undefined;
}

/**
 * zlib's window for `length` bytes: the smallest that still reaches back over the whole answer (zlib keeps 262 bytes
 * of it for lookahead), so the gzip is byte for byte the one the default 32 KB window makes. Each call sets up its
 * window and hash tables anew, which for an answer of a few KB cost about a third of the compression (issue 16:
 * a job list of 5.5 KB, 46 µs to 31).
 */
export const windowFor = (length: number) => Math.max(9, Math.min(15, Math.ceil(Math.log2(length + 262))));

/**
 * Answers built in memory (c.json, c.html): compressed here at once with zlib's synchronous calls, which for a few KB
 * cost a fraction of hono's CompressionStream (a web stream per answer, profiled at about 5% of a list's time).
 * Small ones get a Content-Length so the threshold applies. An answer of @hono/node-server's is kept lightweight
 * (issue 16): its headers are changed in place when it stays as it is, and a compressed one replaces it without
 * reading its statusText or body, each of which builds a full web Response and stream (a tenth of a millisecond).
 */
async function compressInMemory(c: Context): Promise<void> {
  const res = c.res;
  const type = res.headers.get("content-type") ?? "";
  if (res.headers.has("content-length") || res.headers.has("content-encoding") || !IN_MEMORY_TYPES.test(type)) return;
  const text = bodyText(res);
  if (text === undefined && !res.body) return;
  const length = text !== undefined ? Buffer.byteLength(text) : undefined;
  if (length !== undefined && length < COMPRESS_THRESHOLD) {
    res.headers.set("content-length", String(length));
    return;
  }
  const bytes = text !== undefined ? Buffer.from(text) : new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  const encoding =
    bytes.byteLength >= COMPRESS_THRESHOLD && res.status !== 206 && c.req.method !== "HEAD" && !NO_TRANSFORM.test(headers.get("cache-control") ?? "")
      ? encodingFor(c.req.header("accept-encoding"))
      : null;
  let body: Uint8Array<ArrayBuffer> = bytes as Uint8Array<ArrayBuffer>;
  if (bytes.byteLength >= COMPRESS_THRESHOLD) {
    const vary = headers.get("vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  if (encoding) {
    // A kept answer (lib/answer-cache.ts) carries what it was compressed to before.
    const encoded = c.get("encoded") as Map<string, Uint8Array> | undefined;
    let made = encoded?.get(encoding);
    if (!made) {
      const options = { windowBits: windowFor(bytes.byteLength) };
      made = encoding === "gzip" ? gzipSync(bytes, options) : deflateSync(bytes, options);
      encoded?.set(encoding, made);
    }
    body = made as Uint8Array<ArrayBuffer>;
    headers.set("content-encoding", encoding);
  }
  headers.set("content-length", String(body.byteLength));
  // Every header is copied above: clearing c.res first spares hono's merge of the old answer's headers into the new,
  // which reads the new one's body. A lightweight answer's statusText is its status's standard one.
  const init: ResponseInit = text !== undefined ? { status: res.status, headers } : { status: res.status, statusText: res.statusText, headers };
  c.res = undefined as unknown as Response;
  c.res = new Response(body, init);
}

/**
 * gzip (or deflate) for every answer over 1 KB whose type compresses, API answers included; registered before the
 * routes so it wraps them all. Answers built in memory are compressed at once (compressInMemory); files and other
 * streamed answers through hono's compress.
 */
export function compressAnswers(): MiddlewareHandler {
  const streamed = compress({ threshold: COMPRESS_THRESHOLD });
  return (c, next) =>
    streamed(c, async () => {
      await next();
      await compressInMemory(c);
    });
}
