// Runs the server tests against a real PostgreSQL server: DATABASE_URL (or TEST_DATABASE_URL) names it.
import { spawnSync } from "node:child_process";

const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error("test:pg needs DATABASE_URL=postgres://user:password@host:5432/db (see README)");
  process.exit(2);
}
const run = spawnSync("npx", ["vitest", "run", "--project", "server"], { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
process.exit(run.status ?? 1);
