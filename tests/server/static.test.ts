import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { createSession } from "../../server/lib/auth";
import { windowFor } from "../../server/lib/compression";
import { diskStorage } from "../../server/lib/storage";
import { mountStatic } from "../../server/static";
import { testApp, testDb } from "./helpers";

let db: Db;
let root: string;
const page = `<!doctype html><html><head><title>Fixit Gulf</title></head><body>${"<!-- padding -->".repeat(100)}<div id="root"></div></body></html>`;
beforeAll(async () => {
  db = await testDb();
  root = mkdtempSync(join(tmpdir(), "fixit-static-"));
  mkdirSync(join(root, "dist", "assets"), { recursive: true });
  mkdirSync(join(root, "files", "users"), { recursive: true });
  writeFileSync(join(root, "dist", "index.html"), page);
  writeFileSync(join(root, "dist", "assets", "index-abc123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
  writeFileSync(join(root, "dist", "manifest.webmanifest"), "{}");
  writeFileSync(join(root, "files", "users", "a.txt"), "a");
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await db.close();
});

/** The app as server/index.ts builds it: the API, then the built app and media around it. */
const served = () => {
  const { app } = testApp(db);
  return mountStatic(app, { staticDir: join(root, "dist"), filesDir: join(root, "files") });
};

describe("serving the built app", () => {
  it("answers 404 for a missing /assets file instead of the page cached as immutable", async () => {
    const res = await served().request("/assets/index-gone999.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control") ?? "").not.toMatch(/immutable/);
    expect(await res.text()).not.toContain("<!doctype html>");
  });

  it("caches an existing hashed asset for a year as immutable", async () => {
    const res = await served().request("/assets/index-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("makes the browser revalidate / and the index.html fallback (no-cache)", async () => {
    const app = served();
    for (const path of ["/", "/index.html", "/some/deep/link", "/manifest.webmanifest"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-cache");
    }
    expect(await (await app.request("/some/deep/link")).text()).toBe(page);
  });

  it("keeps /api and /files answers of their own: no-store JSON 404, media", async () => {
    const app = served();
    const api = await app.request("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect((await api.json()).detail).toBeTruthy();
    expect(await (await app.request("/files/users/a.txt")).text()).toBe("a");
    expect((await app.request("/files/users/none.txt")).status).toBe(404);
  });
});

describe("compression", () => {
  const gzip = { "accept-encoding": "gzip" };

  it("compresses API answers over 1 KB (compress() was registered after /api, so they never were)", async () => {
    // A company's staff list: ten rows make a JSON answer well over the threshold.
    const { rows } = await db.query<{ company_id: number }>("insert into companies (name) values ('Big Staff LLC') returning company_id");
    const company = rows[0].company_id;
    const manager = await db.query<{ user_id: number }>(
      "insert into users (role, name, email, company_id) values (2, 'Manager', 'boss@big.om', $1) returning user_id",
      [company],
    );
    for (let i = 0; i < 10; i++)
      await db.query("insert into users (role, name, email, mob_no, company_id, job_title) values (1, $1, $2, $3, $4, 'Senior maintenance technician')", [
        `Technician number ${i}`,
        `tech${i}@big.om`,
        `9400000${i}`,
        company,
      ]);
    const token = await createSession(db, manager.rows[0].user_id);
    const { app } = testApp(db);
    const get = (headers: Record<string, string> = {}) =>
      app.request("/api/company/staffs?page_num=1", { headers: { authorization: `Bearer ${token}`, ...headers } });

    const plain = await get();
    const plainText = await plain.text();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plainText.length).toBeGreaterThan(1024);

    const res = await get(gzip);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const unzipped = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(unzipped).toBe(plainText);
    expect(JSON.parse(unzipped).data).toHaveLength(10);
  });

  it("gives each answer the smallest window that reaches over it, and the same gzip as the default window", () => {
    const text = Buffer.from(JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ issue_id: i, title: `Leak number ${i % 97}` }))));
    expect([windowFor(1024), windowFor(8192 - 262), windowFor(8192 - 261), windowFor(1 << 20)]).toEqual([11, 13, 14, 15]);
    for (const length of [1024, 3000, 5475, 7930, 7931, 16000, 40000, text.length]) {
      const part = text.subarray(0, length);
      const small = gzipSync(part, { windowBits: windowFor(length) });
      expect(small.equals(gzipSync(part)), String(length)).toBe(true);
      expect(gunzipSync(small).equals(part)).toBe(true);
    }
  });

  it("leaves small API answers uncompressed", async () => {
    const res = await testApp(db).app.request("/api/health", { headers: gzip });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("compresses the page and the assets too", async () => {
    const app = served();
    for (const path of ["/", "/assets/index-abc123.js"]) {
      const res = await app.request(path, { headers: gzip });
      expect(res.headers.get("content-encoding"), path).toBe("gzip");
    }
  });
});

describe("uploaded photos and logos under /files/users", () => {
  it("are sent from the upload storage when the disk folder has no copy (an S3 bucket, say), and nothing else is", async () => {
    // A storage apart from the served folder, as an S3 bucket is.
    const bucket = diskStorage(mkdtempSync(join(root, "bucket-")));
    await bucket.put("users/photos/abc.png", new Uint8Array([137, 80, 78, 71]), "image/png");
    await bucket.put("users/private/abc.png", new Uint8Array([1]), "image/png");
    const { app } = testApp(db, { storage: bucket });
    mountStatic(app, { staticDir: join(root, "dist"), filesDir: join(root, "files") });
    const res = await app.request("/files/users/photos/abc.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect((await app.request("/files/users/photos/gone.png")).status).toBe(404);
    expect((await app.request("/files/users/private/abc.png")).status).toBe(404);
    expect((await app.request("/files/users/photos/..%2F..%2Fsecret")).status).toBe(404);
  });
});

describe("the demo data's pictures", () => {
  it("come from the server's own folder when FILES_DIR is another, empty one; nothing else does", async () => {
    const { app } = testApp(db);
    mountStatic(app, { staticDir: join(root, "dist"), filesDir: mkdtempSync(join(root, "empty-files-")), demoDir: join(process.cwd(), "server", "files") });
    const seeded = await app.request("/files/properties/demo/qurum-heights.svg");
    expect(seeded.status).toBe(200);
    expect(await seeded.text()).toContain("<svg");
    expect((await app.request("/files/users/avatars/demo-technician.svg")).status).toBe(200);
    expect((await app.request("/files/users/company/gulffix-logo.svg")).status).toBe(200);
    expect((await app.request("/files/properties/demo/gone.svg")).status).toBe(404);
    expect((await app.request("/files/properties/demo/..%2F..%2F..%2Fpackage.json")).status).toBe(404);
  });
});
