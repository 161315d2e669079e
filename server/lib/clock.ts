// The accounts area reads the time through here, so tests can move it (code and token expiry) without waiting.
let current: () => number = Date.now;

export const clock = {
  now: () => current(),
  /** Tests: freeze or move the time; `set()` with no argument goes back to the real clock. */
  set(now?: number | (() => number)) {
    current = now === undefined ? Date.now : typeof now === "number" ? () => now : now;
  },
};
