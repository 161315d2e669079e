import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../../server/lib/http";
import { diskStorage, readAll } from "../../server/lib/storage";
import { type UploadRule, UPLOAD_RULES, displayName, receiveUpload, sniff, uploadLimit } from "../../server/lib/uploads";

// --- Test files built from bytes ---------------------------------------------------------------------------------
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: number[]) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: number[]) => [...u32(data.length), ...ascii(type), ...data, ...u32(crc32([...ascii(type), ...data]))];
/** A real w×h RGB PNG. */
function png(w = 2, h = 2) {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) rows.push(0, ...Array.from({ length: w * 3 }, (_, i) => (i * 40 + y * 90) & 255));
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", [...u32(w), ...u32(h), 8, 2, 0, 0, 0]),
    ...chunk("IDAT", [...deflateSync(Buffer.from(rows))]),
    ...chunk("IEND", []),
  ]);
}
// JPEG: SOI and a JFIF APP0 segment; PDF: a header and a trailer; ISO media: an ftyp box with the brand.
const jpeg = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const pdf = () => new Uint8Array(ascii("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"));
const ftyp = (brand: string) =>
  new Uint8Array([...u32(24), ...ascii("ftyp"), ...ascii(brand), 0, 0, 2, 0, ...ascii(brand), ...ascii("mp41"), ...u32(8), ...ascii("mdat")]);
