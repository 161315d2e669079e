import { signal } from "@preact/signals-react";
import { lang, t } from "./language";

export type ToastType = "success" | "error" | "info";
/** auth: top-right (top-left in RTL) for sign-in flows; app: bottom-centre, 90 px from the bottom (SPEC.md section 9). */
export type ToastPlacement = "auth" | "app";
/** What a toast says: a translation key (with its parameters) and, when the server wrote the sentence, that sentence. */
export interface ToastWords {
  key: string;
  params?: Record<string, unknown>;
  /** The server's sentence, in the language of the call; the key's translation stands in when it is empty. */
  message?: string | null;
}
export interface Toast {
  id: string;
  type: ToastType;
  /** The sentence as raised: a server's sentence, a text with no key, or the key's translation at the time. */
  message: string;
  /** A translation key, translated when the toast is shown: a toast raised before the dictionaries load (session
   * expiry at boot) would otherwise show the raw key, and a language switch re-translates it. */
  key?: string;
  params?: Record<string, unknown>;
  /** The language of a server's `message`: after a switch to another the key's translation shows instead. */
  lang?: string;
  placement: ToastPlacement;
}

/** The toast's sentence in the current language: a toast on screen while the user switches language follows it. */
export const toastText = (x: Toast) => (x.key && x.lang !== lang.value ? t(x.key, x.params) : x.message);

export const TOAST_MS = 5000;
export const toasts = signal<Toast[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

/** Shows a toast; a toast with the same id replaces the one on screen rather than stacking (one per id). */
export function showToast(words: string | ToastWords, type: ToastType = "info", opts: { id?: string; placement?: ToastPlacement } = {}) {
  const id = opts.id ?? `toast-${++counter}`;
  const text =
    typeof words === "string"
      ? { message: words }
      : { ...words, message: words.message || t(words.key, words.params), lang: words.message ? lang.peek() : undefined };
  const toast: Toast = { id, type, ...text, placement: opts.placement ?? "app" };
  const rest = toasts.value.filter((t) => t.id !== id);
  toasts.value = [...rest, toast];
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
  return id;
}

export function dismissToast(id: string) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.value = toasts.value.filter((t) => t.id !== id);
}

export const authToast = (message: string | ToastWords, type: ToastType) => showToast(message, type, { id: `auth-${type}`, placement: "auth" });
