// The built app and the media around the API (mounted after it by server/index.ts; tests mount it on a temp dir).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { securityHeaders, tileOriginFrom } from "./app";
import type { Env } from "./lib/env";
import { msg, t } from "./lib/i18n";
import { sendStored } from "./lib/serve-file";

/** CSP hashes ("sha256-…") of the inline <script> elements of `html` that run (not JSON data blocks). */
export function inlineScriptHashes(html: string) {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs = ""]) => !/\ssrc=/.test(attrs) && !/type="application\/json"/.test(attrs))
    .map(([, , body]) => `sha256-${createHash("sha256").update(body).digest("base64")}`);
}

export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Media under /files (D11), hashed /assets cached for a year, everything else (the page, the service worker, the
 * locales) revalidated on each load. A missing asset is a 404: never the page, and never cached as immutable. A file
 * with a brotli copy beside it (x.br, written by the build) goes out as that copy to a browser that takes br.
 */
export function mountStatic(app: Hono<Env>, { staticDir, filesDir, demoDir }: { staticDir: string; filesDir: string; demoDir?: string }) {
  // Only the public media of D11; uploads kept under other prefixes of the same storage (property-files/…) are
  // private and go out through their signed links (server/property/routes.ts).
  app.use("/files/*", async (c, next) => (/^\/files\/(users|properties)\//.test(c.req.path) ? next() : c.json({ detail: t(c, msg("notFound")) }, 404)));
  app.use("/files/*", serveStatic({ root: filesDir, rewriteRequestPath: (p) => p.replace(/^\/files/, "") }));
  // Photos and logos people upload (issue 14) are kept in the storage of D21: on the disk above, or in an S3 bucket,
  // from which they are sent here when the disk has no copy.
  app.get("/files/users/:folder{photos|logos}/:name", async (c, next) => {
    const key = `users/${c.req.param("folder")}/${c.req.param("name")}`;
    const found = await c.var.storage.stat(key).catch(() => null);
    return found ? sendStored(c, c.var.storage, key) : next();
  });
  // The demo data's pictures ship with the server (server/files): with FILES_DIR elsewhere, the seeded rows still
  // find them there.
  if (demoDir && demoDir !== filesDir) {
    const demo = serveStatic({ root: demoDir, rewriteRequestPath: (p) => p.replace(/^\/files/, "") });
    app.use("/files/*", (c, next) => (/^\/files\/(properties\/demo|users\/(avatars|company))\//.test(c.req.path) ? demo(c, next) : next()));
  }
  app.use("/files/*", async (c) => c.json({ detail: t(c, msg("notFound")) }, 404));

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
  });
  app.use("/assets/*", serveStatic({ root: staticDir, precompressed: true }));
  app.use("/assets/*", async (c) => c.json({ detail: t(c, msg("notFound")) }, 404));

  const indexHtml = join(staticDir, "index.html");
  // The build's inline scripts in the page (vite.config.ts: the signed-in boot preloads) are allowed by their hashes,
  // read once here: nothing else inline may run.
  const pageCsp = existsSync(indexHtml) ? securityHeaders(tileOriginFrom(), inlineScriptHashes(readFileSync(indexHtml, "utf8"))) : null;
  app.use("/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-cache");
    if (pageCsp && c.res.headers.get("Content-Type")?.startsWith("text/html")) c.header("Content-Security-Policy", pageCsp);
  });
  app.use("/*", serveStatic({ root: staticDir, precompressed: true }));
  // Hash routes: every other path is the app's page.
  app.get("*", (c) => (existsSync(indexHtml) ? c.html(readFileSync(indexHtml, "utf8")) : c.text("Run npm run build first.", 503)));
  return app;
}
