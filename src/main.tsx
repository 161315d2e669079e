import "./styles/theme";
import { createRoot } from "react-dom/client";
import { loadKy } from "./api/client";
import { App } from "./app";
import { watchConnectivity } from "./signals/connectivity";
import { lang, setLanguage, watchLanguage } from "./signals/language";
import { persistSession, restoreSession } from "./signals/session";
import { watchSessionExpiry } from "./signals/session-expiry";
import { watchUnread } from "./signals/unread-watch";
import { watchViewport } from "./signals/viewport";

restoreSession();
persistSession();
void setLanguage(lang.value);
watchLanguage();
watchConnectivity();
watchViewport();
watchSessionExpiry();
watchUnread();

createRoot(document.getElementById("root")!).render(<App />);

// The HTTP client is fetched once the first screen is up and the browser has a moment, before anyone submits a form.
const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
idle(() => void loadKy());
// The outbox (D23) sends what waits on the phone from app open; its code stays off the first load.
idle(() => void import("./lib/outbox").then((m) => m.startOutbox()));
