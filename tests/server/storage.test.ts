import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Storage, checkKey, diskStorage, readAll, s3ConfigFromEnv, storageFromEnv } from "../../server/lib/storage";

// Bytes that are not text, so a round trip that re-encoded them would show.
const sample = () => {
  const bytes = new Uint8Array(70_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 8)) & 0xff;
  return bytes;
};

/** The same contract for every back end. */
function roundTrips(name: string, make: () => Storage) {
  describe(`${name} storage`, () => {
    it("stores a file and reads the same bytes and type back", async () => {
      const storage = make();
      const bytes = sample();
      await storage.put("properties/7/photo-a.png", bytes, "image/png");
      expect(await storage.exists("properties/7/photo-a.png")).toBe(true);
      const file = await storage.get("properties/7/photo-a.png");
      expect(file).not.toBeNull();
      expect(file!.contentType).toBe("image/png");
      expect(file!.size).toBe(bytes.length);
      expect(Buffer.from(await readAll(file!.body)).equals(Buffer.from(bytes))).toBe(true);
    });

    it("answers null and false for a key that holds nothing", async () => {
      const storage = make();
      expect(await storage.get("properties/7/none.jpg")).toBeNull();
      expect(await storage.get("properties/7/none.jpg", { start: 0, end: 9 })).toBeNull();
      expect(await storage.stat("properties/7/none.jpg")).toBeNull();
      expect(await storage.exists("properties/7/none.jpg")).toBe(false);
    });

    it("reads a byte range and states a file's size and type", async () => {
      const storage = make();
      const bytes = sample();
      await storage.put("issues/9/video.mp4", bytes, "video/mp4");
      expect(await storage.stat("issues/9/video.mp4")).toEqual({ size: bytes.length, contentType: "video/mp4" });
      const part = await storage.get("issues/9/video.mp4", { start: 1000, end: 1999 });
      expect(part?.size).toBe(1000);
      expect(Buffer.from(await readAll(part!.body)).equals(Buffer.from(bytes.subarray(1000, 2000)))).toBe(true);
      const tail = await storage.get("issues/9/video.mp4", { start: bytes.length - 5, end: bytes.length - 1 });
      expect([...(await readAll(tail!.body))]).toEqual([...bytes.subarray(-5)]);
    });

    it("deletes a file, and deleting it again is not an error", async () => {
      const storage = make();
      await storage.put("issues/3/clip.mp4", new Uint8Array([1, 2, 3]), "video/mp4");
      await storage.delete("issues/3/clip.mp4");
      expect(await storage.exists("issues/3/clip.mp4")).toBe(false);
      expect(await storage.get("issues/3/clip.mp4")).toBeNull();
      await expect(storage.delete("issues/3/clip.mp4")).resolves.toBeUndefined();
    });

    it("replaces a file put again under the same key", async () => {
      const storage = make();
      await storage.put("users/1/me.jpg", new Uint8Array([1]), "image/jpeg");
      await storage.put("users/1/me.jpg", new Uint8Array([9, 9]), "image/jpeg");
      expect([...(await readAll((await storage.get("users/1/me.jpg"))!.body))]).toEqual([9, 9]);
    });

    it("refuses keys that climb out of their place", async () => {
      const storage = make();
      for (const key of ["../etc/passwd", "a/../../b.png", "/abs.png", "a//b.png", "a/./b.png", "a\\b.png", ""])
        await expect(storage.put(key, new Uint8Array([1]), "image/png"), key).rejects.toThrow(/Invalid storage key/);
    });
  });
}

let dir: string;
let s3dir: string;
let s3: S3rver;
let port = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fixit-disk-"));
  s3dir = await mkdtemp(join(tmpdir(), "fixit-s3-"));
  // An S3-compatible server from the npm registry, on loopback and a free port, with its data in a temporary folder.
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: "fixit-media" }] });
  ({ port } = await s3.run());
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
  await rm(s3dir, { recursive: true, force: true });
});

roundTrips("disk", () => diskStorage(dir));
// s3rver's built-in account is S3RVER / S3RVER; requests are signed and checked like AWS's.
roundTrips("S3", () => storageFromEnv({ S3_URL: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/fixit-media/media` }));

describe("storage choice", () => {
  it("keeps files on disk under FILES_DIR when no S3 variable is set", async () => {
    const storage = storageFromEnv({ FILES_DIR: dir });
    expect(storage.kind).toBe("disk");
    await storage.put("docs/lease.pdf", new Uint8Array([37, 80, 68, 70]), "application/pdf");
    expect([...(await readFile(join(dir, "docs/lease.pdf")))]).toEqual([37, 80, 68, 70]);
  });

  it("puts S3 objects under the bucket and prefix of S3_URL, path-style", async () => {
    const storage = storageFromEnv({ S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/fixit-media/tenant-a` });
    expect(storage.kind).toBe("s3");
    await storage.put("k/x.png", new Uint8Array([5, 6]), "image/png");
    // Read back through a storage without the prefix: the object sits at tenant-a/k/x.png in the bucket.
    const plain = storageFromEnv({ S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/fixit-media` });
    expect(await plain.exists("tenant-a/k/x.png")).toBe(true);
    expect(await plain.exists("k/x.png")).toBe(false);
  });

  it("reads the S3_* variables when S3_URL is absent", async () => {
    const storage = storageFromEnv({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "fixit-media",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
    await storage.put("vars/one.pdf", new Uint8Array([1, 2]), "application/pdf");
    const file = await storage.get("vars/one.pdf");
    expect(file?.contentType).toBe("application/pdf");
  });

  it("fails on wrong S3 credentials rather than pretending to store", async () => {
    const storage = storageFromEnv({ S3_URL: `s3+http://S3RVER:wrong@127.0.0.1:${port}/fixit-media` });
    await expect(storage.put("x/y.png", new Uint8Array([1]), "image/png")).rejects.toThrow();
  });

  it("parses S3_URL forms", () => {
    expect(s3ConfigFromEnv({ S3_URL: "s3://AK%2F1:se%40cret@s3.example.com/bucket/a/b?region=me-south-1" })).toEqual({
      endpoint: "https://s3.example.com",
      bucket: "bucket",
      accessKeyId: "AK/1",
      secretAccessKey: "se@cret",
      region: "me-south-1",
      prefix: "a/b",
    });
    expect(s3ConfigFromEnv({ S3_URL: "s3+http://k:s@127.0.0.1:9000/b", S3_REGION: "eu-west-1" })).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      prefix: "",
    });
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(() => s3ConfigFromEnv({ S3_URL: "s3://k:s@host" })).toThrow(/bucket/);
    expect(() => s3ConfigFromEnv({ S3_URL: "ftp://k:s@host/b" })).toThrow(/scheme/);
    expect(() => s3ConfigFromEnv({ S3_BUCKET: "b" })).toThrow(/S3_ENDPOINT/);
  });

  it("accepts plain relative keys", () => {
    expect(checkKey("properties/12/AbC_-9.jpeg")).toBe("properties/12/AbC_-9.jpeg");
  });
});
