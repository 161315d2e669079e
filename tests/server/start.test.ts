import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openPglite } from "../../server/db/db";
import { seedIfEmpty } from "../../server/db/seed";

// The first start runs initdb in a child process whose arguments the server sets (server/db/db.ts): its PGlite is
// compiled by V8's Liftoff alone, as the test workers' is (setup.ts), through NODE_OPTIONS: half initdb's CPU.
let nodeOptions: string | undefined;
beforeAll(() => {
  nodeOptions = process.env.NODE_OPTIONS;
  const preload = pathToFileURL(join(import.meta.dirname, "liftoff-only.mjs")).href;
  process.env.NODE_OPTIONS = `${nodeOptions ?? ""} --import "${preload}"`.trim();
});
afterAll(() => {
  if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = nodeOptions;
});

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
