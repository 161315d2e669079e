// Small pieces the combobox + listbox pickers share (DialCodePicker, LanguagesPicker, LocationSearch).
import { type RefObject, type KeyboardEvent, useEffect, useState } from "react";

/** While `open`, a mouse press or touch outside `root` calls `setOpen(false)`. */
export function useCloseOnOutside(open: boolean, root: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("touchstart", onDown);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("touchstart", onDown);
    };
  }, [open]);
}

/** Keeps the active option (`data-active="true"`) visible while moving with the arrow keys. */
export function useActiveInView(list: RefObject<HTMLElement | null>, active: number, open: boolean) {
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>(`[data-active="true"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [active, open]);
}

/** Loads a list once on mount: null until it arrives; `failed` when the load did. */
export function useLazyList<T>(load: () => Promise<T[]>): { list: T[] | null; failed: boolean } {
  const [list, setList] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    load().then(
      (items) => live && setList(items),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { list, failed };
}

/** The next active index for ArrowDown / ArrowUp in a list of `length` options, clamped to the ends. */
export const stepActive = (key: string, length: number) => (a: number) => (key === "ArrowDown" ? Math.min(length - 1, a + 1) : Math.max(0, a - 1));

/** Escape closes only the dropdown: stop here so a dialog around the picker does not close as well. */
export function stopEscape(e: KeyboardEvent<HTMLElement>) {
  e.preventDefault();
  e.stopPropagation();
}
