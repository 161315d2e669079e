// Property photos and documents (issue 10, D21): accepted by their bytes only, stored under random names, served only
// through links signed for someone who may see the property.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { clock } from "../../server/lib/clock";
import S3rver from "@20minutes/s3rver";
import { diskStorage, storageFromEnv } from "../../server/lib/storage";
import { makeCompany, makeIssue, makeProperty, makeTenancy, makeUnit, makeUser, signIn } from "./factories";
import { resetDb, testApp, testDb } from "./helpers";

let db: Db;
let dir: string;
beforeAll(async () => {
  db = await testDb();
  dir = await mkdtemp(join(tmpdir(), "fixit-property-files-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await db.close();
});
beforeEach(async () => {
  await resetDb(db);
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => clock.set());

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const jpeg = (padding = 0) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, ...new Array(padding).fill(0), 0xff, 0xd9]);
const pdf = () => new Uint8Array(ascii("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"));
const storedFiles = async () => {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
};

async function world() {
  const owner = await makeUser(db, { role: 0 });
  const p = await makeProperty(db, { owner_id: owner.user_id, name: "Photo House" });
  const unit = await makeUnit(db, { property_id: p.property_id, name: "101" });
  return { owner, p, unit, ownerToken: await signIn(db, owner) };
}

function client() {
  const t = testApp(db, { storage: diskStorage(dir) });
  const upload = (propertyId: number, kind: string, bytes: Uint8Array<ArrayBuffer>, token: string, headers: Record<string, string> = {}) =>
    t.app.request(`/api/property/media?property_id=${propertyId}&kind=${kind}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", ...headers },
      body: bytes,
    });
  /** Loads a signed url as the app would (relative to the app's origin; no bearer header). */
  const load = (url: string, headers: Record<string, string> = {}) => t.app.request(`/${url}`, { headers });
  return { ...t, upload, load };
}

describe("POST /property/media", () => {
  it("stores a photo recognised by its bytes under a random name, whatever name and type the client claims", async () => {
    const w = await world();
    const { upload } = client();
    const res = await upload(w.p.property_id, "photo", jpeg(), w.ownerToken, { "content-type": "image/png", "x-file-name": "holiday.png" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data).toMatchObject({ kind: "photo", content_type: "image/jpeg", name: "holiday.png" });
    expect(body.data.url).toMatch(/^api\/property\/file\/\d+\?u=\d+&exp=\d+&sig=[\w-]+$/);
    const [name] = await storedFiles();
    expect(name).toMatch(/^[\w-]{22}\.jpg$/);
    expect(body.data.path).not.toContain("holiday");
  });

  it("refuses bytes that are not an accepted type whatever the name says (415), and keeps nothing", async () => {
    const w = await world();
    const { upload } = client();
    const html = new Uint8Array(Buffer.from("<html><script>alert(1)</script></html>"));
    const res = await upload(w.p.property_id, "photo", html, w.ownerToken, { "content-type": "image/jpeg", "x-file-name": "photo.jpg" });
    expect(res.status).toBe(415);
    expect((await res.json()).detail).toMatch(/JPEG/);
    // A PDF is a document, not a photo.
    expect((await upload(w.p.property_id, "photo", pdf(), w.ownerToken, { "x-file-name": "lease.jpg" })).status).toBe(415);
    const arabic = await upload(w.p.property_id, "document", html, w.ownerToken, { "accept-language": "ar" });
    expect(arabic.status).toBe(415);
    expect((await arabic.json()).detail).toMatch(/[\u0600-\u06FF]/);
    expect(await storedFiles()).toEqual([]);
    expect((await db.query("select count(*)::int as n from property_files")).rows[0].n).toBe(0);
    // A PDF is a fine document.
    expect((await upload(w.p.property_id, "document", pdf(), w.ownerToken, { "x-file-name": "Lease%202026.pdf" })).status).toBe(201);
  });

  it("takes a photo larger than the 16 KB JSON limit, and checks kind, NUL and who uploads", async () => {
    const w = await world();
    const { upload } = client();
    expect((await upload(w.p.property_id, "photo", jpeg(40_000), w.ownerToken)).status).toBe(201);
    expect((await upload(w.p.property_id, "video", jpeg(), w.ownerToken)).status).toBe(422);
    const nul = await client().app.request(`/api/property/media?property_id=${w.p.property_id}&kind=photo%00`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.ownerToken}`, "content-type": "image/jpeg" },
      body: jpeg(),
    });
    expect(nul.status).toBe(422);
    const tenant = await makeUser(db, { role: 3 });
    await makeTenancy(db, { unit_id: w.unit.unit_id, tenant_id: tenant.user_id });
    expect((await upload(w.p.property_id, "photo", jpeg(), await signIn(db, tenant))).status).toBe(403);
    const stranger = await signIn(db, await makeUser(db, { role: 0 }));
    expect((await upload(w.p.property_id, "photo", jpeg(), stranger)).status).toBe(404);
    expect((await upload(w.p.property_id, "photo", jpeg(), "nope")).status).toBe(401);
    expect(await storedFiles()).toHaveLength(1);
  });

  it("an upload repeated with the same Idempotency-Key is stored once and answered as the first time (D23)", async () => {
    const w = await world();
    const { upload } = client();
    const key = { "idempotency-key": "3f1c1a52-8f0e-4a4e-9d7e-0c3c5b6a7d21" };
    const first = await upload(w.p.property_id, "photo", jpeg(), w.ownerToken, key);
    const again = await upload(w.p.property_id, "photo", jpeg(), w.ownerToken, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).data.file_id).toBe((await first.json()).data.file_id);
    expect(await storedFiles()).toHaveLength(1);
    expect((await db.query("select count(*)::int as n from property_files")).rows[0].n).toBe(1);
    // Without a key, or with another, it is a new photo; a refused upload stores no answer to replay.
    expect((await upload(w.p.property_id, "photo", jpeg(), w.ownerToken)).status).toBe(201);
    const bad = { "idempotency-key": "aaaaaaaa-0000-0000-0000-000000000001" };
    expect((await upload(w.p.property_id, "photo", new Uint8Array(Buffer.from("text")), w.ownerToken, bad)).status).toBe(415);
    expect((await upload(w.p.property_id, "photo", jpeg(), w.ownerToken, bad)).status).toBe(201);
    expect(await storedFiles()).toHaveLength(3);
    expect((await upload(w.p.property_id, "photo", jpeg(), w.ownerToken, { "idempotency-key": "short" })).status).toBe(422);
  });

  it("deletes a file with its stored bytes; only those who run the property may", async () => {
    const w = await world();
    const { upload, json } = client();
    const { data } = await (await upload(w.p.property_id, "photo", jpeg(), w.ownerToken)).json();
    const stranger = await signIn(db, await makeUser(db, { role: 0 }));
    expect((await json("DELETE", `/api/property/media?file_id=${data.file_id}`, undefined, stranger)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(1);
    expect((await json("DELETE", `/api/property/media?file_id=${data.file_id}`, undefined, w.ownerToken)).status).toBe(200);
    expect(await storedFiles()).toEqual([]);
    expect((await json("DELETE", `/api/property/media?file_id=${data.file_id}`, undefined, w.ownerToken)).status).toBe(404);
  });
});

