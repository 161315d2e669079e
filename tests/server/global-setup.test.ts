// The test run's cache of PGlite images (global-setup.ts): what no run has used for an hour goes; the rest stays.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KEEP_UNUSED_MS, pruneCache } from "./global-setup";

const root = mkdtempSync(join(tmpdir(), "fixit-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the image cache (global-setup.ts)", () => {
  it("deletes the images no run has used for an hour, and keeps everything else", () => {
    const now = Date.now();
    const old = (now - KEEP_UNUSED_MS - 60_000) / 1000;
    const file = (name: string, mtime?: number) => {
      const path = join(root, name);
      if (name.endsWith(".dir")) {
        mkdirSync(path);
        writeFileSync(join(path, "PG_VERSION"), "17");
      } else writeFileSync(path, "x");
      if (mtime) utimesSync(path, mtime, mtime);
      return path;
    };
    const current = [
      file("pglite-blank-0123456789abcdef.tar", old),
      file("pglite-blank-0123456789abcdef.dir", old),
      file("pglite-migrated-1111111111111111.tar", old),
      file("pglite-migrated-1111111111111111.dir", old),
    ];
    file("pglite-migrated-2222222222222222.tar", old);
    file("pglite-migrated-2222222222222222.dir", old);
    file("pglite-blank-3333333333333333.tar", old);
    // Made a minute ago by a run on other migrations, which may still be reading it.
    file("pglite-migrated-4444444444444444.tar");
    // Not an image.
    file("oidc-rsa-keys.json", old);
    file("server-t_abc123", old);

    expect(pruneCache(root, current, now).sort()).toEqual([
      "pglite-blank-3333333333333333.tar",
      "pglite-migrated-2222222222222222.dir",
      "pglite-migrated-2222222222222222.tar",
    ]);
    expect(readdirSync(root).sort()).toEqual([
      "oidc-rsa-keys.json",
      "pglite-blank-0123456789abcdef.dir",
      "pglite-blank-0123456789abcdef.tar",
      "pglite-migrated-1111111111111111.dir",
      "pglite-migrated-1111111111111111.tar",
      "pglite-migrated-4444444444444444.tar",
      "server-t_abc123",
    ]);
    // The run's own images count as used now: an hour later, another run on other migrations keeps them.
    for (const path of current) expect(statSync(path).mtimeMs).toBeGreaterThanOrEqual(now - 1000);
    expect(pruneCache(root, [], now + KEEP_UNUSED_MS - 60_000)).toEqual([]);
    // Nothing left to prune, and a cache not yet made is no error.
    expect(pruneCache(root, current, now)).toEqual([]);
    expect(pruneCache(join(root, "missing"), [], now)).toEqual([]);
  });
});
