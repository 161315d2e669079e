import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp, stdoutLog } from "./app";
import { type Db, migrate, openDb } from "./db/db";
import { startupFailure } from "./db/startup";
import { startPurging } from "./db/purge";
import { seedIfEmpty } from "./db/seed";
import { fileLinkSecret } from "./lib/signed-url";
import { mailerFromEnv } from "./mail/mailer";
import { vapidKeys } from "./push/vapid";
import { startDelivery } from "./push/worker";
import { mountStatic } from "./static";

const port = Number(process.env.PORT ?? 8080);
const staticDir = resolve(process.env.STATIC_DIR ?? "dist");
const filesDir = resolve(process.env.FILES_DIR ?? "server/files");

// An unusable or locked data directory, or an unreachable PostgreSQL, ends the start with one sentence (D24).
let db: Db | undefined;
let applied: string[] = [];
let seeded = false;
try {
  db = await openDb();
  applied = await migrate(db);
  seeded = await seedIfEmpty(db);
  // The key of signed file links is made at the first start and kept in the database for every process (D25).
  await fileLinkSecret(db);
  // So are the VAPID keys that sign Web Push (D22).
  await vapidKeys(db);
} catch (e) {
  process.stderr.write(`${startupFailure(e)}\n`);
  await db?.close().catch(() => undefined);
  process.exit(1);
}
stdoutLog({ msg: "database ready", kind: db.kind, migrations: applied, seeded });
const purging = startPurging(db, stdoutLog);

const mailer = mailerFromEnv(db, stdoutLog);
// Push, notification mails and reminders: every few seconds and whenever a request made notifications (D22).
const delivering = startDelivery({ db, mailer, log: stdoutLog });

const app = createApp({ db, mailer });
mountStatic(app, { staticDir, filesDir });

const server = serve({ fetch: app.fetch, port }, (info) => stdoutLog({ msg: "listening", url: `http://localhost:${info.port}`, static: staticDir }));

const stop = async () => {
  purging.stop();
  await delivering.stop();
  server.close();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
