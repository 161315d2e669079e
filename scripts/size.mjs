// Prints the gzip size of the first-load JavaScript and CSS of each build: what the sign-in screen needs before it
// is interactive (the entry chunk, its static imports, the chunks of the `/` and `/login` views with theirs, their CSS
// and the CSS inlined in index.html), read from Vite's manifest; and each screen's own code: the chunk of every lazy
// view of src/views with those of its static imports that no other screen imports.
// Budgets of issue 16: 25 KB first load for the production (preact) build, 100 KB for React; 30 KB per screen.
// Also printed, outside the budgets: index.html itself, the English dictionary and the first screens' words (what a
// first screen waits for instead), and what the sign-in screen fetches once it is up (the Google button, the API client).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUILDS = [
  { name: "production (preact/compat)", dir: "dist", budget: 25 * 1024, screenBudget: 30 * 1024 },
  { name: "react", dir: "dist-react", budget: 100 * 1024 },
];
const FIRST_VIEWS = ["src/views/auth/root.tsx", "src/views/auth/login.tsx"];
// The Google button, with the "client" chunk it imports (vite.config.ts: the HTTP client, ky, the toasts, the update prompt).
const AFTER_FIRST_PAINT = ["src/views/auth/google-button.tsx"];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

let failed = false;
for (const build of BUILDS) {
  const manifestPath = join(build.dir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    console.error(`${build.name}: ${manifestPath} is missing; run npm run build${build.dir === "dist" ? "" : ":react"} first`);
    failed = true;
    continue;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  /** The files of `keys` and of their static imports, CSS included. */
  const closure = (keys, into = new Set()) => {
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const css of chunk.css ?? []) into.add(css);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const key of keys) visit(key);
    return into;
  };
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gz(readFileSync(join(build.dir, file))));
    return sizes.get(file);
  };
  const first = closure([...Object.keys(manifest).filter((k) => manifest[k].isEntry), ...FIRST_VIEWS]);

  const html = readFileSync(join(build.dir, "index.html"));
  const inlineCss = [...html.toString().matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  let total = gz(inlineCss);
  const rows = [];
  for (const file of [...first].sort()) {
    total += sizeOf(file);
    rows.push(`  ${kb(sizeOf(file)).padStart(9)}  ${file}`);
  }
  const ok = total <= build.budget;
  failed ||= !ok;
  console.log(`${build.name}: first load ${kb(total)} gzip, ${total} bytes (budget ${kb(build.budget)}) ${ok ? "OK" : "OVER BUDGET"}`);
  console.log(rows.join("\n"));

  const after = [...closure(AFTER_FIRST_PAINT)].filter((f) => !first.has(f));
  const dict = join(build.dir, "locales", "en.json");
  // A first screen waits for its own words (locales/en.{screen}.json, vite.config.ts firstWords), not the dictionary.
  const words = existsSync(join(build.dir, "locales")) ? readdirSync(join(build.dir, "locales")).filter((f) => /^en\.[\w-]+\.json$/.test(f)) : [];
  const wordSizes = words.map((f) => gz(readFileSync(join(build.dir, "locales", f)))).sort((a, b) => a - b);
  console.log(
    `  outside the budget: index.html ${kb(gz(html))}, locales/en.json ${existsSync(dict) ? kb(gz(readFileSync(dict))) : "missing"} ` +
      `(a first screen's words ${wordSizes.length ? `${kb(wordSizes[0])} to ${kb(wordSizes[wordSizes.length - 1])}` : "missing"}), ` +
      `fetched once the sign-in screen is up ${kb(after.reduce((n, f) => n + sizeOf(f), 0))}`,
  );

  if (build.screenBudget) {
    const views = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && key.startsWith("src/views/"));
    const closures = new Map(views.map((key) => [key, [...closure([key])].filter((f) => !first.has(f))]));
    // A chunk that more than one screen imports (zod, the phone metadata, dates, shared components) is a library of
    // the app rather than a screen's own code: it is loaded once for all of them.
    const users = new Map();
    for (const files of closures.values()) for (const f of files) users.set(f, (users.get(f) ?? 0) + 1);
    const screens = views
      .map((key) => ({ key, size: closures.get(key).reduce((n, f) => n + (users.get(f) === 1 || f === manifest[key].file ? sizeOf(f) : 0), 0) }))
      .sort((a, b) => b.size - a.size);
    const over = screens.filter((s) => s.size > build.screenBudget);
    failed ||= over.length > 0;
    console.log(
      `  screens' own code (the view's chunk and the static imports no other screen shares), budget ${kb(build.screenBudget)} each: ` +
        `largest ${screens
          .slice(0, 5)
          .map((s) => `${s.key.replace("src/views/", "")} ${kb(s.size)}`)
          .join(", ")}${over.length ? `\n  OVER BUDGET: ${over.map((s) => `${s.key} ${kb(s.size)}`).join(", ")}` : " OK"}`,
    );
  }
}
process.exit(failed ? 1 : 0);
