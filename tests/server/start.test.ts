import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrate, openPglite } from "../../server/db/db";
import { seedIfEmpty } from "../../server/db/seed";

describe("starting on a data directory", () => {
  it("migrates and seeds an empty database once, and a second start keeps every row", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "fixit-start-")), "data");
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
