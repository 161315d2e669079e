import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { inlineScriptHashes, mountStatic } from "../../server/static";
import { testApp, testDb } from "./helpers";

// The built app as the build leaves it: the page runs one inline script (vite.config.ts: the signed-in boot preloads); the CSP lets exactly it run.
const boot = 'localStorage.access_token&&["a.js"].forEach(function(f){})';
const page = `<!doctype html><html><head><script type="application/json" id="chunk-preloads">{"n":[],"d":{}}</script><script>${boot}</script><script type="module" crossorigin src="./assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const code = `console.log(${JSON.stringify("fixit ".repeat(2000))});`;
const sha = (s: string) => `sha256-${createHash("sha256").update(s).digest("base64")}`;

let db: Db;
let root: string;
beforeAll(async () => {
  db = await testDb();
  root = mkdtempSync(join(tmpdir(), "fixit-csp-"));
  mkdirSync(join(root, "dist", "assets"), { recursive: true });
  writeFileSync(join(root, "dist", "index.html"), page);
  writeFileSync(join(root, "dist", "assets", "index-abc.js"), code);
  writeFileSync(join(root, "dist", "assets", "index-abc.js.br"), brotliCompressSync(code));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await db.close();
});

const served = () => mountStatic(testApp(db).app, { staticDir: join(root, "dist"), filesDir: join(root, "files") });
const scriptSrc = (csp: string | null) => csp?.split("; ").find((d) => d.startsWith("script-src"));

describe("the page's Content-Security-Policy", () => {
  it("hashes only the inline scripts that run, not JSON data nor scripts with a src", () => {
    expect(inlineScriptHashes(page)).toEqual([sha(boot)]);
  });

  it("lets the page's own inline script run, on / and on the fallback, and nothing else inline", async () => {
    const app = served();
    for (const path of ["/", "/some/deep/link"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(scriptSrc(res.headers.get("content-security-policy")), path).toBe(`script-src 'self' '${sha(boot)}'`);
    }
  });

  it("keeps script-src 'self' alone on the API's answers", async () => {
    const res = await served().request("/api/health");
    expect(scriptSrc(res.headers.get("content-security-policy"))).toBe("script-src 'self'");
  });
});

describe("the build's brotli copies", () => {
  it("go to a browser that takes br, as the same bytes, cached as before", async () => {
    const res = await served().request("/assets/index-abc.js", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(code);
  });

  it("stay home for a browser that does not take br: it gets the file (gzip when it takes that)", async () => {
    const plain = await served().request("/assets/index-abc.js", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(code);
    const gzip = await served().request("/assets/index-abc.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });
});
