// A first screen's words (issue 16): the part of the dictionary the screen can show before the whole of it has come.
// The build (vite.config.ts, firstWords) reads every string literal of the code a first screen runs, and keeps the
// dictionary's keys they name: a key written whole ("jobs.empty"), or every key under a prefix the code completes at
// run time (`repair.stage.${s}`, "nav." + name). Keys are always two levels deep or more, so a bare word in the code
// ("open", "repair") never pulls in a whole area.

import { parseAst } from "rolldown/parseAst";

const KEYISH = /^[A-Za-z_][\w-]*\.[\w.-]*$/;

/**
 * The strings of a module (`code`, in `lang`: "js", "ts" or "tsx") that may name a key: `exact` ones, and `prefixes` (the
 * head of a template literal that goes on with `${`, or a string ending in a dot, which the code completes).
 */
export function literalsOf(code, lang = "tsx", into = { exact: new Set(), prefixes: new Set() }) {
  const add = (text, open) => {
    if (typeof text !== "string" || !KEYISH.test(text)) return;
    (open || text.endsWith(".") ? into.prefixes : into.exact).add(text);
  };
  const visit = (node) => {
    if (Array.isArray(node)) for (const n of node) visit(n);
    else if (node && typeof node === "object") {
      if (node.type === "Literal") add(node.value, false);
      else if (node.type === "TemplateLiteral") add(node.quasis[0]?.value.cooked, node.expressions.length > 0);
      for (const k in node) if (k !== "type" && typeof node[k] === "object") visit(node[k]);
    }
  };
  visit(parseAst(code, { lang }));
  return into;
}

const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The part of `dict` (nested, as public/locales/{lng}.json) whose keys `literals` name, nested the same way. */
export function pickWords(dict, { exact, prefixes }) {
  const pre = [...prefixes];
  const walk = (node, path) => {
    const out = {};
    let any = false;
    for (const [k, v] of Object.entries(node)) {
      const key = path ? `${path}.${k}` : k;
      const whole = path !== "" && (exact.has(key) || pre.some((p) => key.startsWith(p)));
      if (isObj(v)) {
        const sub = whole ? v : walk(v, key);
        if (sub) {
          out[k] = sub;
          any = true;
        }
      } else if (whole) {
        out[k] = v;
        any = true;
      }
    }
    return any ? out : null;
  };
  return walk(dict, "") ?? {};
}