describe("the property's uploaded photos on its issues (prop_images)", () => {
  it("come after its public pictures, with links that open for those who see the property, and for nobody else", async () => {
    const w = await world();
    const { upload, json, load } = client();
    await db.query("insert into property_images (property_id, path, position) values ($1, 'demo/house.svg', 0)", [w.p.property_id]);
    await upload(w.p.property_id, "photo", jpeg(10), w.ownerToken);
    const tenant = await makeUser(db, { role: 3 });
    await makeTenancy(db, { unit_id: w.unit.unit_id, tenant_id: tenant.user_id });
    const tech = await makeUser(db, { role: 1 });
    const open = await makeIssue(db, { property_id: w.p.property_id, unit_id: w.unit.unit_id, creator_id: tenant.user_id, assigned_tech_id: tech.user_id });
    const pictures = async (token: string, id = open.issue_id) =>
      (await (await json("GET", `/api/issue/issue?issue_id=${id}`, undefined, token)).json()).data.prop_images as { path: string; url?: string }[];

    for (const token of [w.ownerToken, await signIn(db, tenant), await signIn(db, tech)]) {
      const shown = await pictures(token);
      expect(shown.map((p) => p.path).slice(0, 1)).toEqual(["demo/house.svg"]);
      expect(shown).toHaveLength(2);
      const photo = await load(shown[1].url as string);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/jpeg");
    }
    // The technician's job done, the property is no longer theirs to see: the public picture only, no link that fails.
    await db.query("update issues set stage = 'closed' where issue_id = $1", [open.issue_id]);
    expect(await pictures(await signIn(db, tech))).toEqual([{ path: "demo/house.svg" }]);
  });
});

