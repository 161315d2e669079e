// The app's style sheet. goober writes every rule into its <style> the moment it is made, so each css`` of a module's
// top level made the browser parse the whole sheet again: quadratic in the number of rules, about half a second of a
// slow phone's boot (issue 16, profiled). Here the rules gather in memory and reach the page once per microtask, after
// the modules of a chunk have run or a render has finished, before anything paints. They come from the build's
// compiled css`` (rule, globalRules) and from goober at run time (goober-batch.ts, which gives goober `target`); this
// module does not load goober, so a first load whose css`` the build compiled carries none of it.

/** goober's own sheet starts as " ". */
let text = " ";
/** What the page's sheets hold, in order: `text` as it was at the last write. */
let written = "";
/** The page's sheets: <style id="_goober">, then one <style data-goober> for each later write that only added rules. */
let sheets: HTMLStyleElement[] = [];
let queued = false;

function addSheet(rules: string, first: boolean) {
  const style = document.createElement("style");
  if (first) style.id = "_goober";
  else style.dataset.goober = "";
  style.textContent = rules;
  return document.head.appendChild(style);
}

/**
 * Writes what gathered since the last write. New rules go into a <style> of their own after the others, so the
 * browser parses only them, not the whole sheet again (6 writes on /jobs re-parsed 60 KB of CSS for 15 KB of rules);
 * anything else (goober rewrote a global block, or a sheet left the page) writes the whole text into one sheet again.
 */
export function flushStyles() {
  queued = false;
  if (sheets.length > 0 && text.startsWith(written) && sheets.every((s) => s.isConnected)) {
    if (text.length > written.length) sheets.push(addSheet(text.slice(written.length), false));
  } else {
    for (const s of sheets) s.remove();
    sheets = [addSheet(text, true)];
  }
  written = text;
}

// goober's sheet is `target.querySelector("#_goober").firstChild`: it reads `data` to skip a rule already in, and sets
// it to add one.
const sheet = {
  get data() {
    return text;
  },
  set data(value: string) {
    text = value;
    if (!queued) queueMicrotask(flushStyles);
    queued = true;
  },
};
export const target = { querySelector: () => ({ parentNode: 1, firstChild: sheet }) } as unknown as HTMLElement;

/** The classes whose rules `rule` added. */
const added = new Set<string>();
/**
 * A css`` that the build compiled (scripts/precompiled-styles.mjs): goober's rule with `&` for its class. The class
 * is a hash of the rule ("gb" and base 36, apart from goober's "go" and digits); the rule goes into the sheet once.
 */
export function rule(text: string): string {
  let h = 11;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  const cls = `gb${h.toString(36)}`;
  if (!added.has(cls)) {
    added.add(cls);
    sheet.data += text.split("&").join(`.${cls}`);
  }
  return cls;
}

/** A glob`` that the build compiled: goober's rules, which have no class, into the sheet. */
export function globalRules(text: string): string {
  sheet.data += text;
  return "";
}
