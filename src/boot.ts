// The page's own first script, inlined into the built index.html by the build (chunkPreloads in vite.config.ts; the
// server allows it by its hash, server/static.ts) and run as the page is read, before any of the app's code has come:
// - the words of the screen it opens on, when it is one of the first screens (the build picks them from the screen's
//   code: locales/{lng}.{screen}.json, a fifth of the dictionary or less); the app takes them and loads the whole
//   dictionary once the screen is up (src/signals/language.ts). Any other screen, or a phone whose service worker
//   holds the app, starts the whole dictionary, and in Arabic English (the fallback) beside it;
// - signed in: the code the signed-in app needs at start and the first screen's code (by the stored role where they
//   differ) start beside the entry, and so do the first screen's reads (src/lib/early.ts), whose answers the app takes;
// - signed out: a public screen's code that the first load lacks (a sign-up form's) starts beside the entry.
// Storage that throws (disabled, private mode) leaves it all to the app, as the app's own storage access does.
import { bootReads, storedSession } from "./lib/early";
import { currentPath } from "./lib/hash-path";
import { FALLBACK, normalise } from "./lib/lang-code";
import { readKey } from "./lib/storage";

/**
 * Filled in by the build: the chunks the signed-in app loads at start, and each first screen's by stored role ("*": any
 * other; "out": signed out, a public screen's).
 */
declare const __BOOT__: { start: string[]; screens: Record<string, Record<string, string[]>>; words: Record<string, Record<string, string>> };

const link = (rel: string, href: string, as?: string) => {
  const l = document.createElement("link");
  l.rel = rel;
  l.href = href;
  l.crossOrigin = "anonymous";
  if (as) l.as = as;
  document.head.appendChild(l);
};

try {
  const language = normalise(readKey("language"));
  const session = storedSession();
  const path = currentPath();
  const words = __BOOT__.words[path] ?? {};
  const name = session ? (words[String(session.role)] ?? words["*"]) : words.out;
  if (name && !navigator.serviceWorker?.controller)
    globalThis.__fixitWords = { lang: language, path, response: fetch(`./locales/${language}.${name}.json`).catch(() => null) };
  else for (const code of new Set([FALLBACK, language])) link("preload", `./locales/${code}.json`, "fetch");
  if (session) {
    // The code first, the largest part of what the screen waits for: over HTTP/1.1 a phone has six connections to the
    // server, and what is asked for first gets one first. The reads are small.
    const byRole = __BOOT__.screens[path] ?? {};
    for (const file of __BOOT__.start.concat(byRole[String(session.role)] ?? byRole["*"] ?? [])) link("modulepreload", `./assets/${file}`);
    bootReads();
  } else for (const file of __BOOT__.screens[path]?.out ?? []) link("modulepreload", `./assets/${file}`);
} catch {
  /* the app does it all itself */
}
