// Compiles the API server (server/index.ts) to one ES module, dist-server/index.mjs, with its migrations beside it, so
// it runs on plain Node: what `npm start` and `npm run serve` run. tsx (which the tests and the development server
// use) transpiles each file as it loads and keeps a module-loader thread for it: about 40 MB more memory at rest (issue 16). Packages stay in node_modules,
// except those whose ES-module imports plain Node cannot resolve (dayjs's plugins name no file extension).
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// esbuild comes with tsx and vite (both installed by npm ci).
const { build } = require("esbuild");
const pkg = require("../package.json");

const out = "dist-server";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ["server/index.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: `${out}/index.mjs`,
  external: Object.keys(pkg.dependencies).filter((name) => name !== "dayjs"),
  // Bundled CommonJS code (dayjs) calls require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: "warning",
});
cpSync("server/db/migrations", `${out}/migrations`, { recursive: true });
console.log(`built ${out}/index.mjs`);
