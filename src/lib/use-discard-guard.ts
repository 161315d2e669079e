// Every edit form asks before losing typed changes (LOOP.md section 3): the screen's back arrow, the browser's (or
// phone's) back, a bottom-bar link, and closing or reloading the tab. Render <DiscardChanges guard={…}/> beside it.
//
//   const guard = useDiscardGuard(dirty);
//   <ScreenTitle title={…} onBack={() => guard.leave(() => history.back())} />
//   <DiscardChanges guard={guard} />
//
// How each way out is held back while `dirty`:
// - browser back or forward (popstate): a blocker of hash-location.ts, which the router hears history
//   through, puts this screen's entry back at once (so the router never shows the other screen) and asks; Discard then
//   steps back onto the entry the user was going to, which is the one just before the re-added entry in both directions;
// - links (the bottom bar's wouter <Link>s, any <a href>): a capturing click listener on the document stops the click
//   before React or Preact sees it, asks, and on Discard follows the link;
// - the screen's own buttons (back arrow, Cancel): `leave(go)` runs `go` at once when clean, else asks first;
// - closing, reloading or typing another address: the browser's own beforeunload prompt.
// Programmatic navigation after a save is not held: clear `dirty` (or save) before navigating.
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { addNavigationBlocker, navigate } from "./hash-location";

export interface DiscardGuard {
  /** The discard-changes dialog should show. */
  asking: boolean;
  /** "Keep editing": close the dialog and stay, with everything typed intact. */
  keep: () => void;
  /** "Discard": close the dialog and let the held navigation through. */
  discard: () => void;
  /** Runs `go` (a way out of the form) at once when nothing is unsaved, else asks first. */
  leave: (go: () => void) => void;
}

/**
 * Holds back every way of leaving the screen while `dirty`, asking "Discard changes?" first. `onDiscard` runs when the
 * user chooses Discard, before the held navigation (a form's draft kept on the phone is forgotten then).
 */
export function useDiscardGuard(dirty: boolean, onDiscard?: () => void): DiscardGuard {
  // The held navigation lives in a ref (run once on Discard); the state only shows or hides the dialog.
  const pending = useRef<(() => void) | null>(null);
  const [asking, setAsking] = useState(false);
  // Set on Discard so that the navigation it lets through (and its events) is not held again.
  const released = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const onDiscardRef = useRef(onDiscard);
  onDiscardRef.current = onDiscard;

  // A layout effect: the guard holds from the render that made the form dirty, not from a later frame, so a back
  // pressed right after typing (on a loaded phone, or a fast test) is still held.
  useLayoutEffect(() => {
    if (!dirty) return;
    released.current = false;
    // This screen's history entry, put back when the user steps off it.
    const entry = { href: location.href, state: history.state as unknown };
    const ask = (go: () => void) => {
      pending.current = go;
      setAsking(true);
    };

    // Every browser fires popstate for a back, a forward or a typed address (hashchange follows it, and by then the
    // entry is back); the app's own navigate() fires neither in a browser.
    const onHistory = (e: Event) => {
      if (e.type !== "popstate" || released.current || location.href === entry.href) return false;
      history.pushState(entry.state, "", entry.href);
      ask(() => history.back());
      return true;
    };
    const onClick = (e: MouseEvent) => {
      if (released.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
      const url = new URL(a.getAttribute("href")!, location.href);
      // tel:, mailto:, whatsapp: and the like open another app and leave the form where it is.
      if (url.protocol !== "http:" && url.protocol !== "https:") return;
      if (url.href === location.href) return;
      e.preventDefault();
      e.stopPropagation();
      const sameDocument = url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
      ask(() => (sameDocument && url.hash.startsWith("#/") ? navigate(url.hash.slice(1)) : location.assign(url.href)));
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      e.returnValue = "";
    };
    const removeBlocker = addNavigationBlocker(onHistory);
    document.addEventListener("click", onClick, true);
    addEventListener("beforeunload", onBeforeUnload);
    return () => {
      removeBlocker();
      document.removeEventListener("click", onClick, true);
      removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);

  const keep = useCallback(() => {
    pending.current = null;
    setAsking(false);
  }, []);
  const discard = useCallback(() => {
    const go = pending.current;
    pending.current = null;
    released.current = true;
    setAsking(false);
    onDiscardRef.current?.();
    go?.();
  }, []);
  const leave = useCallback((go: () => void) => {
    if (dirtyRef.current && !released.current) {
      pending.current = go;
      setAsking(true);
    } else go();
  }, []);
  return { asking, keep, discard, leave };
}
