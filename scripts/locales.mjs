// Merges locales/<area>/{en,ar}.json into public/locales/{en,ar}.json and fails when the two languages' keys differ.
// Each area keeps its own files so that work on separate screens never edits the same file.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const LANGS = ["en", "ar"];
const isObj = (v) => v && typeof v === "object" && !Array.isArray(v);
function merge(into, from, where) {
  for (const [k, v] of Object.entries(from)) {
    if (isObj(v) && isObj(into[k])) merge(into[k], v, `${where}.${k}`);
    else if (k in into) throw new Error(`duplicate translation key ${where}.${k}`);
    else into[k] = v;
  }
  return into;
}
const flat = (o, p = "") => Object.entries(o).flatMap(([k, v]) => (isObj(v) ? flat(v, `${p}${k}.`) : [`${p}${k}`]));

const areas = readdirSync("locales").sort();
const out = {};
for (const lang of LANGS) {
  out[lang] = {};
  for (const area of areas) merge(out[lang], JSON.parse(readFileSync(`locales/${area}/${lang}.json`, "utf8")), area);
}
const [en, ar] = LANGS.map((l) => new Set(flat(out[l])));
const missing = [...[...en].filter((k) => !ar.has(k)).map((k) => `ar: ${k}`), ...[...ar].filter((k) => !en.has(k)).map((k) => `en: ${k}`)];
if (missing.length) {
  console.error(`Translation keys missing:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
mkdirSync("public/locales", { recursive: true });
for (const lang of LANGS) writeFileSync(`public/locales/${lang}.json`, `${JSON.stringify(out[lang], null, 1)}\n`);
console.log(`locales: ${en.size} keys in ${LANGS.join(", ")} from ${areas.length} areas`);
