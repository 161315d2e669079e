import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../../server/lib/http";
import { parseRange, sendStored } from "../../server/lib/serve-file";
import { diskStorage } from "../../server/lib/storage";

let dir: string;
const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 31) & 255);
let app: Hono;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fixit-serve-"));
  const storage = diskStorage(dir);
  await storage.put("issues/1/clip.mp4", bytes, "video/mp4");
  await storage.put("properties/2/lease.pdf", new Uint8Array([37, 80, 68, 70]), "application/pdf");
  app = new Hono();
  app.get("/video", (c) => sendStored(c, storage, "issues/1/clip.mp4"));
  app.get("/lease", (c) => sendStored(c, storage, "properties/2/lease.pdf", { downloadName: "عقد الإيجار.pdf" }));
  app.get("/gone", (c) => sendStored(c, storage, "issues/1/none.mp4"));
  app.onError((err, c) => (err instanceof HttpError ? c.json(err.body("en"), err.status) : c.json({ detail: String(err) }, 500)));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, range?: string) => app.request(path, { headers: range ? { range } : {} });

describe("serving stored files", () => {
  it("sends the whole file with its type, length and range support", async () => {
    const res = await get("/video");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toContain("private");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("answers a video player's range with 206 and only those bytes", async () => {
    const res = await get("/video", "bytes=100-199");
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(res.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true);
    const first = await get("/video", "bytes=0-1");
    expect([...new Uint8Array(await first.arrayBuffer())]).toEqual([...bytes.subarray(0, 2)]);
  });

  it("serves open-ended and suffix ranges", async () => {
    const open = await get("/video", "bytes=990-");
    expect(open.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect([...new Uint8Array(await open.arrayBuffer())]).toEqual([...bytes.subarray(990)]);
    const suffix = await get("/video", "bytes=-3");
    expect(suffix.headers.get("content-range")).toBe("bytes 997-999/1000");
    expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([...bytes.subarray(997)]);
  });

  it("answers 416 for a range past the end", async () => {
    const res = await get("/video", "bytes=1000-1005");
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */1000");
  });

  it("offers a document as a download under its display name", async () => {
    const res = await get("/lease");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("عقد الإيجار.pdf")}`);
  });

  it("answers 404 with a detail for a file that is gone", async () => {
    const res = await get("/gone");
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBe("Not found.");
  });

  it("parses ranges", () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange("bytes=0-0,5-6", 10)).toBeNull();
    expect(parseRange("bytes=2-100", 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange("bytes=5-2", 10)).toBe("bad");
    expect(parseRange("bytes=-0", 10)).toBe("bad");
  });
});
