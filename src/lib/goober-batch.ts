// goober writes every rule into its <style> the moment it is made, so each css`` of a module's top level makes the
// browser parse the whole sheet again: quadratic in the number of rules, about half a second of a slow phone's boot
// (issue 16, profiled). Here the rules gather in memory and reach the sheet once per microtask, after the modules of a
// chunk have run or a render has finished, before anything paints. vite.config.ts points the app's "goober" here.
import { css as gooberCss, setup } from "goober";

export { setup };

/** goober's own sheet starts as " ". */
let text = " ";
let style: HTMLStyleElement | undefined;
let queued = false;

/** Writes what gathered into the page's one <style id="_goober">, made on the first write. */
export function flushStyles() {
  queued = false;
  if (!style?.isConnected) style = document.head.appendChild(Object.assign(document.createElement("style"), { id: "_goober" }));
  style.textContent = text;
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
const target = { querySelector: () => ({ parentNode: 1, firstChild: sheet }) } as unknown as HTMLElement;

export const css: typeof gooberCss = gooberCss.bind({ target });
export const glob: typeof gooberCss = gooberCss.bind({ g: 1, target });
