// A chunk that fails to load because the connection dropped is asked for again once the phone is back online (Chromium
// fetches a failed dynamic import anew), instead of failing the screen: React's lazy keeps a failure for good, and the
// error screen's own chunk could not load offline either, which left a blank page. The browser may learn that it is
// offline only after the load failed, so a failure while it still says online is tried again a second later, twice.
import { type ComponentType, lazy } from "react";
import { whenOnline } from "../signals/connectivity";

/**
 * `load()`; when it fails, the same again a second later once the phone is online, as often as it fails offline and
 * twice more online (a broken chunk is not a dropped connection).
 */
export const loadAgain = <T>(load: () => Promise<T>, tries = 3): Promise<T> =>
  load().catch((e) => {
    if (navigator.onLine && !--tries) throw e;
    return new Promise<T>((done) => setTimeout(() => whenOnline(() => done(loadAgain(load, tries))), 1000));
  });

/**
 * `load`, called once: its promise is kept while it is on its way and once it has loaded, and forgotten when it fails,
 * so that the next call asks again (a module that failed to come while the phone was offline is not failed for good).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () =>
    (kept ??= load().catch((e) => {
      kept = undefined;
      throw e;
    }));
}

/** React's lazy over a promise of the component itself (rather than of a module with a `default`). */
export const lazyFrom = <P extends object>(promise: () => Promise<ComponentType<P>>) => lazy(() => promise().then((c) => ({ default: c })));

/** React's lazy over a loader of the component itself, loaded again when the phone comes back online (loadAgain). */
export const lazyOf = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyFrom(() => loadAgain(load));
