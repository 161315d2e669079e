// The display and visibility of an element, as happy-dom's getComputedStyle gives them, at a fraction of its cost.
//
// Testing-library asks for both of every element it looks at (a role query checks that what it finds is not hidden, and
// names it from its children, spaced by their display), hundreds of thousands of times in the app project. happy-dom
// answers each call that its cache cannot by matching every rule of every sheet against the element and its ancestors,
// then parsing and expanding every declaration they hold (borders, fonts, paddings), where only two properties are
// asked: about a quarter of the project's CPU, and much of its garbage (issue 16). This cascades the same rules, the same
// way (happy-dom's own selector matching, priorities, element defaults, media rules, inline style, inheritance and
// !important), over the few declarations that set display or visibility; every other property, and any page this does
// not cover (a sheet with variables in these two properties, @supports or @container around them, a shadow root), gets
// happy-dom's own answer. FAST_STYLE_CHECK=1 compares each answer with happy-dom's and throws on any difference.
import CSSRuleTypeEnum from "happy-dom/lib/css/CSSRuleTypeEnum.js";
import CSSComputedStyleElementDefault from "happy-dom/lib/css/declaration/computed-style/config/CSSComputedStyleElementDefault.js";
import CSSTextParser from "happy-dom/lib/css/declaration/utilities/CSSTextParser.js";
import MediaQueryList from "happy-dom/lib/match-media/MediaQueryList.js";
import * as PropertySymbol from "happy-dom/lib/PropertySymbol.js";
import QuerySelector from "happy-dom/lib/query-selector/QuerySelector.js";

type Name = "display" | "visibility";
type Declaration = { name: Name; value: string; important: boolean };
/** A style rule that sets display or visibility: its selector, those declarations in order, the media it needs. */
type Rule = { selector: string; declarations: Declaration[]; media: string[]; order: number };

/** On the installed getComputedStyle: happy-dom's own (one install per page, whichever copy of this module made it). */
export const HAPPY_DOM = Symbol.for("fixit.tests.happyDomComputedStyle");
const NAMES = new Set<string>(["display", "visibility"]);
// biome-ignore lint/suspicious/noExplicitAny: happy-dom's internals, reached through its symbols.
type Internal = any;

/** The declarations of display and visibility in a CSS text, in order, as happy-dom's parser reads them. */
function declarationsOf(cssText: string): Declaration[] | null {
  const out: Declaration[] = [];
  for (const { name, value, important } of CSSTextParser.parse(cssText).rules) {
    if (!NAMES.has(name)) continue;
    // A variable is resolved against the element's own (happy-dom's cascade does that): not covered here.
    if (value.includes("var(")) return null;
    out.push({ name: name as Name, value, important });
  }
  return out;
}

/** The rules of the document's sheets that set display or visibility, or null when the page is not covered. */
function collect(document: Internal): Rule[] | null {
  const rules: Rule[] = [];
  const walk = (list: Iterable<Internal>, media: string[]): boolean => {
    for (const rule of list) {
      if (rule.type === CSSRuleTypeEnum.styleRule) {
        const declarations = declarationsOf(rule[PropertySymbol.cssText]);
        if (!declarations) return false;
        if (declarations.length && rule.selectorText) rules.push({ selector: rule.selectorText, declarations, media, order: rules.length });
      } else if (rule.type === CSSRuleTypeEnum.mediaRule) {
        if (!walk(rule.cssRules, [...media, rule.conditionText])) return false;
      } else if (rule.cssRules) {
        // @supports, @container, @scope, @layer: whatever they hold that sets these two is left to happy-dom.
        for (const inner of rule.cssRules) if (/\b(display|visibility)\s*:/.test(inner.cssText ?? "")) return false;
      }
    }
    return true;
  };
  // The sheets happy-dom's cascade reads for an element of the document (CSSComputedStyle.getStyleSheets).
  const sheets: Internal[] = [];
  for (const element of document.querySelectorAll('style,link[rel="stylesheet"]')) if (element.sheet) sheets.push(element.sheet);
  sheets.push(...(document.adoptedStyleSheets ?? []));
  for (const sheet of sheets) if (!walk(sheet.cssRules, [])) return null;
  return rules;
}

/**
 * The rules that set a property, as a browser files them: by a class the element they match must have (the class of
 * the last compound of each of their selectors), or among those to try on every element.
 */
