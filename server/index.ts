import cluster from "node:cluster";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp, stdoutLog } from "./app";
import { forkWorkers, workerCount, workerId } from "./cluster";
import { type Db, migrate, openDb } from "./db/db";
import { startupFailure } from "./db/startup";
import { startPurging } from "./db/purge";
import { seedIfEmpty } from "./db/seed";
import { fileLinkSecret } from "./lib/signed-url";
import { keepConnectionsOpen } from "./lib/keep-alive";
import { secureServe, tlsFromEnv } from "./lib/tls";
import { mailerFromEnv } from "./mail/mailer";
import { vapidKeys } from "./push/vapid";
import { startDelivery } from "./push/worker";
import { mountStatic } from "./static";

const port = Number(process.env.PORT ?? 8080);
const staticDir = resolve(process.env.STATIC_DIR ?? "dist");
const filesDir = resolve(process.env.FILES_DIR ?? "server/files");
const workers = workerCount(process.env, stdoutLog);
const worker = workerId();
// Several processes (WORKERS with DATABASE_URL): the primary prepares the database, then forks the workers that serve.
const primary = cluster.isPrimary && workers > 1;
// HTTPS with HTTP/2 (TLS_CERT, TLS_KEY): checked before the database is opened, so a wrong path ends the start at once.
let tls: ReturnType<typeof tlsFromEnv>;
try {
  tls = tlsFromEnv();
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
}

/**
 * Opens the database and brings it up to date: migrations, demo data on an empty database, and the keys every process
 * shares (D25): the key of signed file links and the VAPID keys that sign Web Push (D22). In cluster mode only the
 * primary does the first start's work, so two workers never race to migrate or seed. An unusable or locked data
 * directory, or an unreachable PostgreSQL, ends the start with one sentence (D24).
 */
async function openReady(): Promise<Db> {
  let db: Db | undefined;
  let applied: string[] = [];
  let seeded = false;
  try {
    db = await openDb();
    if (!worker) {
      applied = await migrate(db);
      seeded = await seedIfEmpty(db);
      await fileLinkSecret(db);
      await vapidKeys(db);
    }
  } catch (e) {
    process.stderr.write(`${startupFailure(e)}\n`);
    await db?.close().catch(() => undefined);
    process.exit(1);
  }
  stdoutLog({ msg: "database ready", kind: db.kind, migrations: applied, seeded, ...(worker ? { worker } : {}) });
  return db;
}

if (primary) {
  const db = await openReady();
  await db.close();
  forkWorkers(workers, stdoutLog);
} else {
  const db = await openReady();
  const purging = startPurging(db, stdoutLog);

  const mailer = mailerFromEnv(db, stdoutLog);
  // Push, notification mails and reminders: every few seconds and whenever a request made notifications (D22).
  const delivering = startDelivery({ db, mailer, log: stdoutLog });

  const app = createApp({ db, mailer });
  mountStatic(app, { staticDir, filesDir, demoDir: resolve("server/files") });

  // One of several workers names itself on every answer, so a check can tell which process answered.
  const fetch: typeof app.fetch = worker
    ? async (req, ...rest) => {
        const res = await app.fetch(req, ...rest);
        try {
          res.headers.set("X-Fixit-Worker", worker);
        } catch {
          /* an answer with immutable headers goes unnamed */
        }
        return res;
      }
    : app.fetch;

  const server = serve({ fetch, port, ...(tls && secureServe(tls)) }, (info) =>
    stdoutLog({ msg: "listening", url: `${tls ? "https" : "http"}://localhost:${info.port}`, static: staticDir, ...(worker ? { worker } : {}) }),
  );
  keepConnectionsOpen(server);

  const stop = async () => {
    purging.stop();
    await delivering.stop();
    server.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
