import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrate, openPglite } from "../../server/db/db";
import { seedIfEmpty } from "../../server/db/seed";

// The first start of a data directory: the migrations and the demo data, once. It starts from a copy of a directory
// that initdb made (global-setup.ts, once per PGlite version): initdb itself, which the server runs in a child process
// on an empty directory (server/db/db.ts), is PGlite's own work and takes seconds of CPU; the browser suite's servers
// start on empty directories (playwright.config.ts), so CI runs it twice on every change.
// A copy of 40 MB: each run left one behind.
const root = mkdtempSync(join(tmpdir(), "fixit-start-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("starting on a data directory", () => {
  it("migrates and seeds an empty database once, and a second start keeps every row", async () => {
    const dir = join(root, "data");
    cpSync(inject("pgliteBlankDir"), dir, { recursive: true });
    const first = await openPglite(dir);
    expect((await migrate(first)).length).toBeGreaterThan(0);
    expect(await seedIfEmpty(first)).toBe(true);
    await first.query("insert into users (role, name, email) values (0, 'Added Later', 'later@demo.om')");
    const count = async (db: typeof first) => (await db.query<{ n: number }>("select count(*)::int as n from users")).rows[0].n;
    const before = await count(first);
    await first.close();

    const second = await openPglite(dir);
    expect(await migrate(second)).toEqual([]);
    expect(await seedIfEmpty(second)).toBe(false);
    expect(await count(second)).toBe(before);
    expect((await second.query("select 1 from users where email = 'later@demo.om'")).rows).toHaveLength(1);
    await second.close();
  });
});