describe("GET /property/file/{file_id}: signed links", () => {
  it("serves the file from the link in the caller's view, without a bearer header, with ranges", async () => {
    const w = await world();
    const { upload, json, load } = client();
    await upload(w.p.property_id, "photo", jpeg(100), w.ownerToken);
    await upload(w.p.property_id, "document", pdf(), w.ownerToken, { "x-file-name": "Lease.pdf" });
    const page = (await (await json("GET", `/api/property/property?property_id=${w.p.property_id}`, undefined, w.ownerToken)).json()).data;
    expect(page.photos).toHaveLength(1);
    expect(page.documents).toHaveLength(1);
    expect(page.prop_images[0].url).toBe(page.photos[0].url);
    const photo = await load(page.photos[0].url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    // The link names one user and lives an hour or two: that browser may keep the photo, shared caches may not.
    expect(photo.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(jpeg(100)))).toBe(true);
    const doc = await load(page.documents[0].url);
    expect(doc.headers.get("content-disposition")).toContain("Lease.pdf");
    const part = await load(page.photos[0].url, { range: "bytes=0-1" });
    expect(part.status).toBe(206);
  });

  it("refuses a tampered, foreign or expired signature with 403 and no file", async () => {
    const w = await world();
    const { upload, load } = client();
    const { data } = await (await upload(w.p.property_id, "photo", jpeg(), w.ownerToken)).json();
    const url = new URL(data.url, "http://x/");
    const variant = (k: string, v: string) => {
      const u = new URL(url);
      u.searchParams.set(k, v);
      return `${u.pathname.slice(1)}${u.search}`;
    };
    const sig = url.searchParams.get("sig") as string;
    const tampered = [
      variant("sig", `${sig.slice(0, -2)}${sig.endsWith("A") ? "BB" : "AA"}`),
      variant("exp", String(Number(url.searchParams.get("exp")) + 3600)),
      // Someone else's user id with the owner's signature.
      variant("u", String(Number(url.searchParams.get("u")) + 1)),
      variant("sig", ""),
      // Numbers past the database's integers name no file (never a 500).
      variant("u", "99999999999"),
      data.url.replace(`/file/${data.file_id}?`, "/file/99999999999?"),
      data.url.replace(`/file/${data.file_id}?`, `/file/${data.file_id + 1}?`),
    ];
    for (const bad of tampered) {
      const res = await load(bad);
      expect([403, 404], bad).toContain(res.status);
      expect(res.headers.get("content-type"), bad).toContain("application/json");
      expect((await res.json()).detail, bad).toBeTruthy();
    }
    expect((await load(data.url)).status).toBe(200);
    // Links live one to two hours.
    clock.set(Date.now() + 2 * 3600_000 + 1000);
    const expired = await load(data.url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).detail).toBe("This link is invalid or has expired. Open the property again.");
  });

  it("serves a signed link only while its user may still see the property", async () => {
    const w = await world();
    const { upload, json, load } = client();
    await upload(w.p.property_id, "photo", jpeg(), w.ownerToken);
    const tenant = await makeUser(db, { role: 3 });
    const tenancy = await makeTenancy(db, { unit_id: w.unit.unit_id, tenant_id: tenant.user_id });
    const company = await makeCompany(db);
    const tech = await makeUser(db, { role: 1, company_id: company.company_id });
    const job = await makeIssue(db, { property_id: w.p.property_id, unit_id: w.unit.unit_id, assigned_tech_id: tech.user_id });
    const urlFor = async (token: string) =>
      (await (await json("GET", `/api/property/property?property_id=${w.p.property_id}`, undefined, token)).json()).data.photos[0].url as string;
    const techUrl = await urlFor(await signIn(db, tech));
    const tenantUrl = await urlFor(await signIn(db, tenant));
    expect((await load(techUrl)).status).toBe(200);
    expect((await load(tenantUrl)).status).toBe(200);
    // The job closes: the technician's link stops working at once; the tenant's still works.
    await db.query("update issues set stage = 'closed' where issue_id = $1", [job.issue_id]);
    const techAfter = await load(techUrl);
    expect(techAfter.status).toBe(404);
    expect(techAfter.headers.get("content-type")).toContain("application/json");
    expect((await load(tenantUrl)).status).toBe(200);
    // A past tenant still sees their old home; a disabled account does not.
    await db.query("update tenancies set ended_at = now() where tenancy_id = $1", [tenancy.tenancy_id]);
    expect((await load(tenantUrl)).status).toBe(200);
    await db.query("update users set disabled = true where user_id = $1", [tenant.user_id]);
    expect((await load(tenantUrl)).status).toBe(404);
    // Another owner cannot even get a link.
    const stranger = await signIn(db, await makeUser(db, { role: 0 }));
    expect((await json("GET", `/api/property/property?property_id=${w.p.property_id}`, undefined, stranger)).status).toBe(404);
  });

  it("a link made by one server process loads on another: the key lives in the database, made once (D25)", async () => {
    const w = await world();
    const one = client();
    const { data } = await (await one.upload(w.p.property_id, "photo", jpeg(), w.ownerToken)).json();
    const other = client();
    expect((await other.load(data.url)).status).toBe(200);
    expect((await db.query("select count(*)::int as n from server_secrets")).rows[0].n).toBe(1);
  });

  it("keeps uploads out of the public /files paths", async () => {
    const w = await world();
    const { upload } = client();
    const { data } = await (await upload(w.p.property_id, "photo", jpeg(), w.ownerToken)).json();
    expect(data.path.startsWith("property-files/")).toBe(true);
    const { mountStatic } = await import("../../server/static");
    const { app } = client();
    mountStatic(app, { staticDir: dir, filesDir: dir });
    expect((await app.request(`/files/${data.path}`)).status).toBe(404);
  });
});

