import { readFileSync } from "node:fs";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { loadKy } from "../src/api/client";
import { addDictionary } from "../src/signals/language";
import "../src/styles/theme";

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

// findBy/waitFor wait up to 5 s rather than 1 s: a CI machine under load must not turn a slow answer into a failure.
configure({ asyncUtilTimeout: 5000 });

// Components are tested against the real dictionaries, so a missing key shows up as the raw key.
beforeAll(async () => {
  // The app loads ky on first use; loading it here keeps that one-off import out of each file's first test.
  await loadKy();
  for (const code of ["en", "ar"]) addDictionary(code, JSON.parse(readFileSync(`public/locales/${code}.json`, "utf8")));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  location.hash = "";
});
