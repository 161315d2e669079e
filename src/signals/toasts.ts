import { signal } from "@preact/signals-react";

export type ToastType = "success" | "error" | "info";
/** auth: top-right (top-left in RTL) for sign-in flows; app: bottom-centre, 90 px from the bottom (SPEC.md section 9). */
export type ToastPlacement = "auth" | "app";
export interface Toast {
  id: string;
  type: ToastType;
  /** Text to show as is (a server's sentence), or empty when `key` is set. */
  message: string;
  /** A translation key, translated when the toast is shown: a toast raised before the dictionaries load (session
   * expiry at boot) would otherwise show the raw key, and a language switch re-translates it. */
  key?: string;
  placement: ToastPlacement;
}

export const TOAST_MS = 5000;
export const toasts = signal<Toast[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

/** Shows a toast; a toast with the same id replaces the one on screen rather than stacking (one per id). */
export function showToast(message: string | { key: string }, type: ToastType = "info", opts: { id?: string; placement?: ToastPlacement } = {}) {
  const id = opts.id ?? `toast-${++counter}`;
  const text = typeof message === "string" ? { message } : { message: "", key: message.key };
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

export const authToast = (message: string, type: ToastType) => showToast(message, type, { id: `auth-${type}`, placement: "auth" });
