// Work that must not compete with the first screen (issue 16): run when the browser has a moment, or after 3 s at the
// latest; where requestIdleCallback is missing (Safari), a short timer.
export function whenIdle(cb: () => void) {
  const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(cb, { timeout: 3000 });
  else setTimeout(cb, 200);
}

/**
 * A promise of `value` that settles in a task of its own: what follows (a screen's first render) does not run in the
 * task that evaluated its code, which on a cheap phone makes one long task of two (issue 16, Lighthouse's TBT).
 */
export const inNextTask = <T>(value: T) => new Promise<T>((done) => setTimeout(() => done(value), 0));
