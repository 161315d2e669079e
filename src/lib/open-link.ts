import type { MouseEvent } from "react";
import { navigate } from "./hash-location";

type Click = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">;

/**
 * A click that a link takes in the page: the main button, no key held (a modified click opens a new tab or window).
 * use-discard-guard.ts spells the same test out: it is in the first load, where importing this cost 7 bytes of gzip.
 */
export const isPlainClick = (e: Click) => !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A link's onClick that opens `to` in the app with `state` as its navigation state (D4: the screen shows what it was
 * handed at once, without a call, and offline too); a modified click follows the plain link.
 */
export const openWithState = (to: string, state: unknown) => (e: MouseEvent) => {
  if (!isPlainClick(e)) return;
  e.preventDefault();
  navigate(to, { state });
};
