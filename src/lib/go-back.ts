// Leaving a nested screen or a saved form (off the first load: only nested screens use these). The entry the tab
// opened the app on is marked at start (markOpened, ./hash-location.ts).
import type { MouseEvent } from "react";
import { navigate, onOpenedEntry as onOpened, returnAs } from "./hash-location";

/** A nested screen's back arrow: the previous screen of the app, or `fallback` (the screen above) on the entry the app opened on. */
export function goBack(fallback: string) {
  if (history.length > 1 && !onOpened()) history.back();
  else navigate(fallback, { replace: true });
}

/**
 * Leaves a saved form for `to`, the screen it was opened from (perhaps at a new address: a renamed property): back to
 * that entry, which shows `to` from then on. The form leaves no entry behind, so back from there does not show the
 * screen twice, nor a renamed property's old address (a 404). On the entry the app opened on, it replaces it instead.
 * `state`: the entry's state from then on (what the screen at `to` shows at once).
 */
export function returnTo(to: string, state: unknown = null) {
  if (history.length < 2 || onOpened()) return navigate(to, { replace: true, state });
  // Before the router hears of the step back (onHistory): it renders `to`, never the entry's old address.
  returnAs("#/" + to.replace(/^#?\/?/, ""), state);
  history.back();
}

/**
 * A link's click that opens its address in place of the current entry (a plain click; a new tab or window as the
 * browser does): for what is done once left, such as a sent form's screen.
 */
export function inPlace(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute("href") ?? "/", { replace: true });
}
