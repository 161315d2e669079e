// Once per `vitest run` of the server tests, in the main process (vitest.config.ts `globalSetup`).
// - Embedded database: PGlite's start runs initdb, seconds of CPU. Two images of a data directory are made here
//   instead, once per set of migrations (cached under node_modules/.cache): `blank` (initdb done, no migration) and
//   `migrated` (every migration applied). Each worker starts its database from an image (helpers.ts).
// - PostgreSQL (DATABASE_URL, npm run test:pg): each worker works in a schema named after this run; they are
//   dropped when the run ends.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Prefix of the schemas this run's workers make on DATABASE_URL. */
    fixitRun: string;
    /** Paths of the PGlite data directory images (tar), when the tests run on PGlite. */
    pgliteImages: { blank: string; migrated: string } | null;
  }
}

const ROOT = process.cwd();
const MIGRATIONS = join(ROOT, "server/db/migrations");
const CACHE = join(ROOT, "node_modules/.cache/fixit-tests");

/** What the images depend on: the migrations, the code that applies them, PGlite's version. */
function imageKey() {
  const h = createHash("sha256");
  h.update(readFileSync(join(ROOT, "node_modules/@electric-sql/pglite/package.json")));
  h.update(readFileSync(join(ROOT, "server/db/db.ts")));
  for (const f of readdirSync(MIGRATIONS).sort()) h.update(f).update(readFileSync(join(MIGRATIONS, f)));
  return h.digest("hex").slice(0, 16);
}

/** Writes `data` to `path` whole or not at all (another run may be reading or writing the same cache). */
function writeAtomically(path: string, data: Uint8Array) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

async function pgliteImages() {
  const key = imageKey();
  const blank = join(CACHE, `pglite-blank-${key}.tar`);
  const migrated = join(CACHE, `pglite-migrated-${key}.tar`);
  if (existsSync(blank) && existsSync(migrated)) return { blank, migrated };
  mkdirSync(CACHE, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { migrate, openPglite } = await import("../../server/db/db");
  // openPglite hides its PGlite; keep the one it creates, to dump its data directory.
  const original = PGlite.create;
  const create = original as (...args: unknown[]) => Promise<InstanceType<typeof PGlite>>;
  let pg: InstanceType<typeof PGlite> | undefined;
  PGlite.create = (async (...args: unknown[]) => (pg = await create.apply(PGlite, args))) as typeof original;
  let db: Awaited<ReturnType<typeof openPglite>>;
  try {
    db = await openPglite();
  } finally {
    PGlite.create = original;
  }
  if (!pg) throw new Error("global-setup: openPglite no longer creates its PGlite through PGlite.create");
  writeAtomically(blank, new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer()));
  await migrate(db);
  writeAtomically(migrated, new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer()));
  await db.close();
  return { blank, migrated };
}

export default async function setup(project: TestProject) {
  const run = `t_${randomBytes(3).toString("hex")}`;
  project.provide("fixitRun", run);
  const url = process.env.DATABASE_URL;
  project.provide("pgliteImages", url ? null : await pgliteImages());
  if (!url) return;
  return async () => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>("select nspname from pg_namespace where starts_with(nspname, $1)", [`${run}_`]);
      for (const { nspname } of rows) await client.query(`drop schema "${nspname}" cascade`);
    } finally {
      await client.end();
    }
  };
}
