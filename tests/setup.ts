import { readFileSync } from "node:fs";
import Module from "node:module";
import { afterAll, afterEach, beforeAll, inject, vi } from "vitest";
import { installFastStyle } from "./fast-style";

declare module "vitest" {
  export interface ProvidedContext {
    /** The worker runs its files one after another in one page and one module graph (vitest.config.ts, app project). */
    sharedPage?: boolean;
  }
}

// The app project runs its files one after another in each worker (vitest.config.ts: isolate false), so that React,
// testing-library and happy-dom load once per worker rather than once per file. What a file could leave behind is put
// back here, before and after each file, so that each still starts as in a page of its own. (The Preact run,
// tests/preact, gives each file a context of its own: nothing to put back there.)
const sharedPage = inject("sharedPage") === true;

// The app's own modules (src/) and the test helpers run afresh for each file, with their module-level state (stores,
// caches, the ky instance, the dictionaries): this file runs again before each test file, and empties the module graph
// before it imports any of them. Packages (node_modules) stay loaded: they are what the sharing saves.
if (sharedPage) vi.resetModules();

// React 19 holds back what a Suspense boundary reveals until 300 ms after its fallback showed (FALLBACK_THROTTLE_MS),
// so that content does not pop in on a fast network. Each test that first shows a lazy screen waited that long in real
// time, a third of the project's time spent idle. The tests check what shows, not when; the number is taken to 0 as the
// development build is compiled (once per worker, before React loads; the Preact run has no such throttle).
const throttle = "FALLBACK_THROTTLE_MS = 300";
const compile = Module.prototype as unknown as { _compile(content: string, filename: string): unknown; throttleOff?: true };
if (!compile.throttleOff) {
  const original = compile._compile;
  compile._compile = function (content: string, filename: string) {
    const patched = /react-dom-client\.development\.js$/.test(filename) && content.includes(throttle);
    return original.call(this, patched ? content.replace(throttle, "FALLBACK_THROTTLE_MS = 0") : content, filename);
  };
  compile.throttleOff = true;
}
// One import after another: vmThreads (the Preact run) can fail to link a package that two imports ask for at once.
// Testing-library is imported after the reset too: the Preact run maps it to a module of its own, which must be the one
// its test file renders with.
const { cleanup, configure, getConfig } = await import("@testing-library/react");
const { loadKy } = await import("../src/api/client");
const { addDictionary } = await import("../src/signals/language");
const { appStarted, firstScreenUp, UP_SETTLE_MS } = await import("../src/lib/first-screen");
const { onFakeClock } = await import("./fake-clock");
await import("../src/styles/theme");
const React = await import("react");

// happy-dom has no requestIdleCallback, so the app's whenIdle (src/lib/idle.ts) took its fallback for browsers without
// one, a 200 ms timer, before the toasts, the update bar and the other work that waits for a quiet moment: each test of
// the whole app or of the update bar waited that long in real time. Chrome and Firefox call back as soon as the page is
// idle; so does this.
if (typeof (window as Partial<Window>).requestIdleCallback !== "function") {
  const idle: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 };
  Object.assign(window, {
    requestIdleCallback: (callback: IdleRequestCallback) => window.setTimeout(() => callback(idle), 1),
    cancelIdleCallback: (id: number) => window.clearTimeout(id),
  });
}

// Testing-library's role queries ask for the display and visibility of every element they look at; happy-dom computes
// the whole cascade for each (tests/fast-style.ts).
installFastStyle(window);

// goober finds its sheet as `window._goober`, a browser's named access to the element of that id, which happy-dom lacks:
// without it each css`` call, at every render, appended a <style> of its own, thousands in a file.
if (!("_goober" in window)) {
  Object.defineProperty(window, "_goober", { configurable: true, get: () => document.getElementById("_goober") ?? undefined });
}

// React's development build, which act() needs, captures a stack trace for each element it creates (up to 10,000 a
// second), only for the component stacks of its own warnings and DevTools: about a tenth of the project's time. Told
// that the limit is reached, it gives them the one it keeps for elements past the limit; what renders is the same.
const reactInternals = (React as unknown as Record<string, Record<string, unknown>>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && "recentlyCreatedOwnerStacks" in reactInternals) {
  Object.defineProperty(reactInternals, "recentlyCreatedOwnerStacks", { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => {} });
}

// No test reaches the network: the page's own fetch (happy-dom's, which would connect to localhost:3000) answers as a
// phone offline does, and a request that no test faked fails the test it came from (tests/views/fake-api.ts fakes the
// API; a test may stub fetch itself).
const unfaked: string[] = [];
Object.defineProperty(window, "fetch", {
  configurable: true,
  writable: true,
  value: (input: RequestInfo | URL) => {
    unfaked.push(input instanceof Request ? `${input.method} ${input.url}` : String(input));
    return Promise.reject(new TypeError("Failed to fetch"));
  },
});
const noUnfakedRequest = () => {
  if (unfaked.length) throw new Error(`A request that no test answered: ${unfaked.splice(0).join(", ")}`);
};

// findBy/waitFor wait up to 5 s rather than 1 s: a CI machine under load must not turn a slow answer into a failure.
configure({ asyncUtilTimeout: 5000 });

type Config = ReturnType<typeof getConfig>;
const OWN = Symbol.for("fixit.tests.testingLibraryOwn");
/**
 * Sets testing-library's `key` to `wrap(its own)`. This file runs before each file of a worker, testing-library only
 * once: its own function is kept on the wrapper, so each file wraps it, not the wrapper of the file before.
 */
