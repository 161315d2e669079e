// A person new to the app who came back from Google sign-in: their verified name and email and the single-use
// registration ticket the server gave (POST /oauth/session), kept in sessionStorage (this tab only) while they pick
// a role and fill the registration form. The registration call uses the ticket up; signing in or cancelling forgets it.
const KEY = "google_signup";

export interface GoogleSignup {
  name: string;
  email: string;
  register_ticket: string;
}

export function readGoogleSignup(): GoogleSignup | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<GoogleSignup>;
    return typeof v.email === "string" && typeof v.register_ticket === "string"
      ? { name: typeof v.name === "string" ? v.name : "", email: v.email, register_ticket: v.register_ticket }
      : null;
  } catch {
    return null;
  }
}

export function writeGoogleSignup(value: GoogleSignup | null) {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the person registers with a password instead */
  }
}
