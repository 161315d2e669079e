// Each css`` (and glob``) without interpolations is compiled by goober at build time into its rule, with `&` for its class:
//   css`color: red; &:hover { color: blue; }`  becomes  rule("&{color:red;}&:hover{color:blue;}")
// (src/lib/goober-sheet.ts, which hashes the rule for its class and adds it to the sheet once). The phone then skips
// goober's parsing of about 470 rules as the chunks load: about 14 ms of this machine's CPU on /property/open-issues,
// 57 ms at Lighthouse's 4x slower CPU (issue 16, profiled). The rules are goober's own; only the class names differ.
// vite.config.ts runs it on the app's modules in the build; the tests run goober as before. A css`` with `${}` still
// goes to goober at run time.
import { css as gooberCss } from "goober";
import { parseSync } from "rolldown/utils";

// goober writes into the target it is given when there is no window (the build), and into the `firstChild` of what
// `querySelector` finds when there is one (the tests' page). Its `data` reads as an empty sheet whatever goober does
// with it (appends, or replaces the last glob`` it made), so what goober writes is the rule alone.
let written = "";
const empty = { indexOf: () => -1, replace: (_old, rule) => rule, toString: () => "" };
const sheet = {
  get data() {
    return empty;
  },
  set data(value) {
    written = String(value);
  },
  querySelector: () => ({ parentNode: 1, firstChild: sheet }),
};
/** goober's class and rule for a css`` of this text (`global`: for a glob``, whose rules have no class). */
export function compileCss(text, global = false) {
  written = "";
  const cls = gooberCss.call({ target: sheet, g: global ? 1 : 0 }, Object.assign([text], { raw: [text] }));
  return { cls, rule: written };
}

/**
 * The module `code` (TypeScript, at `id`) with its css`` and glob`` of goober compiled into calls of `rule` and
 * `globalRules` from the module at `sheet`; null when there are none.
 */
export function precompileStyles(code, id, sheet) {
  const { program } = parseSync(id, code, { lang: id.endsWith("x") ? "tsx" : "ts" });
  /** The local names of goober's css and glob. */
  const tags = new Map();
  for (const st of program.body)
    if (st.type === "ImportDeclaration" && st.source.value === "goober")
      for (const sp of st.specifiers) if (sp.imported?.name === "css" || sp.imported?.name === "glob") tags.set(sp.local.name, sp.imported.name);
  if (tags.size === 0) return null;
  const found = [];
  const walk = (node) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    if (node.type === "TaggedTemplateExpression" && node.tag.type === "Identifier" && tags.has(node.tag.name) && node.quasi.expressions.length === 0)
      found.push(node);
    else for (const k in node) if (k !== "parent") walk(node[k]);
  };
  walk(program.body);
  if (found.length === 0) return null;
  let out = code;
  for (const node of found.sort((a, b) => b.start - a.start)) {
    const source = code.slice(node.start, node.end);
    // The parser's offsets must be UTF-16 ones, as JavaScript's strings are; anything else would cut the code wrongly.
    if (!source.startsWith(node.tag.name) || !source.endsWith("`")) throw new Error(`${id}: the tagged template at ${node.start} did not read as one`);
    const global = tags.get(node.tag.name) === "glob";
    const { cls, rule } = compileCss(node.quasi.quasis[0].value.cooked, global);
    if (!global && rule.includes("&")) throw new Error(`${id}: the css\`\` at ${node.start} compiles to a rule with "&", which rule() reads as its class`);
    // As many lines as before, so what follows keeps its line numbers.
    const lines = "\n".repeat(source.split("\n").length - 1);
    const call = global ? `__gooberGlobal(${JSON.stringify(rule)}${lines})` : `__gooberRule(${JSON.stringify(rule.split(`.${cls}`).join("&"))}${lines})`;
    out = `${out.slice(0, node.start)}${call}${out.slice(node.end)}`;
  }
  return { code: `${out}\nimport { rule as __gooberRule, globalRules as __gooberGlobal } from ${JSON.stringify(sheet)};\n`, map: null };
}
