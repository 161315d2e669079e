// Once per `vitest run` of the server tests, in the main process (vitest.config.ts `globalSetup`).
// - Embedded database: PGlite's start runs initdb, seconds of CPU. Two images of a data directory are made here
//   instead (cached under node_modules/.cache/fixit-tests; images no run has used for an hour go: pruneCache): `blank`
//   (initdb done, no migration; once per PGlite version) and `migrated` (every migration applied; once per set of
//   migrations, from `blank`). Each worker starts its database from an image (helpers.ts). Both are also unpacked once
//   into a directory, which the tests that open or start a server on a data directory copy instead of running initdb
//   and the migrations (data-dir.test.ts, data-dir-lock.test.ts); start.test.ts keeps a real first start.
// - PostgreSQL (DATABASE_URL, npm run test:pg): each worker works in a schema named after this run; they are
//   dropped when the run ends.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Prefix of the schemas this run's workers make on DATABASE_URL. */
    fixitRun: string;
    /** Paths of the PGlite data directory images (tar), when the tests run on PGlite. */
    pgliteImages: { blank: string; migrated: string } | null;
    /** A data directory that initdb made (no migration): copy it, never open it in place. */
    pgliteBlankDir: string;
    /** A data directory with every migration applied (no rows): copy it, never open it in place. */
    pgliteMigratedDir: string;
    /** The server as `npm run serve` runs it (scripts/build-server.mjs), built for this run. */
    serverBundle: string;
  }
}

const ROOT = process.cwd();
const MIGRATIONS = join(ROOT, "server/db/migrations");
const CACHE = join(ROOT, "node_modules/.cache/fixit-tests");

const hash = (...parts: Array<string | Uint8Array>) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex").slice(0, 16);
};
/** What the blank image depends on: PGlite's version (initdb's output). */
const blankKey = () => hash(readFileSync(join(ROOT, "node_modules/@electric-sql/pglite/package.json")));
/** What the migrated image depends on: the blank one, the migrations, the code that applies them. */
function migratedKey(blank: string) {
  const parts: Array<string | Uint8Array> = [blank, readFileSync(join(ROOT, "server/db/db.ts"))];
  for (const f of readdirSync(MIGRATIONS).sort()) parts.push(f, readFileSync(join(MIGRATIONS, f)));
  return hash(...parts);
}

/** Writes `data` to `path` whole or not at all (another run may be reading or writing the same cache). */
function writeAtomically(path: string, data: Uint8Array) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * Runs `open` with PGlite.create given `options` too, and answers the PGlite it made: openPglite takes no options and
 * hides its PGlite (one such call at a time).
 */
async function withCreateOptions<T>(options: object, open: () => Promise<T>) {
  const { PGlite } = await import("@electric-sql/pglite");
  const original = PGlite.create;
  const create = original as (...args: unknown[]) => Promise<InstanceType<typeof PGlite>>;
  let pg: InstanceType<typeof PGlite> | undefined;
  PGlite.create = (async (...args: unknown[]) =>
    (pg = await create.call(PGlite, ...(typeof args[0] === "string" ? args : [{ ...(args[0] as object), ...options }])))) as typeof original;
  try {
    const result = await open();
    if (!pg) throw new Error("global-setup: openPglite no longer creates its PGlite through PGlite.create");
    return { result, pg };
  } finally {
    PGlite.create = original;
  }
}

const dump = async (pg: { dumpDataDir: (c: "none") => Promise<Blob | File> }) => new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer());

/** Unpacks the image `tar` into the directory `dir` (PGlite does it), renamed into place whole. */
async function unpack(tar: string, dir: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const pg = await PGlite.create(tmp, { loadDataDir: new Blob([readFileSync(tar)]) });
  await pg.close();
  try {
    renameSync(tmp, dir);
  } catch (e) {
    // Another run put it there first.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(dir)) throw e;
  }
}

/** How long an image that no run has used is kept: a run on another branch's migrations may come back to it. */
export const KEEP_UNUSED_MS = 60 * 60 * 1000;

/**
 * Marks the images in `current` as used now, and deletes from `dir` the others that no run has used for KEEP_UNUSED_MS.
 * Each change of the migrations or of db.ts makes a new migrated image, 80 MB with its directory: without this, a day's
 * work left gigabytes under node_modules/.cache. Answers the names it deleted.
 */
export function pruneCache(dir: string, current: string[], now = Date.now()): string[] {
  const keep = new Set(current.map((p) => relative(dir, p)));
  for (const path of current) if (existsSync(path)) utimesSync(path, now / 1000, now / 1000);
  const pruned: string[] = [];
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (keep.has(name) || !/^pglite-(blank|migrated)-[0-9a-f]{16}\.(tar|dir)$/.test(name)) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs < KEEP_UNUSED_MS) continue;
      rmSync(path, { recursive: true, force: true });
      pruned.push(name);
    } catch {
      // Gone already (another run pruned it).
    }
  }
  return pruned;
}

async function pgliteImages() {
  const bKey = blankKey();
  const mKey = migratedKey(bKey);
  const blank = join(CACHE, `pglite-blank-${bKey}.tar`);
  const migrated = join(CACHE, `pglite-migrated-${mKey}.tar`);
  const blankDir = join(CACHE, `pglite-blank-${bKey}.dir`);
  const migratedDir = join(CACHE, `pglite-migrated-${mKey}.dir`);
  const made = { blank, migrated, blankDir, migratedDir };
  pruneCache(CACHE, Object.values(made));
  if (Object.values(made).every((p) => existsSync(p))) return made;
  mkdirSync(CACHE, { recursive: true });
  const { migrate, openPglite } = await import("../../server/db/db");
  if (!existsSync(blank)) {
    const { result: db, pg } = await withCreateOptions({}, () => openPglite());
    writeAtomically(blank, await dump(pg));
    await db.close();
  }
  if (!existsSync(migrated)) {
    const loadDataDir = new Blob([readFileSync(blank)]);
    const { result: db, pg } = await withCreateOptions({ loadDataDir }, () => openPglite());
    await migrate(db);
    writeAtomically(migrated, await dump(pg));
    await db.close();
  }
  if (!existsSync(blankDir)) await unpack(blank, blankDir);
  if (!existsSync(migratedDir)) await unpack(migrated, migratedDir);
  return made;
}

export default async function setup(project: TestProject) {
  const run = `t_${randomBytes(3).toString("hex")}`;
  project.provide("fixitRun", run);
  // The tests that start a server process start the built one, as `npm run serve` does: tsx would transpile the server
  // again in each of them (about a second of CPU per process). Built once here, in 0.2 s.
  const { buildServer } = await import("../../scripts/build-server.mjs");
  const serverDir = join(CACHE, `server-${run}`);
  project.provide("serverBundle", await buildServer(relative(ROOT, serverDir)));
  const url = process.env.DATABASE_URL;
  const { blankDir, migratedDir, ...images } = await pgliteImages();
  project.provide("pgliteImages", url ? null : images);
  project.provide("pgliteBlankDir", blankDir);
  project.provide("pgliteMigratedDir", migratedDir);
  return async () => {
    rmSync(serverDir, { recursive: true, force: true });
    if (!url) return;
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
