// The unread count of the bell (issue 13, src/signals/unread.ts and unread-watch.ts): asked for on sign-in, when the app comes back to the front, every minute
// while it is in front (never while hidden), when the service worker says a push arrived; cleared on sign-out, and an
// answer that comes after the sign-out is dropped.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, createApi, setApi } from "../../src/api/client";
import { signIn, signOut } from "../../src/signals/session";
import { newsArrived, setUnread, unread } from "../../src/signals/unread";
import { UNREAD_EVERY_MS, watchUnread } from "../../src/signals/unread-watch";
import { type Call, fakeApi, json } from "../views/fake-api";

/** waitFor polls with setInterval, which these tests fake: this one polls with setTimeout. */
async function waitFor(check: () => void) {
  for (let i = 0; i < 300; i++) {
    try {
      return check();
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  check();
}

let visibility: DocumentVisibilityState = "visible";
let stop: () => void = () => undefined;
let count = 3;
let calls: Call[] = [];
const asks = () => calls.filter((c) => c.method === "GET" && c.path === "notification/unread_count").length;
const show = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
};

beforeEach(() => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  visibility = "visible";
  count = 3;
  calls = fakeApi({ "GET notification/unread_count": () => json(200, { status: 1, data: { unread: count } }) });
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  stop = watchUnread();
});
afterEach(() => {
  stop();
  signOut();
  vi.useRealTimers();
  setApi(createApi());
});

describe("the unread count", () => {
  it("ends this phone's push subscription on sign-out, not before", async () => {
    const unsubscribe = vi.fn(async () => true);
    const getSubscription = vi.fn(async () => ({ unsubscribe }));
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription } }), addEventListener() {}, removeEventListener() {} },
    });
    try {
      signIn({ access_token: "tok-1", role: 3, got_email_mob: 1 });
      await waitFor(() => expect(unread.value).toBe(3));
      expect(getSubscription).not.toHaveBeenCalled();
      signOut();
      await waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
    } finally {
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });

  it("asks nothing while signed out, and asks once at sign-in with the user's token", async () => {
    await Promise.resolve();
    expect(asks()).toBe(0);
    expect(unread.value).toBe(0);
    signIn({ access_token: "tok-1", role: 3, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(3));
    expect(asks()).toBe(1);
  });

  it("asks again every 60 s while the app is in front, never while it is hidden, and at once when it comes back", async () => {
    signIn({ access_token: "tok-1", role: 3, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(3));
    count = 5;
    vi.advanceTimersByTime(UNREAD_EVERY_MS - 1);
    expect(asks()).toBe(1);
    vi.advanceTimersByTime(1);
    await waitFor(() => expect(unread.value).toBe(5));
    expect(asks()).toBe(2);

    show("hidden");
    vi.advanceTimersByTime(3 * UNREAD_EVERY_MS);
    await Promise.resolve();
    expect(asks()).toBe(2);

    count = 7;
    show("visible");
    await waitFor(() => expect(unread.value).toBe(7));
    expect(asks()).toBe(3);
  });

  // Walked: a job assigned while the technician looked at /jobs did not show until they left the screen.
  it("says news arrived when the count grows while the app is open, not at the sign-in's first count nor when it falls", async () => {
    const news = () => newsArrived.peek();
    const before = news();
    signIn({ access_token: "tok-1", role: 1, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(3));
    expect(news()).toBe(before);
    count = 4;
    vi.advanceTimersByTime(UNREAD_EVERY_MS);
    await waitFor(() => expect(unread.value).toBe(4));
    expect(news()).toBe(before + 1);
    count = 2;
    vi.advanceTimersByTime(UNREAD_EVERY_MS);
    await waitFor(() => expect(unread.value).toBe(2));
    expect(news()).toBe(before + 1);
    // A new sign-in's first count is not news either.
    signOut();
    count = 8;
    signIn({ access_token: "tok-2", role: 1, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(8));
    expect(news()).toBe(before + 1);
  });

  it("asks when the service worker says a push arrived", async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: worker });
    try {
      signIn({ access_token: "tok-1", role: 0, got_email_mob: 1 });
      await waitFor(() => expect(unread.value).toBe(3));
      count = 9;
      worker.dispatchEvent(new MessageEvent("message", { data: { type: "other" } }));
      await Promise.resolve();
      expect(asks()).toBe(1);
      worker.dispatchEvent(new MessageEvent("message", { data: { type: "notification" } }));
      await waitFor(() => expect(unread.value).toBe(9));
      expect(asks()).toBe(2);
    } finally {
      signOut();
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });

  // Walked: the owner confirmed a repair, the server read its notifications for them, and the bell stayed at 9.
  it("asks again at once when the user changed a repair (a write to /issue/…), not after reading one", async () => {
    calls = fakeApi({
      "GET notification/unread_count": () => json(200, { status: 1, data: { unread: count } }),
      "GET issue/issue": () => json(200, { status: 1, data: {} }),
      "POST issue/confirm": () => json(200, { message: "Confirmed.", status: 1, data: {} }),
      "POST issue/confirm_fails": () => json(409, { detail: "No." }),
    });
    signIn({ access_token: "tok-1", role: 0, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(3));
    count = 1;
    await api.get("issue/issue?issue_id=3").json();
    await api.post("issue/confirm_fails?issue_id=3", { json: {} }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(asks()).toBe(1);
    await api.post("issue/confirm?issue_id=3", { json: { rating: 5 } }).json();
    await waitFor(() => expect(unread.value).toBe(1));
    expect(asks()).toBe(2);
  });

  it("is cleared on sign-out, stops asking, and drops an answer that arrives after the sign-out", async () => {
    signIn({ access_token: "tok-1", role: 3, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(3));
    signOut();
    expect(unread.value).toBe(0);
    vi.advanceTimersByTime(5 * UNREAD_EVERY_MS);
    show("visible");
    await Promise.resolve();
    expect(asks()).toBe(1);

    // A slow answer: the user signs out before it comes.
    let release: () => void = () => undefined;
    calls = fakeApi({
      "GET notification/unread_count": () => new Promise((resolve) => (release = () => resolve(json(200, { status: 1, data: { unread: 4 } })))),
    });
    signIn({ access_token: "tok-2", role: 3, got_email_mob: 1 });
    await waitFor(() => expect(asks()).toBe(1));
    signOut();
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(unread.value).toBe(0);
  });

  it("keeps the count shown when an ask fails, and takes the screen's own count at once", async () => {
    signIn({ access_token: "tok-1", role: 3, got_email_mob: 1 });
    await waitFor(() => expect(unread.value).toBe(3));
    calls = fakeApi({ "GET notification/unread_count": () => json(503, { detail: "down" }) });
    vi.advanceTimersByTime(UNREAD_EVERY_MS);
    await waitFor(() => expect(asks()).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(unread.value).toBe(3);
    setUnread(-2);
    expect(unread.value).toBe(0);
  });
});
