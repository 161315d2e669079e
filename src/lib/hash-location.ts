// Hash routing that keeps the query inside the hash (#/verify-code?email=a@b.c), so a link carries its whole state.
import { useSyncExternalStore } from "react";
import { currentPath, currentSearch } from "./hash-path";

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const l of listeners) l();
};

/** Sees a browser back, forward or typed address before the router does; true holds it (the router is not told). */
export type NavigationBlocker = (event: Event) => boolean;
const blockers = new Set<NavigationBlocker>();
// The router hears history events through here, after the blockers. A blocker cannot be a second window listener:
// Chromium calls a window's listeners in the order they were added, capturing or not, so the router's (added at
// start) would re-render first, and under Preact that unmounts the form before its guard could hold the navigation.
const onHistory = (event: Event) => {
  // A saved form going back (returnTo): its entry shows the address asked for, and no form's guard is asked.
  if (returning && event.type === "popstate") {
    history.replaceState(thisPage(keepOpened(returning.state, onOpenedEntry())), "", returning.hash);
    returning = null;
    return notify();
  }
  for (const b of blockers) if (b(event)) return;
  notify();
};
/** Where returnTo (./go-back.ts) sends the entry it goes back to, and with what state. */
let returning: { hash: string; state: unknown } | null = null;
/** The next step back shows `hash` (with `state`) instead of the entry's own address (./go-back.ts). */
export const returnAs = (hash: string, state: unknown = null) => void (returning = { hash, state });
const attach = (before: number) => {
  if (before === 0) {
    addEventListener("hashchange", onHistory);
    addEventListener("popstate", onHistory);
  }
};
const detach = () => {
  if (listeners.size === 0 && blockers.size === 0) {
    removeEventListener("hashchange", onHistory);
    removeEventListener("popstate", onHistory);
  }
};

function subscribe(cb: Listener) {
  attach(listeners.size + blockers.size);
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
    detach();
  };
}

/** Lets an edit form hold history navigation before the router sees it (use-discard-guard.ts); returns the remover. */
export function addNavigationBlocker(blocker: NavigationBlocker): () => void {
  attach(listeners.size + blockers.size);
  blockers.add(blocker);
  return () => {
    blockers.delete(blocker);
    detach();
  };
}

export { currentPath, currentSearch };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** This page load, on each state the app gives a history entry (thisPage). */
const PAGE_KEY = "__page";
const PAGE = `${performance.timeOrigin}:${Math.random()}`;

/**
 * A state object marked as this page load's. A browser keeps an entry's state over a reload, and back across one:
 * marked, a screen can tell a copy it was just handed from one a previous page left (isThisPages), which may be stale.
 */
export function thisPage<T>(state: T): T {
  return state && typeof state === "object" && !Array.isArray(state) ? { ...state, [PAGE_KEY]: PAGE } : state;
}
/** Whether the current entry's state was given in this page load (not kept by the browser from an earlier one). */
export const isThisPages = (state: unknown) => !!state && typeof state === "object" && (state as Record<string, unknown>)[PAGE_KEY] === PAGE;

/**
 * `state`, marked as the entry the tab opened the app on exactly when the entry it replaces was: a state passed on from
 * that entry to a new one (the work report's step) must not make the new one the opened entry too.
 */
function keepOpened(state: unknown, opened: boolean) {
  if (state !== null && (typeof state !== "object" || Array.isArray(state))) return state;
  const { [OPENED]: _, ...rest } = (state ?? {}) as Record<string, unknown>;
  return opened ? { ...rest, [OPENED]: true } : state === null ? null : rest;
}

/** Navigates anywhere in the app, inside or outside components. */
export function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}) {
  const target = "#/" + to.replace(/^#?\/?/, "");
  if (target === location.hash && !replace && state === null) return;
  // What replaces the entry the tab opened the app on (a 404 there, the screen above a back arrow opened) is that entry
  // still: without the mark, its back arrow left the app.
  const opened = replace && onOpenedEntry();
  history[replace ? "replaceState" : "pushState"](thisPage(keepOpened(state, opened)), "", target);
  notify();
}

export function useHashLocation(): [string, (to: string, opts?: NavigateOptions) => void] {
  return [useSyncExternalStore(subscribe, currentPath, () => "/"), navigate];
}
useHashLocation.hrefs = (href: string) => "#" + href;

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => "");
}

/** Marks the history entry the app was opened on in this tab (a shared link, a notification, a new tab). */
export const OPENED = "__opened";
/** Whether the current history entry is the one this tab opened the app on. */
export const onOpenedEntry = () => (history.state as Record<string, unknown> | null)?.[OPENED] === true;
/**
 * Marks the entry this tab first opened the app on (main.tsx, at start): a back arrow there would leave the app (to the
 * page before, or about:blank), so goBack opens the screen above instead. A reload keeps the tab's mark (sessionStorage)
 * and leaves the entries before it, which are the app's, to back.
 */
export function markOpened() {
  try {
    if (sessionStorage.getItem(OPENED)) return;
    sessionStorage.setItem(OPENED, "1");
  } catch {
    // No session storage (private mode): without the mark, goBack counts on the history's length alone.
  }
  const state = history.state;
  history.replaceState({ ...(state && typeof state === "object" ? state : {}), [OPENED]: true }, "");
}
