// Work that must not compete with the first screen (issue 16): run when the browser has a moment, or after `timeout` ms
// at the latest; where requestIdleCallback is missing (Safari), a short timer.
export function whenIdle(cb: () => void, timeout = 3000) {
  const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(cb, { timeout });
  else setTimeout(cb, 200);
}
