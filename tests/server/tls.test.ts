// HTTPS with HTTP/2 (server/lib/tls.ts): the app as server/index.ts serves it, over the test certificate of scripts/tls.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpsGet } from "node:https";
import { connect } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { secureServe, tlsFromEnv } from "../../server/lib/tls";
import { mountStatic } from "../../server/static";
import { testApp, testDb } from "./helpers";

const here = join(import.meta.dirname, "../..");
const CERT = join(here, "scripts/tls/localhost.pem");
const KEY = join(here, "scripts/tls/localhost-key.pem");
const ca = readFileSync(CERT);
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;

let db: Db;
let root: string;
let server: ReturnType<typeof serve>;
let origin: string;
beforeAll(async () => {
  db = await testDb();
  root = mkdtempSync(join(tmpdir(), "fixit-tls-"));
  mkdirSync(join(root, "dist", "assets"), { recursive: true });
  writeFileSync(join(root, "dist", "index.html"), "<!doctype html><title>Fixit Gulf</title>");
  writeFileSync(join(root, "dist", "assets", "index-abc123.js"), script);
  writeFileSync(join(root, "dist", "assets", "index-abc123.js.br"), brotliCompressSync(script));
  const { app } = testApp(db);
  mountStatic(app, { staticDir: join(root, "dist"), filesDir: join(root, "files") });
  const tls = tlsFromEnv({ TLS_CERT: CERT, TLS_KEY: KEY });
  if (!tls) throw new Error("no TLS files");
  await new Promise<void>((ready) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", ...secureServe(tls) }, () => ready());
  });
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
  await db.close();
});

/** One HTTP/2 GET: status, headers and body. */
function h2Get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer; alpn: string | false | undefined }>((resolve, reject) => {
    const session = connect(origin, { ca });
    session.on("error", reject);
    const req = session.request({ ":path": path, ...headers });
    const chunks: Buffer[] = [];
    let head: Record<string, unknown> = {};
    req.on("response", (h) => (head = h));
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      resolve({ status: Number(head[":status"]), headers: head, body: Buffer.concat(chunks), alpn: session.alpnProtocol });
      session.close();
    });
    req.on("error", reject);
    req.end();
  });
}

describe("HTTPS with HTTP/2 (TLS_CERT, TLS_KEY)", () => {
  it("answers the API over HTTP/2", async () => {
    const res = await h2Get("/api/health");
    expect(res.alpn).toBe("h2");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/json/);
  });

  it("serves the built app over HTTP/2, its scripts brotli-compressed and cached for good", async () => {
    const page = await h2Get("/");
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("Fixit Gulf");
    const js = await h2Get("/assets/index-abc123.js", { "accept-encoding": "br, gzip" });
    expect(js.status).toBe(200);
    expect(js.headers["content-encoding"]).toBe("br");
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.body.length).toBeLessThan(script.length / 10);
  });

  it("still answers a client without HTTP/2 over HTTP/1.1", async () => {
    const res = await new Promise<{ status?: number; alpn: string | false | null; body: string }>((resolve, reject) => {
      httpsGet(`${origin}/api/health`, { ca }, (r) => {
        const alpn = (r.socket as unknown as { alpnProtocol: string | false | null }).alpnProtocol;
        let body = "";
        r.on("data", (c) => (body += c));
        r.on("end", () => resolve({ status: r.statusCode, alpn, body }));
      }).on("error", reject);
    });
    expect(res.status).toBe(200);
    expect(res.alpn).not.toBe("h2");
    expect(JSON.parse(res.body)).toBeTruthy();
  });

  it("is off without TLS_CERT and TLS_KEY, and says in one sentence what is wrong with them", () => {
    expect(tlsFromEnv({})).toBeUndefined();
    expect(() => tlsFromEnv({ TLS_CERT: CERT })).toThrow("Cannot start: HTTPS needs both TLS_CERT and TLS_KEY; only TLS_CERT is set.");
    expect(() => tlsFromEnv({ TLS_KEY: KEY })).toThrow("only TLS_KEY is set");
    expect(() => tlsFromEnv({ TLS_CERT: join(root, "missing.pem"), TLS_KEY: KEY })).toThrow(
      /^Cannot start: TLS_CERT \(.*missing\.pem\) could not be read: ENOENT/,
    );
  });
});
