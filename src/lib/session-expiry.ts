import { t } from "../signals/language";
import { isExpired, signOut, EXPIRY_CHECK_MS } from "../signals/session";
import { showToast } from "../signals/toasts";
import { navigate } from "./hash-location";

/** Ends a session older than 3 days: clears it, goes to /login and says why (SPEC.md section 8). */
export function expireIfDue(now = Date.now()): boolean {
  if (!isExpired(now)) return false;
  signOut();
  navigate("/login", { replace: true });
  showToast(t("session.expired"), "info", { id: "session-expired" });
  return true;
}

export function watchSessionExpiry() {
  expireIfDue();
  const id = setInterval(() => expireIfDue(), EXPIRY_CHECK_MS);
  return () => clearInterval(id);
}
