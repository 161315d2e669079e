import { computed, signal } from "@preact/signals-react";

export const MIN_WIDTH = 320;
export const MAX_WIDTH = 768;
export const viewportWidth = signal(typeof window === "undefined" ? 375 : window.innerWidth);
export const screenGate = computed<"small" | "large" | null>(() =>
  viewportWidth.value < MIN_WIDTH ? "small" : viewportWidth.value > MAX_WIDTH ? "large" : null,
);

export function watchViewport() {
  const update = () => (viewportWidth.value = window.innerWidth);
  addEventListener("resize", update);
  return () => removeEventListener("resize", update);
}