describe("with the S3-compatible back end (D21, D25)", () => {
  let s3: S3rver;
  let s3dir: string;
  let url = "";
  beforeAll(async () => {
    s3dir = await mkdtemp(join(tmpdir(), "fixit-property-s3-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: "fixit-media" }] });
    const { port } = await s3.run();
    url = `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/fixit-media/media`;
  });
  afterAll(async () => {
    await s3?.close();
    await rm(s3dir, { recursive: true, force: true });
  });

  it("uploads a photo to the bucket, serves it through its signed link, and deletes it with the property", async () => {
    const w = await world();
    const storage = storageFromEnv({ S3_URL: url });
    const t = testApp(db, { storage });
    const res = await t.app.request(`/api/property/media?property_id=${w.p.property_id}&kind=photo`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.ownerToken}`, "content-type": "image/jpeg" },
      body: jpeg(5000),
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(await storage.exists(data.path)).toBe(true);
    const photo = await t.app.request(`/${data.url}`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(jpeg(5000)))).toBe(true);
    expect((await t.json("DELETE", `/api/property/property?property_id=${w.p.property_id}`, undefined, w.ownerToken)).status).toBe(200);
    expect(await storage.exists(data.path)).toBe(false);
    expect(await storedFiles()).toEqual([]);
  });
});
