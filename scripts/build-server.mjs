// Compiles the API server (server/index.ts) to one ES module, dist-server/index.mjs, with its migrations beside it, so
// it runs on plain Node: what `npm start` and `npm run serve` run. tsx (which the development server uses) transpiles
// each file as it loads and keeps a module-loader thread for it: about 40 MB more memory at rest (issue 16). Packages
// stay in node_modules, except those whose ES-module imports plain Node cannot resolve (dayjs's plugins name no file
// extension). The server tests that start real processes start this too, built into a directory of their own
// (tests/server/global-setup.ts).
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, "..");

/**
 * Builds the server into `out` (relative to the repository): `out`/index.mjs and `out`/migrations. `out` must lie
 * inside the repository, so that the packages left out of the bundle resolve from its node_modules.
 */
export async function buildServer(out = "dist-server") {
  // esbuild comes with tsx and vite (both installed by npm ci).
  const { build } = require("esbuild");
  const pkg = require("../package.json");
  const dir = resolve(ROOT, out);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["server/index.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: join(dir, "index.mjs"),
    external: Object.keys(pkg.dependencies).filter((name) => name !== "dayjs"),
    // Bundled CommonJS code (dayjs) calls require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: "warning",
  });
  cpSync(join(ROOT, "server/db/migrations"), join(dir, "migrations"), { recursive: true });
  return join(dir, "index.mjs");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(`built ${await buildServer()}`);
