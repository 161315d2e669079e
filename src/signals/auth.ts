import { batch } from "@preact/signals-react";
import * as authApi from "../api/auth";
import { errorDetail } from "../api/client";
import { writeGoogleSignup } from "../lib/google-signup";
import { navigate } from "../lib/hash-location";
import { homeFor, paths } from "../paths";
import { error, loading, successMessage, verificationMessage } from "./auth-state";
import { startCountdown } from "./countdown";
import { dir, t } from "./language";
import { type LoginResponse, signIn, signOut } from "./session";
import { authToast, dismissToast } from "./toasts";

// The auth state of SPEC.md section 4 lives in auth-state.ts (read by the sign-in screen before this module loads);
// only the actions here write it.
export { error, loading, successMessage, verificationMessage };

/** sessionStorage key of the single-use token verifyotp answers (D9). */
export const RESET_TOKEN_KEY = "reset_token";

export function readResetToken(): string | null {
  try {
    return sessionStorage.getItem(RESET_TOKEN_KEY);
  } catch {
    return null;
  }
}
function writeResetToken(value: string | null) {
  try {
    if (value == null) sessionStorage.removeItem(RESET_TOKEN_KEY);
    else sessionStorage.setItem(RESET_TOKEN_KEY, value);
  } catch {
    /* storage unavailable: the reset will ask for a new code */
  }
}

/** Every request sets loading and clears the error and messages. */
function begin() {
  // A new attempt replaces the last failure's toast rather than leaving it over the next screen.
  dismissToast("auth-error");
  batch(() => {
    loading.value = true;
    error.value = null;
    successMessage.value = null;
    verificationMessage.value = null;
  });
}

/** Stores the failure (server detail when present, else the spec's text) and shows it as an auth toast. */
async function fail(e: unknown, fallbackKey: string) {
  const detail = await errorDetail(e);
  // The server writes English; in a right-to-left page the sentence is isolated so its full stop stays at its end.
  const said = detail && (dir.value === "rtl" && !/[\u0600-\u06ff]/.test(detail) ? `\u2068${detail}\u2069` : detail);
  batch(() => {
    error.value = said || t(fallbackKey);
    loading.value = false;
  });
  authToast({ key: fallbackKey, message: said }, "error");
  return false;
}

export function resetAuthState() {
  batch(() => {
    loading.value = false;
    error.value = null;
    successMessage.value = null;
    verificationMessage.value = null;
  });
}

/** Signs in; on success stores the session and goes to the role's home (D3). */
export async function login(identifier: string, password: string): Promise<boolean> {
  begin();
  try {
    const response = await authApi.login(identifier.trim(), password);
    loading.value = false;
    authToast({ key: "login.success" }, "success");
    enterHome(response);
    return true;
  } catch (e) {
    return fail(e, "login.failed");
  }
}

/**
 * Every new session (the form, Google, a Google sign-up) is stored the same way and lands on the role's home (D3); an
 * unfinished Google sign-up in this tab is forgotten, its ticket used up or no longer wanted.
 */
export function enterHome(session: LoginResponse) {
  writeGoogleSignup(null);
  signIn(session);
  navigate(homeFor(session.role), { replace: true });
}

let loggingOut: Promise<void> | null = null;

/**
 * Logs out: ends the session on the server (POST /user/logout), then clears it in the browser whatever the server
 * said (offline, 401, an error), says 'Logged out successfully' (SPEC.md section 8) and goes to the sign-in screen.
 * A second press while the call is on its way waits for the first.
 */
export function logout(): Promise<void> {
  loggingOut ??= authApi
    .logout()
    .catch(() => undefined)
    .then(() => {
      signOut();
      authToast({ key: "profile.loggedOut" }, "success");
      navigate(paths.login, { replace: true });
    })
    .finally(() => {
      loggingOut = null;
    });
  return loggingOut;
}

/** Requests a code by email; on success starts the countdown and opens the verify screen. */
export async function forgot(email: string): Promise<boolean> {
  begin();
  try {
    const res = await authApi.forgotPassword(email.trim());
    batch(() => {
      successMessage.value = res.message ?? t("recovery.linkSent");
      loading.value = false;
    });
    authToast({ key: "recovery.linkSent" }, "success");
    startCountdown();
    navigate(paths.verifyCode(email.trim()));
    return true;
  } catch (e) {
    return fail(e, "recovery.linkFailed");
  }
}

/** Checks the six-digit code; keeps the reset_token for the reset screen and opens it. */
export async function verify(email: string, otp: string): Promise<boolean> {
  begin();
  try {
    const res = await authApi.verifyOtp(email, otp);
    writeResetToken(res.reset_token);
    batch(() => {
      verificationMessage.value = res.message ?? t("recovery.verified");
      loading.value = false;
    });
    authToast({ key: "recovery.verified" }, "success");
    navigate(paths.resetPassword(email));
    return true;
  } catch (e) {
    return fail(e, "recovery.verifyFailed");
  }
}

/** Asks for a fresh code (the forgot-password call again) and restarts the 300-second wait. */
export async function resend(email: string): Promise<boolean> {
  begin();
  try {
    const res = await authApi.forgotPassword(email);
    batch(() => {
      verificationMessage.value = res.message ?? t("recovery.resent");
      loading.value = false;
    });
    // The toast is the app's own translated sentence: our server answers forgotpassword with the same
    // "link sent" sentence for a first request and a resend, which would read wrongly here (and only in English).
    authToast({ key: "recovery.resent" }, "success");
    startCountdown();
    return true;
  } catch (e) {
    return fail(e, "recovery.resendFailed");
  }
}

/** Sets the new password with the kept reset_token; mismatching passwords send nothing. */
export async function reset(email: string, newPassword: string, confirmPassword: string): Promise<boolean> {
  if (!email || !newPassword || !confirmPassword) return false;
  if (newPassword !== confirmPassword) {
    authToast({ key: "recovery.mismatch" }, "error");
    return false;
  }
  begin();
  try {
    const res = await authApi.resetPassword({
      email,
      new_password: newPassword,
      confirm_password: confirmPassword,
      reset_token: readResetToken() ?? "",
    });
    writeResetToken(null);
    batch(() => {
      successMessage.value = res.message ?? t("recovery.resetDone");
      loading.value = false;
    });
    authToast({ key: "recovery.resetDone" }, "success");
    navigate(paths.login, { replace: true });
    return true;
  } catch (e) {
    return fail(e, "recovery.resetFailed");
  }
}
