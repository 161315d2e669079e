import { type Context, Hono } from "hono";
import { isDbUnavailable } from "./db/unavailable";
import { compressAnswers } from "./lib/compression";
import { jsonBodyLimit, refuseNul, requireJsonBody } from "./lib/request-guards";
import type { Db } from "./db/db";
import type { Deps, Env } from "./lib/env";
import { HttpError } from "./lib/http";
import { langOf, msg, t } from "./lib/i18n";
import { storageFromEnv } from "./lib/storage";
import { logMailer } from "./mail/mailer";
import { accountRoutes } from "./account/routes";
import { authRoutes } from "./auth/routes";
import { companyRoutes } from "./company/routes";
import { errorRoutes } from "./errors/routes";
import { issueRoutes } from "./issues/routes";
import { notificationRoutes } from "./notifications/routes";
import { oauthRoutes } from "./oauth/routes";
import { pushRoutes } from "./push/routes";
import { placeRoutes } from "./places/routes";
import { profileRoutes } from "./profile/routes";
import { inviteRoutes, propertyRoutes } from "./property/routes";
import { reportRoutes } from "./reports/routes";

export const JSON_LIMIT = 16 * 1024;
export const stdoutLog = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);

export function tileOriginFrom(url = process.env.VITE_TILE_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png") {
  try {
    return new URL(url.replace(/\{s\}/, "a")).origin.replace("//a.", "//*.");
  } catch {
    return "https://tile.openstreetmap.org";
  }
}

/** D15 headers on every response; the page's own inline scripts (`scriptHashes`, server/static.ts) may run too. */
export function securityHeaders(tileOrigin: string, scriptHashes: readonly string[] = []) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" "),
    // goober writes a <style> element and Leaflet positions tiles with style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin}`,
    "media-src 'self'",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * Sets headers on the finished answer in place. c.header() on a finished answer rebuilds it as a full web Response
 * twice (hono reads its `bodyUsed` and `body`), profiled at 8% of the job list's time (issue 16); an answer whose
 * headers cannot change (one made by fetch) is rebuilt by c.header() as before.
 */
function setHeaders(c: Context, headers: [string, string][]) {
  try {
    for (const [k, v] of headers) c.res.headers.set(k, v);
  } catch {
    for (const [k, v] of headers) c.header(k, v);
  }
}

/** Builds the API (and, in production, the static app around it) from its dependencies; tests call `app.request()`. */
export function createApp(partial: Partial<Deps> & { db: Db }) {
  const deps: Deps = {
    mailer: partial.mailer ?? logMailer(partial.db, partial.log ?? stdoutLog),
    log: stdoutLog,
    tileOrigin: tileOriginFrom(),
    ...partial,
    storage: partial.storage ?? storageFromEnv(),
  };
  const csp = securityHeaders(deps.tileOrigin);
  const app = new Hono<Env>();

  app.use(async (c, next) => {
    const started = performance.now();
    for (const [k, v] of Object.entries(deps)) c.set(k as keyof Deps, v as never);
    await next();
    // The page sets its own (server/static.ts), which lets its inline scripts run.
    const headers: [string, string][] = [
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["X-Frame-Options", "DENY"],
    ];
    if (!c.res.headers.has("Content-Security-Policy")) headers.push(["Content-Security-Policy", csp]);
    // A signed file link is stable for an hour and names its one user: that browser may keep the file (sendStored
    // says "private"); every other API answer is never stored.
    const signedFile = /^\/api\/(property|issue)\/file\//.test(c.req.path) && (c.res.status === 200 || c.res.status === 206);
    if (c.req.path.startsWith("/api") && !signedFile) headers.push(["Cache-Control", "no-store"]);
    setHeaders(c, headers);
    if (c.req.path.startsWith("/api") || c.res.status >= 400)
      deps.log({ msg: "request", method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });

  app.use(compressAnswers());
  app.use("/api/*", jsonBodyLimit(JSON_LIMIT), requireJsonBody(), refuseNul());

  const api = new Hono<Env>();
  api.get("/health", async (c) => {
    await c.var.db.query("select 1");
    return c.json({ status: "ok" });
  });
  api.route("/", errorRoutes());
  api.route("/", authRoutes());
  api.route("/", oauthRoutes());
  api.route("/", profileRoutes());
  api.route("/", accountRoutes());
  api.route("/", placeRoutes());
  api.route("/", companyRoutes());
  api.route("/", issueRoutes());
  api.route("/", propertyRoutes());
  api.route("/", inviteRoutes());
  api.route("/", reportRoutes());
  api.route("/", notificationRoutes());
  api.route("/", pushRoutes());
  api.all("*", (c) => c.json({ detail: t(c, msg("notFound")) }, 404));
  app.route("/api", api);

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(err.body(langOf(c.req.header("accept-language"))), err.status);
    }
    if (isDbUnavailable(err)) {
      deps.log({ msg: "database unavailable", path: c.req.path, error: String(err?.message ?? err) });
      c.header("Retry-After", "5");
      return c.json({ detail: t(c, msg("dbUnavailable")) }, 503);
    }
    deps.log({ msg: "unhandled error", path: c.req.path, error: String(err?.message ?? err) });
    return c.json({ detail: t(c, msg("serverError")) }, 500);
  });
  return app;
}
