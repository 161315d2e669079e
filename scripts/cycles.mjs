// Import-cycle check over src/ and server/ (ARCHITECTURE.md convention 4). Counts every import edge: value and type-only
// imports, re-exports and dynamic import(), because a type-only cycle is still a tangle and a lazy route that imports
// back into the route table is one too. TypeScript 7's compiler API is not stable yet and madge/dpdm drop type imports
// by default, so this reads the import specifiers itself: the project's code writes them in one plain way.
// Usage: node scripts/cycles.mjs [dir ...]; exits 1 and prints each cycle when there is one.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const EXT = [".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (EXT.some((e) => name.endsWith(e)) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...EXT.map((e) => base + e), ...EXT.map((e) => join(base, `index${e}`))];
  // `./x.js` written for a `./x.ts` file.
  if (/\.[mc]?jsx?$/.test(base)) candidates.push(...EXT.map((e) => base.replace(/\.[mc]?jsx?$/, e)));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

// Comments out, so an import in a comment is no edge; strings stay, since specifiers are strings.
const stripComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
const IMPORT = /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

export function graph(files) {
  const edges = new Map();
  for (const file of files) {
    const code = stripComments(readFileSync(file, "utf8"));
    const to = new Set();
    for (const m of code.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (target) to.add(target);
    }
    edges.set(file, [...to]);
  }
  return edges;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
export function cycles(edges) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(scc.reverse());
    }
  };
  for (const v of edges.keys()) if (!meta.has(v)) visit(v);
  return found;
}

/** What the check prints for `dirs` and its exit status: 1 when a cycle is found (the tests run it in process). */
export function check(dirs) {
  const files = dirs.flatMap((d) => walk(resolve(root, d)));
  const found = cycles(graph(files));
  const lines = found.map((scc) => `cycle: ${scc.map((f) => relative(root, f)).join(" <-> ")}`);
  lines.push(`${found.length} import cycle${found.length === 1 ? "" : "s"} in ${files.length} files (${dirs.join(", ")})`);
  return { status: found.length ? 1 : 0, stdout: `${lines.join("\n")}\n` };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { status, stdout } = check(process.argv.length > 2 ? process.argv.slice(2) : ["src", "server"]);
  process.stdout.write(stdout);
  process.exit(status);
}
