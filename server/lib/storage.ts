// Where uploaded files live (D21): one interface, the disk under FILES_DIR by default, an S3-compatible bucket when
// S3_URL (or the S3_* variables) is set, so several servers behind one load balancer share their media (D25).
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";

/** A stored file as read back: its bytes as a web stream (hand it to `c.body()`), its type, and how many bytes the stream holds when known. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size?: number;
}

/** Bytes `start` to `end` of a file, both included (an HTTP Range, resolved against the file's size). */
export interface ByteRange {
  start: number;
  end: number;
}

/** The one storage interface; keys are relative paths such as `properties/12/Xy3….jpg`. */
export interface Storage {
  /** "disk" or "s3", for the start-up log line. */
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file (or only `range` of it: videos are played in ranges), or null when there is none under that key. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** A file's size and type without its bytes, or null. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

// Letters, digits, dot, dash and underscore in slash-separated segments; no empty, "." or ".." segment, so a key can
// never climb out of FILES_DIR or address another bucket prefix.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws on a key that is not a plain relative path. */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split("/").some((s) => s === "." || s === ".." || s.includes("..")))
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

// The disk keeps no metadata beside a file, so its type comes back from the key's extension; upload keys always end
// with the extension of the type sniffed from their bytes (server/lib/uploads.ts).
const TYPE_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  gif: "image/gif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  mov: "video/quicktime",
  pdf: "application/pdf",
};
export const typeFromKey = (key: string) => TYPE_BY_EXT[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ""] ?? "application/octet-stream";

const isMissing = (e: unknown) => (e as { code?: string })?.code === "ENOENT" || (e as { code?: string })?.code === "ENOTDIR";

/** Files under `root` on this machine's disk. */
export function diskStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = join(base, checkKey(key));
    // Belt and braces beside checkKey: the joined path must stay inside the root.
    if (!p.startsWith(base + sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return p;
  };
  return {
    kind: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed into place, so a reader never sees half a file and a failed write leaves none.
      const tmp = `${path}.${randomBytes(6).toString("hex")}.part`;
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, path);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      let size: number;
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
        size = s.size;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
      const stream = range ? createReadStream(path, { start: range.start, end: range.end }) : createReadStream(path);
      const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
      return { body, contentType: typeFromKey(key), size: range ? Math.max(0, Math.min(range.end, size - 1) - range.start + 1) : size };
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { size: s.size, contentType: typeFromKey(key) } : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
    },
  };
}

/** What the S3 back end needs; `endpoint` is a full URL (http or https), addressed path-style. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Optional key prefix inside the bucket, without slashes at its ends. */
  prefix: string;
}

/**
 * Reads `S3_URL` or the S3_* variables; null when neither names a bucket.
 *
 * S3_URL forms: `s3://KEY:SECRET@host[:port]/bucket[/prefix][?region=…]` (https), `s3+http://…` or `http://…` for a
 * plain-HTTP store on a private network or loopback, `https://…` like `s3://`. Key and secret are URL-encoded.
 * Otherwise S3_ENDPOINT (a URL), S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION (default us-east-1).
 */
export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3Config | null {
  const region = env.S3_REGION || "us-east-1";
  if (env.S3_URL) {
    let u: URL;
    try {
      u = new URL(env.S3_URL);
    } catch {
      throw new Error("S3_URL is not a URL: expected s3://KEY:SECRET@host[:port]/bucket");
    }
    const scheme = u.protocol.replace(/:$/, "");
    const http = scheme === "s3+http" || scheme === "http";
    if (!["s3", "s3+https", "https", "s3+http", "http"].includes(scheme)) throw new Error(`S3_URL scheme ${scheme}: is not supported`);
    const [bucket, ...rest] = decodeURIComponent(u.pathname)
      .replace(/^\/+|\/+$/g, "")
      .split("/");
    if (!bucket || !u.host) throw new Error("S3_URL names no host or bucket: expected s3://KEY:SECRET@host[:port]/bucket");
    return {
      endpoint: `${http ? "http" : "https"}://${u.host}`,
      bucket,
      accessKeyId: decodeURIComponent(u.username) || env.S3_ACCESS_KEY_ID || "",
      secretAccessKey: decodeURIComponent(u.password) || env.S3_SECRET_ACCESS_KEY || "",
      region: u.searchParams.get("region") || region,
      prefix: rest.join("/"),
    };
  }
  if (!env.S3_BUCKET) return null;
  if (!env.S3_ENDPOINT) throw new Error("S3_BUCKET is set but S3_ENDPOINT is not (e.g. https://s3.me-south-1.amazonaws.com)");
  return {
    endpoint: env.S3_ENDPOINT.replace(/\/+$/, ""),
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    region,
    prefix: (env.S3_PREFIX ?? "").replace(/^\/+|\/+$/g, ""),
  };
}

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === "NoSuchKey" || err?.name === "NotFound" || err?.$metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket (AWS, MinIO, R2, …), path-style addressing; the SDK loads on first use. */
export function s3Storage(config: S3Config): Storage {
  // A dynamic import keeps @aws-sdk/client-s3 (megabytes of modules) out of a server that stores on disk.
  let loaded: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | null = null;
  const load = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: true,
        credentials: config.accessKeyId ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
        // Many S3-compatible stores reject the SDK's newer default checksum headers; send them only where S3 needs them.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${checkKey(key)}` : checkKey(key));
  const Bucket = config.bucket;
  const stat: Storage["stat"] = async (key) => {
    const { client, sdk } = await load();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType || typeFromKey(key) };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const { client, sdk } = await load();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async get(key, range) {
      const { client, sdk } = await load();
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key), Range }));
        if (!out.Body) return null;
        return {
          body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: out.ContentType || typeFromKey(key),
          size: out.ContentLength,
        };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      const { client, sdk } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
  };
}

/** The storage the environment asks for: S3 when S3_URL or S3_BUCKET is set, else the disk under FILES_DIR (default server/files). */
export function storageFromEnv(env: Record<string, string | undefined> = process.env): Storage {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? s3Storage(s3) : diskStorage(env.FILES_DIR || "server/files");
}

/** Reads a stored file's stream to the end (tests, small files). */
export async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}
