import { navigate } from "../lib/hash-location";
import { paths } from "../paths";
import { isExpired, signOut, EXPIRY_CHECK_MS } from "./session";
import { showToast } from "./toasts";

/** Ends a session older than 3 days: clears it, goes to /login and says why (SPEC.md section 8). */
export function expireIfDue(now = Date.now()): boolean {
  if (!isExpired(now)) return false;
  signOut({ ended: true });
  navigate(paths.login, { replace: true });
  // At boot this runs before the dictionaries arrive: the toast keeps the key and is translated when shown.
  showToast({ key: "session.expired" }, "info", { id: "session-expired" });
  return true;
}

export function watchSessionExpiry() {
  expireIfDue();
  const id = setInterval(() => expireIfDue(), EXPIRY_CHECK_MS);
  return () => clearInterval(id);
}
