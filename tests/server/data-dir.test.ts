// The server process and its data directory (D24). The lock within one process: data-dir-lock.test.ts. A server here
// starts on a copy of a directory initdb and the migrations already made (global-setup.ts): it still seeds it, but
// initdb's and the migrations' seconds of CPU are spent once per PGlite version and set of migrations; start.test.ts
// keeps a real first start.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { LOCK_FILE } from "../../server/db/data-dir";
import { openPglite } from "../../server/db/db";
import { startupFailure } from "../../server/db/startup";

const root = mkdtempSync(join(tmpdir(), "fixit-datadir-"));
const emptyStatic = mkdtempSync(join(root, "static-"));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running) if (p.exitCode === null) p.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const RUNUSER = "/usr/sbin/runuser";
const isRoot = process.getuid?.() === 0;

/**
 * The real server process, built from server/index.ts as `npm run serve` builds and starts it (global-setup.ts);
 * `asNobody` runs it as that user (from root). Its PGlite compiled by V8's Liftoff alone, as the test workers'
 * (setup.ts): half the CPU of a short-lived server.
 */
function startServer(env: Record<string, string>, asNobody = false) {
  const node = [process.execPath, "--liftoff-only", inject("serverBundle")];
  const [cmd, ...args] = asNobody ? [RUNUSER, "-u", "nobody", "--", ...node] : node;
  const child = spawn(cmd, args, {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: "", STATIC_DIR: emptyStatic, SMTP_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** Resolves with the exit code, or "still running" after `ms`. */
const exitWithin = (p: { exited: Promise<number | null> }, ms: number) =>
  Promise.race([p.exited, new Promise<"still running">((r) => setTimeout(() => r("still running"), ms))]);

async function waitForHealth(port: number, server: { exited: Promise<number | null>; err: () => string }) {
  let down: number | null | undefined;
  void server.exited.then((c) => (down = c));
  for (let i = 0; i < 1200; i++) {
    if (down !== undefined) throw new Error(`the first server exited (${down}): ${server.err()}`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the first server did not start");
}

describe("one server per data directory (D24)", () => {
  it("refuses a second server on the same data directory at once, naming it, while the first keeps serving", { timeout: 120_000 }, async () => {
    const dataDir = join(root, "shared-data");
    cpSync(inject("pgliteMigratedDir"), dataDir, { recursive: true });
    const [port1, port2] = [await freePort(), await freePort()];
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port1) });
    await waitForHealth(port1, first);

    const started = Date.now();
    const second = startServer({ DATA_DIR: dataDir, PORT: String(port2) });
    const code = await exitWithin(second, 20_000);
    expect(code, second.out()).not.toBe("still running");
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(second.err()).toContain(`already using the data directory ${dataDir}`);
    expect(second.err()).not.toMatch(/^\s+at /m);
    // The second never listened.
    expect(
      await fetch(`http://127.0.0.1:${port2}/api/health`).then(
        () => "answered",
        () => "refused",
      ),
    ).toBe("refused");

    const health = await fetch(`http://127.0.0.1:${port1}/api/health`);
    expect(health.status).toBe(200);
    // A real server's answers (@hono/node-server's, set in place: server/app.ts) carry the headers as app.request's do.
    expect(health.headers.get("x-frame-options")).toBe("DENY");
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(health.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    // Stopping the first releases the lock.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    first.child.kill("SIGTERM");
    expect(await exitWithin(first, 20_000)).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

// Independent checks that each end within a second: run at once.
describe.concurrent("an unusable data directory", () => {
  // What the server does with a start that fails (one line, exit status 1) is the same for every such directory: the
  // read-only one below, and the second server above, check it on a real process. These two check the sentence in
  // process, through the same two steps as server/index.ts (open the embedded database, turn its failure into one
  // sentence): a process each cost a third of a second of CPU for the same check.
  const sentenceFor = (dataDir: string) =>
    openPglite(dataDir).then(
      async (db) => (await db.close(), "opened"),
      (e) => startupFailure(e, { DATA_DIR: dataDir }),
    );

  it("refuses a data directory that is a file in one sentence naming it", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "not a directory");
    expect(await sentenceFor(file)).toBe(`Cannot use the data directory ${file}: it is a file, not a directory. Set DATA_DIR to a directory.`);
  });

  it("refuses a data directory under a file in one sentence naming it", async () => {
    const file = join(root, "another-file");
    writeFileSync(file, "not a directory");
    const dir = join(file, "data");
    const failure = await sentenceFor(dir);
    expect(failure).toContain(`the data directory ${dir}`);
    expect(failure).toContain("is a file");
    expect(failure.split("\n")).toHaveLength(1);
  });

  // root writes through any mode bits: as root the server runs as nobody, so a read-only directory means something.
  it.skipIf(isRoot && !existsSync(RUNUSER))("exits with a sentence naming a read-only data directory, not a stack trace", { timeout: 60_000 }, async () => {
    chmodSync(root, 0o755);
    const dir = join(root, "read-only");
    mkdirSync(dir, { mode: 0o555 });
    chmodSync(dir, 0o555);
    for (const dataDir of [dir, join(dir, "data")]) {
      const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) }, isRoot);
      expect(await exitWithin(server, 30_000), server.err()).toBe(1);
      expect(server.err()).toMatch(/^Cannot (use|create) the data directory .*(not writable|permission denied)/);
      expect(server.err()).toContain(`the data directory ${dataDir}:`);
      expect(server.err().trim().split("\n")).toHaveLength(1);
    }
  });
});
