// Prints the gzip size of the first-load JavaScript and CSS of each build: what the sign-in screen needs before it
// is interactive (the entry chunk, its static imports, and the chunks of the `/` and `/login` views with theirs),
// read from Vite's manifest. Fails above the budgets of issue 2: 40 KB for the production (preact) build, 100 KB for React.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUILDS = [
  { name: "production (preact/compat)", dir: "dist", budget: 40 * 1024 },
  { name: "react", dir: "dist-react", budget: 100 * 1024 },
];
const FIRST_VIEWS = ["src/views/auth/root.tsx", "src/views/auth/login.tsx"];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let failed = false;
for (const build of BUILDS) {
  const manifestPath = join(build.dir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    console.error(`${build.name}: ${manifestPath} is missing; run npm run build${build.dir === "dist" ? "" : ":react"} first`);
    failed = true;
    continue;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const view of FIRST_VIEWS) visit(view);

  const html = readFileSync(join(build.dir, "index.html"));
  const inlineCss = [...html.toString().matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  let total = gzipSync(inlineCss, { level: 9 }).length;
  const rows = [];
  for (const file of [...files].sort()) {
    const size = gzipSync(readFileSync(join(build.dir, file)), { level: 9 }).length;
    total += size;
    rows.push(`  ${kb(size).padStart(9)}  ${file}`);
  }
  const ok = total <= build.budget;
  failed ||= !ok;
  console.log(`${build.name}: first load ${kb(total)} gzip (budget ${kb(build.budget)}) ${ok ? "OK" : "OVER BUDGET"}`);
  console.log(rows.join("\n"));
}
process.exit(failed ? 1 : 0);