function wrapConfig<K extends "getElementError" | "asyncWrapper">(key: K, wrap: (own: Config[K]) => Config[K]) {
  const current = getConfig()[key] as Config[K] & { [OWN]?: Config[K] };
  const own = current[OWN] ?? current;
  const wrapped = Object.assign(wrap(own), { [OWN]: own });
  configure({ [key]: wrapped });
}

// A query that finds nothing prints the whole page into its error (testing-library's getElementError). Inside findBy and
// waitFor that happened at every attempt, every 50 ms and at every change of the page, for errors thrown away on the
// next attempt: about 0.5 s of the project's CPU. During an attempt (testing-library marks it by turning its expensive
// diagnostics off, as it does for the list of roles) the error keeps only its sentence; when the wait times out,
// testing-library passes the last one through getElementError again, which then prints the page as it is at that moment,
// still mounted. A query outside a wait prints the page at once, as before.
wrapConfig("getElementError", (printPage) => (message, container) => {
  if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) return printPage(message, container);
  const error = new Error(message ?? "");
  error.name = "TestingLibraryElementError";
  return error;
});

// findBy and waitFor check again at every change of the page, and otherwise every 50 ms: a wait for something that
// does not change the page (a request sent, a store's value) took up to 50 ms of real time, a few hundred of them in the
// project. They poll every 10 ms instead: testing-library sets its poll up with setInterval as the wait starts, which
// is told so for that moment (an interval a test chose itself is kept).
wrapConfig(
  "asyncWrapper",
  (asyncWrapper) => (cb) =>
    asyncWrapper(() => {
      const setInterval = globalThis.setInterval;
      globalThis.setInterval = ((handler: () => void, ms?: number, ...args: unknown[]) =>
        setInterval(handler, ms === 50 ? 10 : ms, ...args)) as unknown as typeof setInterval;
      try {
        return cb();
      } finally {
        globalThis.setInterval = setInterval;
      }
    }),
);

// The page's own properties before the file: one that a file adds or replaces (fake-indexeddb, a faked
// navigator.serviceWorker, document.visibilityState or window.print) is taken back after its last test.
const owned: object[] = [globalThis, document, navigator];
const before = owned.map((target) => new Map(Reflect.ownKeys(target).map((key) => [key, Reflect.getOwnPropertyDescriptor(target, key)])));

// Components are tested against the real dictionaries, so a missing key shows up as the raw key.
beforeAll(async () => {
  // The app loads ky on first use; loading it here keeps that one-off import out of each file's first test.
  await loadKy();
  for (const code of ["en", "ar"]) addDictionary(code, JSON.parse(readFileSync(`public/locales/${code}.json`, "utf8")));
  // A screen rendered on its own is up as soon as it is (src/lib/first-screen.ts): nothing is held back for it. The two
  // frames and the moment (UP_SETTLE_MS) that follow the app's start pass on a fake clock: in real time, what waits for
  // the first screen (the Google button's check, the toasts, the whole dictionary) waited about 280 ms in each file's
  // first tests, a tenth of the project's idle time.
  // Two frames (16 ms each on the fake clock) and the moment, with room to spare: far short of UP_AT_THE_LATEST_MS, so
  // a load that holds the first screen still fails below.
  await onFakeClock(() => {
    appStarted();
    vi.advanceTimersByTime(2 * 16 + UP_SETTLE_MS + 100);
  });
  if (!firstScreenUp()) throw new Error("tests/setup.ts: the first screen is not up after the app's start; something holds it");
});
afterEach(() => {
  noUnfakedRequest();
  cleanup();
  localStorage.clear();
  // Each test a new visit: the sign-up forms keep what was typed in the tab (sessionStorage).
  sessionStorage.clear();
  location.hash = "";
});
// One the file's last test set off after it ended fails the file.
afterAll(noUnfakedRequest);
if (sharedPage) afterAll(resetPage);

/** Leaves the page as the next file would find a new one. */
async function resetPage() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Timers and intervals that the file's modules left running (a watcher never stopped) end with it, as with its page.
  await (window as unknown as { happyDOM: { abort(): Promise<void> } }).happyDOM.abort();
  owned.forEach((target, i) => {
    const was = before[i];
    for (const key of Reflect.ownKeys(target)) {
      // vitest's own, set while the file ran.
      if (typeof key === "string" && key.startsWith("__vitest")) continue;
      // happy-dom's own state of the document (its symbol-keyed fields: caches, the element in focus) belongs to the
      // engine, not to what a file set: rolled back to the file's start, the document's caches pointed at lists that
      // it no longer clears.
      if (target === document && typeof key === "symbol") continue;
      const descriptor = was.get(key);
      if (!descriptor) Reflect.deleteProperty(target, key);
      else if (!sameDescriptor(descriptor, Reflect.getOwnPropertyDescriptor(target, key))) Reflect.defineProperty(target, key, descriptor);
    }
  });
  sessionStorage.clear();
  localStorage.clear();
  // The app's sheet and what it linked go with the rest: the next file's modules write their rules again.
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) for (const { name } of [...element.attributes]) element.removeAttribute(name);
  document.title = "";
  history.replaceState(null, "", "/");
}

function sameDescriptor(a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined) {
  return !!a && !!b && a.value === b.value && a.get === b.get && a.set === b.set;
}
