import { afterEach, describe, expect, it, vi } from "vitest";
import { expireIfDue } from "../../src/signals/session-expiry";
import {
  gotEmailMob,
  isAuthenticated,
  isExpired,
  markVerified,
  persistSession,
  restoreSession,
  role,
  SESSION_MS,
  signIn,
  signOut,
  token,
  user,
} from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";

const response = { access_token: "tok-1", role: 1, got_email_mob: 0, user_id: 7, name: "Ahmed" };

afterEach(() => {
  signOut();
  toasts.value = [];
});

describe("session signals", () => {
  it("persists a sign-in under the storage keys of SPEC.md section 3", () => {
    const stop = persistSession();
    signIn(response, 1_000);
    expect(localStorage.getItem("access_token")).toBe("tok-1");
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual({ role: 1, got_email_mob: 0, user_id: 7, name: "Ahmed" });
    expect(localStorage.getItem("isAuthenticated")).toBe("true");
    expect(localStorage.getItem("role")).toBe("1");
    expect(localStorage.getItem("got_email_mob")).toBe("0");
    expect(localStorage.getItem("login_time")).toBe("1000");
    stop();
  });

  it("restores the session from storage at start", () => {
    localStorage.setItem("access_token", "abc");
    localStorage.setItem("user", JSON.stringify({ role: 2, got_email_mob: 1 }));
    localStorage.setItem("isAuthenticated", "true");
    localStorage.setItem("role", "2");
    localStorage.setItem("got_email_mob", "1");
    localStorage.setItem("login_time", String(Date.now()));
    restoreSession();
    expect(isAuthenticated.value).toBe(true);
    expect(token.value).toBe("abc");
    expect(role.value).toBe(2);
    expect(gotEmailMob.value).toBe(1);
  });

  it("falls back to the stored role when the stored user is unreadable", () => {
    localStorage.setItem("access_token", "abc");
    localStorage.setItem("user", "{not json");
    localStorage.setItem("isAuthenticated", "true");
    localStorage.setItem("role", "3");
    restoreSession();
    expect(user.value).toBeNull();
    expect(role.value).toBe(3);
  });

  it("is not authenticated when the flag is set but the token is missing", () => {
    localStorage.setItem("isAuthenticated", "true");
    restoreSession();
    expect(isAuthenticated.value).toBe(false);
  });

  it("markVerified sets got_email_mob to 1 on the signal and the stored user", () => {
    const stop = persistSession();
    signIn(response);
    markVerified();
    expect(gotEmailMob.value).toBe(1);
    expect(JSON.parse(localStorage.getItem("user")!).got_email_mob).toBe(1);
    expect(localStorage.getItem("got_email_mob")).toBe("1");
    stop();
  });

  it("signOut clears every session key", () => {
    const stop = persistSession();
    signIn(response);
    signOut();
    for (const key of ["access_token", "user", "role", "got_email_mob", "login_time"]) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem("isAuthenticated")).toBe("false");
    stop();
  });
});

describe("session expiry", () => {
  it("is not due before 3 days", () => {
    signIn(response, 0);
    expect(isExpired(SESSION_MS - 1)).toBe(false);
    expect(expireIfDue(SESSION_MS - 1)).toBe(false);
    expect(isAuthenticated.value).toBe(true);
  });

  it("after 3 days clears the session, goes to /login and shows the info toast", () => {
    signIn(response, 0);
    expect(expireIfDue(SESSION_MS + 1)).toBe(true);
    expect(isAuthenticated.value).toBe(false);
    expect(token.value).toBeNull();
    expect(location.hash).toBe("#/login");
    expect(toasts.value.map((t) => [t.type, t.key])).toEqual([["info", "session.expired"]]);
  });

  it("checks again every hour", async () => {
    vi.useFakeTimers();
    const { watchSessionExpiry } = await import("../../src/signals/session-expiry");
    signIn(response, Date.now());
    const stop = watchSessionExpiry();
    expect(isAuthenticated.value).toBe(true);
    vi.advanceTimersByTime(SESSION_MS + 60 * 60 * 1000);
    expect(isAuthenticated.value).toBe(false);
    stop();
    vi.useRealTimers();
  });
});
