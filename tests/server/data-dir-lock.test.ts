// The data directory's lock (D24) within one process: split from data-dir.test.ts (the server processes), so the two
// slow halves run on two workers (issue 16).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { DataDirError, LOCK_FILE, lockDataDir } from "../../server/db/data-dir";
import { openPglite } from "../../server/db/db";

const root = mkdtempSync(join(tmpdir(), "fixit-datadir-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("one server per data directory (D24)", () => {
  describe("the lock", () => {
    const dirs: string[] = [];
    const fresh = () => {
      const d = mkdtempSync(join(root, "lock-"));
      dirs.push(d);
      return d;
    };
    const releases: Array<() => void> = [];
    afterEach(() => {
      for (const r of releases.splice(0)) r();
    });

    it("refuses the same directory twice in one process, and frees it on release", () => {
      const dir = fresh();
      const release = lockDataDir(dir);
      expect(() => lockDataDir(dir)).toThrow(DataDirError);
      expect(() => lockDataDir(dir)).toThrow(`already using the data directory ${dir}`);
      release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      releases.push(lockDataDir(dir));
    });

    it("takes over a lock left by a process that died (a crash or a kill -9)", () => {
      const dir = fresh();
      const dead = spawnSync(process.execPath, ["--version"]).pid;
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), since: "2026-01-01T00:00:00Z" }));
      releases.push(lockDataDir(dir));
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    });

    it("takes over a lock file cut short while it was written", () => {
      const dir = fresh();
      writeFileSync(join(dir, LOCK_FILE), "");
      releases.push(lockDataDir(dir));
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    });

    it("keeps a lock held by a live process", () => {
      const dir = fresh();
      // process 1 (init) is alive on every Linux machine.
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: hostname(), since: "2026-01-01T00:00:00Z" }));
      expect(() => lockDataDir(dir)).toThrow(/process 1\)/);
    });

    it("keeps a second embedded database off a directory that one has open", async () => {
      // A directory initdb already made (global-setup.ts): the lock is the subject here, not initdb (start.test.ts).
      const dir = join(fresh(), "data");
      cpSync(inject("pgliteBlankDir"), dir, { recursive: true });
      const db = await openPglite(dir);
      await expect(openPglite(dir)).rejects.toThrow(`already using the data directory ${dir}`);
      await db.close();
      const again = await openPglite(dir);
      await again.close();
    });
  });
});
