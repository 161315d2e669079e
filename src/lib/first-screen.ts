// "The first screen is up" (issue 16): the screen the app opened on has its code, its words and its data, and has
// painted them. What the first screen does not show waits for it (the toasts, the update prompt and the service worker,
// the manifest, the outbox, the bell's count, the whole dictionary, the Google button's server check): on a phone with
// six connections to the server and a slow network, each of those would otherwise take a connection and bandwidth from
// what the screen waits for. Whatever happens, the first screen counts as up after UP_AT_THE_LATEST_MS.
import { inNextTask, whenIdle } from "./idle";
import { whenOnline } from "../signals/connectivity";

export const UP_AT_THE_LATEST_MS = 6000;
/**
 * After the frames that paint the last load, a moment more: the browser may paint the screen's largest text a frame or
 * two later than its data came (Lighthouse measured the jobs list 15 to 30 ms after), and what waits for the first
 * screen must not start before that.
 */
export const UP_SETTLE_MS = 250;

let pending = 0;
let up = false;
const waiting: (() => void)[] = [];

function markUp() {
  if (up) return;
  up = true;
  for (const cb of waiting.splice(0)) cb();
}

function settle() {
  if (up || pending > 0) return;
  // The frame that paints what the last load brought, the next one, and a moment (UP_SETTLE_MS); unless a load is on
  // its way by then.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => pending === 0 && markUp(), UP_SETTLE_MS)));
}

/**
 * Counts a load the first screen waits for (its code, its dictionary, its data) until the function returned is called
 * (once; later calls do nothing). After the first screen is up, holding does nothing.
 */
export function holdFirstScreen(): () => void {
  if (up) return () => undefined;
  pending++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending--;
    settle();
  };
}

/** `promise`, with the first screen waiting for it to settle. */
export function heldBy<T>(promise: Promise<T>): Promise<T> {
  const release = holdFirstScreen();
  promise.then(release, release);
  return promise;
}

/** Runs `cb` once the first screen is up (at once if it is). */
export function whenFirstScreen(cb: () => void) {
  if (up) cb();
  else waiting.push(cb);
}

/**
 * Runs `cb` once the first screen is up and the browser then has a moment, and what it loads can come: the phone is
 * online, or a service worker holds the app. Offline on a first visit, a chunk asked for would fail (and take the
 * screen with it), so it waits for the connection.
 */
export const afterFirstScreen = (cb: () => void) => whenFirstScreen(() => whenIdle(() => (navigator.serviceWorker?.controller ? cb() : whenOnline(cb))));

/** Whether the first screen is up. */
export const firstScreenUp = () => up;

let splitting = false;
/**
 * The page's boot (src/main.tsx): until the first screen is up, what a screen marks as below the fold renders a frame
 * later (src/components/Later.tsx). Screens mounted by themselves (the tests) render whole at once.
 */
export function splitFirstScreen() {
  splitting = true;
}
/** Whether a screen rendered now leaves what is below its fold to a later task (splitFirstScreen). */
export const splitsFirstScreen = () => splitting && !up;
/**
 * On the page's first screen, a task's wait (splitFirstScreen): the screen's data, read and checked in one task, is
 * rendered in the next, two shorter tasks on a cheap phone rather than one long one. Otherwise nothing to wait for.
 */
export const nextTaskOnFirstScreen = (): Promise<unknown> | undefined => (splitsFirstScreen() ? inNextTask(null) : undefined);

/** The app's start: held until the app has rendered once (src/app.tsx), so that no load in between counts as the end. */
export const appStarted = holdFirstScreen();

setTimeout(markUp, UP_AT_THE_LATEST_MS);
