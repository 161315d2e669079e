// Sends a stored file (D21): whole, or the byte range a video player asks for (iOS Safari plays a video only from a
// server that answers ranges with 206). Who may see the file is the route's decision, made before calling this.
import type { Context } from "hono";
import { HttpError } from "./http";
import { msg } from "./i18n";
import type { ByteRange, Storage } from "./storage";

/** A single `bytes=` range resolved against `size`; null for none or a form this does not serve (several ranges); "bad" when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "bad" {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    // "bytes=-500": the last 500 bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return "bad";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "bad";
  return { start, end };
}

export interface SendOptions {
  /** Offer the file as a download with this name (documents); otherwise it is shown inline. */
  downloadName?: string;
}

/** Answers GET (and HEAD) for a stored file: 200, 206 for a Range, 416 for a range past the end, 404 when it is gone. */
export async function sendStored(c: Context, storage: Storage, key: string, { downloadName }: SendOptions = {}): Promise<Response> {
  const info = await storage.stat(key);
  if (!info) throw new HttpError(404, msg("notFound"));
  const range = parseRange(c.req.header("range"), info.size);
  const headers: Record<string, string> = {
    "Content-Type": info.contentType,
    "Accept-Ranges": "bytes",
    // Behind access checks: browsers may keep it, shared caches may not. Keys are random and never reused.
    "Cache-Control": "private, max-age=86400",
    "X-Content-Type-Options": "nosniff",
  };
  if (downloadName) headers["Content-Disposition"] = `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
  if (range === "bad") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${info.size}` } });
  const file = await storage.get(key, range ?? undefined);
  if (!file) throw new HttpError(404, msg("notFound"));
  if (!range) return new Response(file.body, { status: 200, headers: { ...headers, "Content-Length": String(info.size) } });
  return new Response(file.body, {
    status: 206,
    headers: { ...headers, "Content-Length": String(range.end - range.start + 1), "Content-Range": `bytes ${range.start}-${range.end}/${info.size}` },
  });
}
