// Upload acceptance (D21). The app sends one file per request as the raw request body (not multipart): the bytes are
// the file, so a route caps them with hono/body-limit before reading, and a dropped connection loses one file only.
// The server recognises the file by its bytes (file-type), never by the name or Content-Type the client sends, and
// stores it under a random name with the extension of what it really is.
//
//   api.post("/property/media", requireAuth, uploadLimit(UPLOAD_RULES.document), async (c) => {
//     …check the caller may add to this property…
//     const file = await receiveUpload(c, UPLOAD_RULES.document, storage, `properties/${id}`);
//     …insert a row with file.key (on failure: await storage.delete(file.key))…
//   });
//
// The app sends `Content-Type` of the file and may send `X-File-Name` (URL-encoded) for a document's display name.
import { randomBytes } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HttpError } from "./http";
import { type Text, msg } from "./i18n";
import { closesAfter } from "./request-guards";
import type { Storage } from "./storage";

export type UploadKind = "jpeg" | "png" | "webp" | "heic" | "mp4" | "mov" | "pdf";

const MB = 1024 * 1024;

/** What each kind is stored as, and how file-type names it. */
const KINDS: Record<UploadKind, { ext: string; mime: string; label: string; sniffed: string[] }> = {
  jpeg: { ext: "jpg", mime: "image/jpeg", label: "JPEG", sniffed: ["jpg"] },
  png: { ext: "png", mime: "image/png", label: "PNG", sniffed: ["png"] },
  webp: { ext: "webp", mime: "image/webp", label: "WebP", sniffed: ["webp"] },
  // iPhone photos; file-type also calls HEIF stills (brand mif1) heic. Image sequences are not photos.
  heic: { ext: "heic", mime: "image/heic", label: "HEIC", sniffed: ["heic"] },
  // M4V is Apple's MP4 brand: the same container, so it counts as MP4.
  mp4: { ext: "mp4", mime: "video/mp4", label: "MP4", sniffed: ["mp4", "m4v"] },
  mov: { ext: "mov", mime: "video/quicktime", label: "MOV", sniffed: ["mov"] },
  pdf: { ext: "pdf", mime: "application/pdf", label: "PDF", sniffed: ["pdf"] },
};

/** A route's rule: the kinds it takes and the byte cap of its body, optionally tighter per kind. */
export interface UploadRule {
  kinds: UploadKind[];
  maxBytes: number;
  maxBytesByKind?: Partial<Record<UploadKind, number>>;
}

const PHOTO: UploadKind[] = ["jpeg", "png", "webp", "heic"];
const VIDEO: UploadKind[] = ["mp4", "mov"];

/** The rules of D21: photos and documents 10 MB, a video 50 MB; issue media takes either, each with its own cap. */
export const UPLOAD_RULES = {
  photo: { kinds: PHOTO, maxBytes: 10 * MB },
  document: { kinds: ["pdf", ...PHOTO], maxBytes: 10 * MB },
  video: { kinds: VIDEO, maxBytes: 50 * MB },
  media: { kinds: [...PHOTO, ...VIDEO], maxBytes: 50 * MB, maxBytesByKind: { jpeg: 10 * MB, png: 10 * MB, webp: 10 * MB, heic: 10 * MB } },
} satisfies Record<string, UploadRule>;

/** An upload refused: 413 too large, 415 not an accepted type, 422 empty. */
export class UploadError extends HttpError {
  constructor(status: 413 | 415 | 422, detail: Text) {
    super(status, detail);
  }
}

const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
const tooLarge = (max: number) => new UploadError(413, msg("fileTooLarge", { max: megabytes(max) }));
const list = (kinds: UploadKind[]) => {
  const labels = kinds.map((k) => KINDS[k].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : labels[0];
};

export interface Sniffed {
  kind: UploadKind;
  ext: string;
  mime: string;
}

/** The accepted kind the bytes really are, or null for anything else (text, HTML, SVG, archives, …). */
export async function sniff(bytes: Uint8Array): Promise<Sniffed | null> {
  // file-type is loaded with the first upload, not at server start.
  const { fileTypeFromBuffer } = await import("file-type");
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (found.mime.endsWith("-sequence")) return null;
  for (const [kind, k] of Object.entries(KINDS) as [UploadKind, (typeof KINDS)[UploadKind]][])
    if (k.sniffed.includes(found.ext)) return { kind, ext: k.ext, mime: k.mime };
  return null;
}

/** A file stored by `acceptUpload`: its storage key (random name, real extension), kind, type and size. */
export interface StoredUpload {
  key: string;
  kind: UploadKind;
  contentType: string;
  size: number;
}

/** Checks bytes against a rule and stores them under `folder/<random>.<ext>`; throws UploadError when refused. */
export async function acceptUpload(bytes: Uint8Array, rule: UploadRule, storage: Storage, folder: string): Promise<StoredUpload> {
  if (bytes.byteLength === 0) throw new UploadError(422, msg("fileEmpty"));
  if (bytes.byteLength > rule.maxBytes) throw tooLarge(rule.maxBytes);
  const type = await sniff(bytes);
  if (!type || !rule.kinds.includes(type.kind)) throw new UploadError(415, msg("fileType", { kinds: list(rule.kinds) }));
  const cap = rule.maxBytesByKind?.[type.kind];
  if (cap !== undefined && bytes.byteLength > cap) throw tooLarge(cap);
  // 128 random bits: a name nobody can guess or collide with, and nothing of the client's file name.
  const key = `${folder.replace(/^\/+|\/+$/g, "")}/${randomBytes(16).toString("base64url")}.${type.ext}`;
  await storage.put(key, bytes, type.mime);
  return { key, kind: type.kind, contentType: type.mime, size: bytes.byteLength };
}

/** Caps the request body at the rule's size before anything reads it (413 with a `detail`), chunked bodies too. */
export function uploadLimit(rule: UploadRule): MiddlewareHandler {
  return bodyLimit({
    maxSize: rule.maxBytes,
    onError: (c) => {
      closesAfter(c);
      throw tooLarge(rule.maxBytes);
    },
  });
}

/** Reads the raw body of an upload request (behind `uploadLimit`) and accepts it; see `acceptUpload`. */
export async function receiveUpload(c: Context, rule: UploadRule, storage: Storage, folder: string): Promise<StoredUpload> {
  if ((c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/")) throw new UploadError(415, msg("fileNotMultipart"));
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return acceptUpload(bytes, rule, storage, folder);
}

/** The display name the app sent in `X-File-Name` (URL-encoded), cleaned of paths and control characters; null without one. */
export function displayName(c: Context): string | null {
  const raw = c.req.header("x-file-name");
  if (!raw) return null;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  name = (name.split(/[\\/]/).at(-1) ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a display name must lose.
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 120);
  return name || null;
}