type Filed = { byClass: Map<string, Rule[]>; always: Rule[] };
type Rules = Record<Name, Filed>;

/** Splits `text` at the characters `at` outside brackets, parentheses and quotes. */
function splitTop(text: string, at: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && at(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A class an element must have to match `selector` (a class of its last compound), or null when none is sure. */
function subjectClass(selector: string): string | null {
  const compounds = splitTop(selector.trim(), (c) => c === " " || c === ">" || c === "+" || c === "~").filter(Boolean);
  const last = compounds.at(-1);
  if (!last || last.includes("\\")) return null;
  // Only the compound's own classes: not those inside :not(), :is() or an attribute selector.
  for (const part of splitTop(last, (c) => c === ".").slice(1)) {
    const name = /^-?[_a-zA-Z][\w-]*/.exec(part)?.[0];
    if (name) return name;
  }
  return null;
}

function file(rules: Rule[]): Filed {
  const filed: Filed = { byClass: new Map(), always: [] };
  for (const rule of rules) {
    const classes = splitTop(rule.selector, (c) => c === ",").map(subjectClass);
    if (classes.some((c) => c === null)) filed.always.push(rule);
    else
      for (const c of new Set(classes as string[])) {
        const list = filed.byClass.get(c);
        if (list) list.push(rule);
        else filed.byClass.set(c, [rule]);
      }
  }
  return filed;
}

/** The rules of `filed` that `element` may match, in the order of the sheets. */
function candidates(element: Internal, filed: Filed): Rule[] {
  const lists: Rule[][] = filed.always.length ? [filed.always] : [];
  for (const c of element.classList ?? []) {
    const list = filed.byClass.get(c);
    if (list) lists.push(list);
  }
  // One list is in order already; several are merged (a rule filed under two of the element's classes counts once).
  return lists.length === 1 ? lists[0] : [...new Set(lists.flat())].sort((a, b) => a.order - b.order);
}
type Index = { rules: Rules | null; valid: { result: unknown } };
const indexes = new WeakMap<object, Index>();
/**
 * The document's rules, collected again whenever happy-dom drops its own computed styles for a change of the sheets: a
 * marker of ours sits among the entries it clears then (Document[clearComputedStyleCache]).
 */
function indexOf(document: Internal): Index {
  const known = indexes.get(document);
  if (known?.valid.result) return known;
  const all = collect(document);
  const setting = (name: Name) => file((all ?? []).filter((r) => r.declarations.some((d) => d.name === name)));
  const rules = all && { display: setting("display"), visibility: setting("visibility") };
  const index: Index = { rules, valid: { result: true } };
  document[PropertySymbol.affectsComputedStyleCache].push(index.valid);
  indexes.set(document, index);
  return index;
}

type Value = { value: string; important: boolean } | undefined;
/** Applies declarations in order as happy-dom does: a later one wins unless the one in place is important and it is not. */
function apply(current: Value, declaration: Declaration | undefined): Value {
  if (!declaration || declaration.value === "inherit") return current;
  if (current?.important && !declaration.important) return current;
  return { value: declaration.value, important: declaration.important };
}

/** Whether any of happy-dom's element defaults sets visibility (none does in happy-dom 21). */
const DEFAULTS_SET_VISIBILITY = JSON.stringify(CSSComputedStyleElementDefault).includes("visibility");

/** The declarations of an element default of happy-dom's (a few CSS texts, read once each). */
const defaultDeclarations = new Map<string, Declaration[]>();
function defaultsOf(cssText: string) {
  let declarations = defaultDeclarations.get(cssText);
  if (!declarations) defaultDeclarations.set(cssText, (declarations = declarationsOf(cssText) ?? []));
  return declarations;
}

/** The value of `name` that `element`'s own declarations give it over `current` (what it inherits), or null when not covered. */
function own(element: Internal, name: Name, filed: Filed, current: Value): Value | null {
  let value = current;
  const put = (declarations: Declaration[]) => {
    for (const d of declarations) if (d.name === name) value = apply(value, d);
  };
  const tag = element[PropertySymbol.tagName];
  const defaults = (CSSComputedStyleElementDefault as Record<string, string | Record<string, string>>)[tag];
  if (typeof defaults === "string") put(defaultsOf(defaults));
  else if (defaults) for (const key of Object.keys(defaults)) if (key === "default" || element[key]) put(defaultsOf(defaults[key]));
  let matched: Array<{ rule: Rule; weight: number }> | undefined;
  for (const rule of candidates(element, filed)) {
    if (rule.media.length) {
      const window = element[PropertySymbol.window];
      const rootFontSize = tag === "HTML" ? 16 : null;
      if (rule.media.some((media) => !new MediaQueryList({ window, media, rootFontSize }).matches)) continue;
    }
    const match = QuerySelector.matches(element, rule.selector, { ignoreErrors: true });
    if (match) (matched ??= []).push({ rule, weight: match.priorityWeight });
  }
  if (matched) {
    // Stable: rules of the same weight apply in the order of the sheets.
    matched.sort((a, b) => a.weight - b.weight);
    for (const { rule } of matched) put(rule.declarations);
  }
  const inline = element.getAttribute("style");
  if (inline?.includes(name)) {
    const declarations = declarationsOf(inline);
    if (!declarations) return null;
    put(declarations);
  }
  return value;
}

/**
 * `name` of `element` (connected, in the document), or null when this does not cover it. Display is the element's own;
 * visibility is inherited, carried down from the root with its importance as happy-dom carries it.
 */
function cascade(element: Internal, name: Name, all: Rules): Value | null {
  if (element.getRootNode() !== element[PropertySymbol.ownerDocument]) return null;
  const rules = all[name];
  if (name === "display") return own(element, name, rules, undefined);
  const chain: Internal[] = [];
  let inline = false;
  for (let e = element; e; e = e.parentElement) {
    chain.unshift(e);
    inline ||= !!e.getAttribute("style")?.includes("visibility");
  }
  // No rule sets it, nor any element default: only a style attribute of the element or an ancestor could.
  if (!inline && !rules.always.length && !rules.byClass.size && !DEFAULTS_SET_VISIBILITY) return undefined;
  let value: Value;
  for (const e of chain) {
    const next = own(e, name, rules, value);
    if (next === null) return null;
    value = next;
  }
  return value;
}

/** Installs the fast display and visibility on `window.getComputedStyle`; every other property is happy-dom's. */
export function installFastStyle(window: Window & typeof globalThis) {
  // Once per page (the app project's files share theirs).
  if (HAPPY_DOM in window.getComputedStyle) return;
  // The same happy-dom as the page's: a run that loads another copy of it for the test files (vmThreads, a context per
  // file: the Preact run) keeps happy-dom's own getComputedStyle.
  if (!Array.isArray((window.document as Internal)[PropertySymbol.affectsComputedStyleCache])) return;
  const real = window.getComputedStyle.bind(window);
  const check = process.env.FAST_STYLE_CHECK === "1";
  const fast = (element: Element, name: Name): string | null => {
    const internal = element as Internal;
    // happy-dom gives a disconnected element no style at all.
    if (!internal[PropertySymbol.isConnected]) return "";
    const { rules } = indexOf(internal[PropertySymbol.ownerDocument]);
    if (!rules) return null;
    const value = cascade(internal, name, rules);
    return value === null ? null : (value?.value ?? "");
  };
  const read = (element: Element, name: Name) => {
    const value = fast(element, name);
    if (value === null) return real(element).getPropertyValue(name);
    if (check) {
      const expected = real(element).getPropertyValue(name);
      if (expected !== value) throw new Error(`fast-style: the ${name} of ${element.outerHTML.slice(0, 200)} is "${expected}", not "${value}"`);
    }
    return value;
  };
  const getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
    if (pseudo || !(element instanceof window.Element)) return real(element, pseudo);
    let style: CSSStyleDeclaration | undefined;
    const full = () => (style ??= real(element));
    return new Proxy({} as CSSStyleDeclaration, {
      get(_, key) {
        if (key === "display" || key === "visibility") return read(element, key);
        if (key === "getPropertyValue")
          return (name: string) => (name === "display" || name === "visibility" ? read(element, name) : full().getPropertyValue(name));
        const value = Reflect.get(full(), key);
        return typeof value === "function" ? value.bind(full()) : value;
      },
      has: (_, key) => Reflect.has(full(), key),
    });
  };
  Object.defineProperty(window, "getComputedStyle", { configurable: true, writable: true, value: Object.assign(getComputedStyle, { [HAPPY_DOM]: real }) });
}
