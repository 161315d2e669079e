import { batch, computed, effect, signal } from "@preact/signals-react";
import { readJSON, readKey, readNumber, writeKey } from "../lib/storage";
import { countSignOut } from "../lib/sign-outs";
import { sessionOver } from "../contract/session";

/** The signed-in account as the login response gives it, without the token. */
export interface User {
  role: number;
  got_email_mob: number;
  user_id?: number;
  name?: string;
  email?: string | null;
  mob_no?: string | null;
  cntry_code?: string | null;
  [field: string]: unknown;
}
export interface LoginResponse extends User {
  access_token: string;
}

export { SESSION_MS } from "../contract/session";
export const EXPIRY_CHECK_MS = 60 * 60 * 1000;

export const token = signal<string | null>(null);
export const user = signal<User | null>(null);
export const isAuthenticated = signal(false);
const storedRole = signal<number | null>(null);
export const gotEmailMob = signal(0);
export const loginTime = signal<number | null>(null);

/** Role comes from the auth state, falling back to the stored role (SPEC.md section 2). */
export const role = computed<number | null>(() => user.value?.role ?? storedRole.value);

export function restoreSession() {
  batch(() => {
    token.value = readKey("access_token");
    user.value = readJSON<User>("user");
    isAuthenticated.value = readKey("isAuthenticated") === "true" && !!token.value;
    storedRole.value = readNumber("role");
    gotEmailMob.value = readNumber("got_email_mob") === 1 ? 1 : 0;
    loginTime.value = readNumber("login_time");
  });
}

/** Writes the session keys whenever the signals change; nothing else writes them. */
export function persistSession() {
  return effect(() => {
    writeKey("access_token", token.value);
    writeKey("user", user.value ? JSON.stringify(user.value) : null);
    writeKey("isAuthenticated", isAuthenticated.value ? "true" : "false");
    writeKey("role", role.value);
    writeKey("got_email_mob", isAuthenticated.value ? gotEmailMob.value : null);
    writeKey("login_time", loginTime.value);
  });
}

export function signIn(response: LoginResponse, now = Date.now()) {
  const { access_token, ...rest } = response;
  batch(() => {
    token.value = access_token;
    user.value = rest;
    storedRole.value = rest.role;
    gotEmailMob.value = rest.got_email_mob === 1 ? 1 : 0;
    loginTime.value = now;
    isAuthenticated.value = true;
  });
}

export function signOut({ ended = false } = {}) {
  // The reads kept on the phone (D23) go with the session: the next person on it never sees them. Their module, which
  // the sign-in screen does not load, forgets them on its next use, and now if it is loaded. A session that `ended` by
  // itself (a 401, three days gone) keeps its owner's drafts (lib/sign-outs.ts).
  countSignOut(ended);
  void import("../lib/kept").then((m) => m.clearKept());
  batch(() => {
    token.value = null;
    user.value = null;
    storedRole.value = null;
    gotEmailMob.value = 0;
    loginTime.value = null;
    isAuthenticated.value = false;
  });
}

/** The verify-info action: the account has given its contact details (kept on the stored user too). */
export function markVerified(changes: Partial<User> = {}) {
  batch(() => {
    gotEmailMob.value = 1;
    if (user.value) user.value = { ...user.value, ...changes, got_email_mob: 1 };
  });
}

/** The account's own details changed on the profile screen (name, a verified email or mobile): kept on the stored user. */
export function updateUser(changes: Partial<User>) {
  const current = user.value;
  if (current && Object.entries(changes).some(([k, v]) => current[k] !== v)) user.value = { ...current, ...changes };
}

export function isExpired(now = Date.now()) {
  return isAuthenticated.value && sessionOver(loginTime.value, now);
}
