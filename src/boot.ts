// The page's own first script, inlined into the built index.html by the build (chunkPreloads in vite.config.ts; the
// server allows it by its hash, server/static.ts) and run as the page is read, before any of the app's code has come:
// - Arabic: its dictionary starts beside English (the page preloads English, the fallback, for everyone);
// - signed in: the code the signed-in app needs at start and the first screen's code (by the stored role where they
//   differ) start beside the entry, and so do the first screen's reads (src/lib/early.ts), whose answers the app takes.
// Storage that throws (disabled, private mode) leaves it all to the app, as the app's own storage access does.
import { bootReads, storedSession } from "./lib/early";
import { currentPath } from "./lib/hash-path";
import { FALLBACK, normalise } from "./lib/lang-code";
import { readKey } from "./lib/storage";

/** Filled in by the build: the chunks the signed-in app loads at start, and each first screen's by stored role ("*": any other). */
declare const __BOOT__: { start: string[]; screens: Record<string, Record<string, string[]>> };

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
  if (language !== FALLBACK) link("preload", `./locales/${language}.json`, "fetch");
  const session = storedSession();
  if (session) {
    // The reads first: the server's time to answer then overlaps the code's download.
    bootReads();
    const byRole = __BOOT__.screens[currentPath()] ?? {};
    for (const file of __BOOT__.start.concat(byRole[String(session.role)] ?? byRole["*"] ?? [])) link("modulepreload", `./assets/${file}`);
  }
} catch {
  /* the app does it all itself */
}
