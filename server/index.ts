import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { compress } from "hono/compress";
import { createApp, stdoutLog } from "./app";
import { migrate, openDb } from "./db/db";
import { seedIfEmpty } from "./db/seed";
import { mailerFromEnv } from "./mail/mailer";

const port = Number(process.env.PORT ?? 8080);
const staticDir = resolve(process.env.STATIC_DIR ?? "dist");
const filesDir = resolve(process.env.FILES_DIR ?? "server/files");

const db = await openDb();
const applied = await migrate(db);
const seeded = await seedIfEmpty(db);
stdoutLog({ msg: "database ready", kind: db.kind, migrations: applied, seeded });

const app = createApp({ db, mailer: mailerFromEnv(db, stdoutLog) });
app.use("*", compress());
// Media (D11): /files/users/... and /files/properties/...
app.use("/files/*", serveStatic({ root: filesDir, rewriteRequestPath: (p) => p.replace(/^\/files/, "") }));
app.use("/files/*", async (c) => c.json({ detail: "Not found." }, 404));
// The built app; hashed assets are immutable, the page itself is always revalidated.
app.use("/assets/*", async (c, next) => {
  await next();
  if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
});
app.use("/*", serveStatic({ root: staticDir }));
const indexHtml = join(staticDir, "index.html");
app.get("*", (c) => (existsSync(indexHtml) ? c.html(readFileSync(indexHtml, "utf8")) : c.text("Run npm run build first.", 503)));

const server = serve({ fetch: app.fetch, port }, (info) => stdoutLog({ msg: "listening", url: `http://localhost:${info.port}`, static: staticDir }));

const stop = async () => {
  server.close();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
