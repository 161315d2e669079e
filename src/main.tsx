// First: the lazy chunks' imports are preloaded from the first dynamic import on.
import "./lib/preload";
import "./styles/theme";
import { effect } from "@preact/signals-react";
import { createRoot } from "react-dom/client";
import { App, preloadScreen } from "./app";
import { currentPath, markOpened } from "./lib/hash-location";
import { afterFirstScreen, heldBy, splitFirstScreen } from "./lib/first-screen";
import { watchConnectivity } from "./signals/connectivity";
import { startLanguage, watchLanguage } from "./signals/language";
import { isAuthenticated, persistSession, restoreSession, role } from "./signals/session";
import { watchSessionExpiry } from "./signals/session-expiry";
import { watchViewport } from "./signals/viewport";

markOpened();
splitFirstScreen();
restoreSession();
persistSession();
void heldBy(startLanguage());
// The screen's code loads beside the dictionaries (or the first screen's words: src/boot.ts) instead of after them.
preloadScreen(currentPath(), isAuthenticated.value, role.value);
watchLanguage();
watchConnectivity();
watchViewport();
watchSessionExpiry();
// The bell's count matters only once someone is signed in: its watcher (and the HTTP client) loads with the session.
// So does the outbox (D23), which sends what waits on the phone for the account signed in: from app open, or from
// sign-in; its code stays off the signed-out screens.
let signedInStarted = false;
effect(() => {
  if (!isAuthenticated.value || signedInStarted) return;
  signedInStarted = true;
  // The bell's count once the first screen is up: a connection less while the screen loads (src/lib/first-screen.ts).
  void import("./signals/unread-watch").then((m) => afterFirstScreen(() => m.watchUnread()));
  afterFirstScreen(() => void import("./lib/outbox").then((m) => m.startOutbox()));
});
// A signed-in screen's header, and the HTTP client its first call needs, come beside its code rather than after it.
if (isAuthenticated.value) {
  // The first screen's first reads too (src/lib/early.ts), when the page's boot script has not asked already (the
  // development server's page has none): the server is asked while the screen's code arrives.
  void import("./lib/early").then((m) => m.bootReads());
  void import("./components/Header");
  void import("./api/client").then((m) => m.loadKy());
}

createRoot(document.getElementById("root")!).render(<App />);

// The HTTP client is fetched once the first screen is up and the browser has a moment, before anyone submits a form.
afterFirstScreen(() => void import("./api/client").then((m) => m.loadKy()));
