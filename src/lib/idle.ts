// Work that must not compete with the first screen (issue 16): run when the browser has a moment, or after 3 s at the
// latest; where requestIdleCallback is missing (Safari), a short timer.
export function whenIdle(cb: () => void) {
  const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(cb, { timeout: 3000 });
  else setTimeout(cb, 200);
}