const webp = () => new Uint8Array([...ascii("RIFF"), 26, 0, 0, 0, ...ascii("WEBPVP8L"), 13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const text = (s: string) => new Uint8Array(Buffer.from(s));

// --- An app with upload routes, answering errors as server/app.ts does --------------------------------------------
let dir: string;
const files = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);

function makeApp() {
  const storage = diskStorage(dir);
  const app = new Hono();
  const route = (path: string, rule: UploadRule) =>
    app.post(path, uploadLimit(rule), async (c) => c.json({ ...(await receiveUpload(c, rule, storage, `t${path}`)), name: displayName(c) }, 201));
  route("/photo", UPLOAD_RULES.photo);
  route("/document", UPLOAD_RULES.document);
  route("/video", UPLOAD_RULES.video);
  route("/tiny", { kinds: ["png", "jpeg"], maxBytes: 1024 });
  route("/mixed", { kinds: ["png", "mp4"], maxBytes: 2048, maxBytesByKind: { png: 512 } });
  app.onError((err, c) => (err instanceof HttpError ? c.json(err.body("en"), err.status) : c.json({ detail: "boom" }, 500)));
  return { app, storage };
}
const send = (app: Hono, path: string, bytes: Uint8Array | ReadableStream, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", body: bytes, headers, ...(bytes instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "fixit-uploads-"));
});
// Each test's folder, not only the last.
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("uploads", () => {
  it("stores a PNG renamed .pdf and sent as application/pdf as a PNG on a photo route", async () => {
    const { app, storage } = makeApp();
    const bytes = png(3, 2);
    const res = await send(app, "/photo", bytes, { "content-type": "application/pdf", "x-file-name": "lease.pdf" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.kind).toBe("png");
    expect(body.contentType).toBe("image/png");
    expect(body.key).toMatch(/^t\/photo\/[A-Za-z0-9_-]{22}\.png$/);
    expect(body.key).not.toContain("lease");
    const stored = await storage.get(body.key);
    expect(stored?.contentType).toBe("image/png");
    expect(Buffer.from(await readAll(stored!.body)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses a text file named photo.jpg sent as image/jpeg, and stores nothing", async () => {
    const { app } = makeApp();
    const res = await send(app, "/photo", text("hello, this is not a photo\n"), { "content-type": "image/jpeg", "x-file-name": "photo.jpg" });
    expect(res.status).toBe(415);
    expect((await res.json()).detail).toMatch(/JPEG, PNG, WebP or HEIC/);
    expect(await files()).toEqual([]);
  });

  it("refuses an SVG (a picture that can carry script) on a photo route", async () => {
    const { app } = makeApp();
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await send(app, "/photo", svg, { "content-type": "image/svg+xml" })).status).toBe(415);
  });

  it("refuses an oversized body with 413 before storing it, with or without Content-Length", async () => {
    const { app } = makeApp();
    const big = new Uint8Array(1500);
    big.set(png());
    const res = await send(app, "/tiny", big, { "content-type": "image/png", "content-length": String(big.length) });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toMatch(/too large/);
    const stream = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < 3; i++) ctl.enqueue(big.subarray(i * 500, (i + 1) * 500));
        ctl.close();
      },
    });
    expect((await send(app, "/tiny", stream, { "content-type": "image/png" })).status).toBe(413);
    expect(await files()).toEqual([]);
    // Just under the cap goes through.
    expect((await send(app, "/tiny", big.subarray(0, 1024), { "content-type": "image/png" })).status).toBe(201);
  });

  it("caps a photo route at 10 MB", async () => {
    const { app } = makeApp();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png());
    expect((await send(app, "/photo", big, { "content-type": "image/png", "content-length": String(big.length) })).status).toBe(413);
  });

  it("applies a kind's own cap inside a route that takes several kinds", async () => {
    const { app } = makeApp();
    const padded = (head: Uint8Array, size: number) => {
      const b = new Uint8Array(size);
      b.set(head);
      return b;
    };
    expect((await send(app, "/mixed", padded(png(), 600))).status).toBe(413);
    expect((await send(app, "/mixed", padded(ftyp("isom"), 1500))).status).toBe(201);
  });

  it("refuses a PDF on a photo route and accepts it on a documents route", async () => {
    const { app } = makeApp();
    const onPhoto = await send(app, "/photo", pdf(), { "content-type": "application/pdf" });
    expect(onPhoto.status).toBe(415);
    const onDocs = await send(app, "/document", pdf(), { "content-type": "application/octet-stream", "x-file-name": encodeURIComponent("عقد الإيجار.pdf") });
    expect(onDocs.status).toBe(201);
    const body = await onDocs.json();
    expect(body).toMatchObject({ kind: "pdf", contentType: "application/pdf", name: "عقد الإيجار.pdf" });
    expect(body.key).toMatch(/\.pdf$/);
  });

  it("takes MP4 and MOV on a video route and refuses a photo there", async () => {
    const { app } = makeApp();
    const mp4 = await (await send(app, "/video", ftyp("isom"))).json();
    expect(mp4).toMatchObject({ kind: "mp4", contentType: "video/mp4" });
    const mov = await (await send(app, "/video", ftyp("qt  "))).json();
    expect(mov).toMatchObject({ kind: "mov", contentType: "video/quicktime" });
    expect(mov.key).toMatch(/\.mov$/);
    expect((await send(app, "/video", jpeg())).status).toBe(415);
  });

  it("refuses an empty body with 422 and a multipart form with 415", async () => {
    const { app } = makeApp();
    expect((await send(app, "/photo", new Uint8Array(0))).status).toBe(422);
    const form = await send(app, "/photo", png(), { "content-type": "multipart/form-data; boundary=x" });
    expect(form.status).toBe(415);
    expect((await form.json()).detail).toMatch(/request body/);
  });

  it("gives the same file a new random name each time", async () => {
    const { app } = makeApp();
    const a = (await (await send(app, "/photo", jpeg())).json()).key;
    const b = (await (await send(app, "/photo", jpeg())).json()).key;
    expect(a).toMatch(/\.jpg$/);
    expect(a).not.toBe(b);
    expect((await files()).length).toBe(2);
  });

  it("recognises each accepted kind by its bytes", async () => {
    expect((await sniff(jpeg()))?.kind).toBe("jpeg");
    expect((await sniff(png()))?.kind).toBe("png");
    expect((await sniff(webp()))?.kind).toBe("webp");
    expect((await sniff(ftyp("heic")))?.kind).toBe("heic");
    expect((await sniff(ftyp("mp42")))?.kind).toBe("mp4");
    expect((await sniff(ftyp("qt  ")))?.kind).toBe("mov");
    expect((await sniff(pdf()))?.kind).toBe("pdf");
    expect(await sniff(text("<html><body>hi</body></html>"))).toBeNull();
    expect(await sniff(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]))).toBeNull(); // GIF: not accepted
  });
});
