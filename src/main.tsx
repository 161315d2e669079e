import "./styles/theme";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { watchSessionExpiry } from "./lib/session-expiry";
import { watchConnectivity } from "./signals/connectivity";
import { lang, setLanguage, watchLanguage } from "./signals/language";
import { persistSession, restoreSession } from "./signals/session";
import { watchViewport } from "./signals/viewport";

restoreSession();
persistSession();
void setLanguage(lang.value);
watchLanguage();
watchConnectivity();
watchViewport();
watchSessionExpiry();

createRoot(document.getElementById("root")!).render(<App />);
