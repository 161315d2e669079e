// Hash routing that keeps the query inside the hash (#/verify-code?email=a@b.c), so a link carries its whole state.
import { useSyncExternalStore } from "react";

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const l of listeners) l();
};

function subscribe(cb: Listener) {
  if (listeners.size === 0) {
    addEventListener("hashchange", notify);
    addEventListener("popstate", notify);
  }
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
    if (listeners.size === 0) {
      removeEventListener("hashchange", notify);
      removeEventListener("popstate", notify);
    }
  };
}

const rawHash = () => location.hash.replace(/^#?\/?/, "");
export const currentPath = () => "/" + rawHash().split("?")[0];
export const currentSearch = () => rawHash().split("?")[1] ?? "";

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Navigates anywhere in the app, inside or outside components. */
export function navigate(to: string, { replace = false, state = null }: NavigateOptions = {}) {
  const target = "#/" + to.replace(/^#?\/?/, "");
  if (target === location.hash && !replace && state === null) return;
  history[replace ? "replaceState" : "pushState"](state, "", target);
  notify();
}

export function useHashLocation(): [string, (to: string, opts?: NavigateOptions) => void] {
  return [useSyncExternalStore(subscribe, currentPath, () => "/"), navigate];
}
useHashLocation.hrefs = (href: string) => "#" + href;

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => "");
}
