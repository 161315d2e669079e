import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrate } from "../../server/db/db";
import { blankDb } from "./helpers";

let db: Db;
let dir: string;
beforeAll(async () => {
  // Its own database (a schema, dropped at the end): these migrations add tables and functions the other files must
  // not see. None of the app's migrations: the ones here are the subject.
  db = await blankDb(`migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
  dir = mkdtempSync(join(tmpdir(), "fixit-migrations-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await db.close();
});

// A function and a trigger: semicolons at the ends of lines inside their bodies.
const FUNCTION_AND_TRIGGER = `-- A table that counts its own changes.
create table t_counted (id serial primary key, label text not null, changes integer not null default 0);

create function t_count_change() returns trigger language plpgsql as $$
begin
  new.changes := coalesce(old.changes, 0) + 1;
  if new.label = '' then
    raise exception 'label must not be empty';
  end if;
  return new;
end;
$$;

create trigger t_counted_change before insert or update on t_counted
  for each row execute function t_count_change();
`;

describe("migrations", () => {
  it("runs a migration with a plpgsql function and a trigger whole, where splitting on ';' broke it", async () => {
    const sub = mkdtempSync(join(dir, "fn-"));
    writeFileSync(join(sub, "900-function.sql"), FUNCTION_AND_TRIGGER);
    writeFileSync(join(sub, "901-use.sql"), "insert into t_counted (label) values ('first');\nupdate t_counted set label = 'second';\n");
    expect(await migrate(db, sub)).toEqual(["900-function.sql", "901-use.sql"]);
    expect((await db.query("select label, changes from t_counted")).rows).toEqual([{ label: "second", changes: 2 }]);
    await expect(db.query("insert into t_counted (label) values ('')")).rejects.toThrow(/label must not be empty/);
    // Applied once: a second run does nothing.
    expect(await migrate(db, sub)).toEqual([]);
  });

  it("leaves nothing of a migration that fails half-way, and applies it once fixed", async () => {
    const sub = mkdtempSync(join(dir, "broken-"));
    writeFileSync(join(sub, "910-broken.sql"), "create table t_half (id int);\ninsert into t_half values (1);\nselect * from t_no_such_table;\n");
    await expect(migrate(db, sub)).rejects.toThrow(/t_no_such_table/);
    expect((await db.query("select to_regclass('t_half') as t")).rows).toEqual([{ t: null }]);
    expect((await db.query("select 1 from schema_migrations where name = '910-broken.sql'")).rows).toHaveLength(0);
    // The database is still usable after the failure.
    writeFileSync(join(sub, "910-broken.sql"), "create table t_half (id int);\ninsert into t_half values (1);\n");
    expect(await migrate(db, sub)).toEqual(["910-broken.sql"]);
    expect((await db.query("select id from t_half")).rows).toEqual([{ id: 1 }]);
  });
});
