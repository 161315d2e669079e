import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, IDEMPOTENCY_HEADER, READ_TIMEOUT_MS } from "../../src/api/client";
import { isNetworkFailure } from "../../src/lib/use-resource";
import { addDictionary, setLanguage } from "../../src/signals/language";

// D13 on the real client: createApi with only a fake fetch, so the retry policy under test is the one the app ships.
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function server(answers: Array<() => Response | Promise<Response>>) {
  const calls: { method: string; at: number; key: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    calls.push({ method: req.method, at: Date.now(), key: req.headers.get(IDEMPOTENCY_HEADER) });
    return answers[Math.min(calls.length - 1, answers.length - 1)]();
  };
  const api = createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch });
  return { api, calls, gaps: () => calls.slice(1).map((c, i) => c.at - calls[i].at) };
}

/** Runs a call to its end while the fake clock moves on. */
async function settle<T>(promise: Promise<T>) {
  const outcome = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the real API client's retries (D13)", () => {
  it("retries a failing GET three times with exponential delays, then gives up", async () => {
    const { api, calls, gaps } = server([() => json(503, {})]);
    const outcome = await settle(api.get("x").json());
    expect(outcome.ok).toBe(false);
    expect(calls).toHaveLength(4);
    expect(gaps()).toEqual([1000, 2000, 4000]);
  });

  it("gives up a GET the server never answers after READ_TIMEOUT_MS, once (the screen falls back); a write waits", async () => {
    const { api, calls } = server([() => new Promise<Response>(() => {})]);
    const read = settle(api.get("x").json());
    const outcome = await read;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && (outcome.error as Error).name).toBe("TimeoutError");
    expect(!outcome.ok && isNetworkFailure(outcome.error)).toBe(true);
    expect(Date.now()).toBe(READ_TIMEOUT_MS);
    expect(calls).toHaveLength(1);

    let written = false;
    void api.post("y", { json: {} }).then(
      () => (written = true),
      () => (written = true),
    );
    await vi.advanceTimersByTimeAsync(10 * READ_TIMEOUT_MS);
    expect(written).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it("returns the answer of a GET that recovers on a retry", async () => {
    const { api, calls } = server([() => json(502, {}), () => json(200, { ok: 1 })]);
    expect(await settle(api.get("x").json())).toEqual({ ok: true, value: { ok: 1 } });
    expect(calls).toHaveLength(2);
  });

  it("does not retry while the phone says it is offline: the screen hears at once (it waited 7 s of retries)", async () => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      const { api, calls } = server([() => Promise.reject(new TypeError("Failed to fetch"))]);
      const outcome = await settle(api.get("x").json());
      expect(outcome.ok).toBe(false);
      expect(calls).toHaveLength(1);
      const keyed = server([() => Promise.reject(new TypeError("Failed to fetch"))]);
      await settle(keyed.api.post("x", { headers: { [IDEMPOTENCY_HEADER]: "k1" } }).json());
      expect(keyed.calls).toHaveLength(1);
    } finally {
      // Back to the browser's own (the prototype's getter).
      delete (navigator as unknown as Record<string, unknown>).onLine;
    }
  });

  it("retries a GET after a dropped connection", async () => {
    const { api, calls } = server([() => Promise.reject(new TypeError("Failed to fetch")), () => json(200, { ok: 1 })]);
    expect(await settle(api.get("x").json())).toEqual({ ok: true, value: { ok: 1 } });
    expect(calls).toHaveLength(2);
  });

  it("caps a retry's wait at 30 seconds even when the server asks for longer", async () => {
    const { api, calls, gaps } = server([() => json(503, {}, { "Retry-After": "120" }), () => json(200, {})]);
    await settle(api.get("x").json());
    expect(calls).toHaveLength(2);
    expect(gaps()).toEqual([30_000]);
  });

  it("sends a write without an idempotency key once, even when it fails", async () => {
    for (const method of ["post", "put", "patch", "delete"] as const) {
      const { api, calls } = server([() => json(503, {})]);
      expect((await settle(api[method]("x", { json: {} }))).ok).toBe(false);
      expect(calls.map((c) => c.method)).toEqual([method.toUpperCase()]);
    }
  });

  it("sends a write without an idempotency key once after a dropped connection", async () => {
    const { api, calls } = server([() => Promise.reject(new TypeError("Failed to fetch")), () => json(200, {})]);
    expect((await settle(api.post("x", { json: {} }))).ok).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it("retries a write that carries an Idempotency-Key, with the same key each time", async () => {
    const { api, calls, gaps } = server([() => json(503, {}), () => Promise.reject(new TypeError("Failed to fetch")), () => json(200, { done: 1 })]);
    const outcome = await settle(api.post("issue/report", { json: { title: "Leak" }, headers: { [IDEMPOTENCY_HEADER]: "9b2f-key" } }).json());
    expect(outcome).toEqual({ ok: true, value: { done: 1 } });
    expect(calls.map((c) => [c.method, c.key])).toEqual([
      ["POST", "9b2f-key"],
      ["POST", "9b2f-key"],
      ["POST", "9b2f-key"],
    ]);
    expect(gaps()).toEqual([1000, 2000]);
  });

  it("gives up on a keyed write after three retries", async () => {
    const { api, calls } = server([() => json(500, {})]);
    expect((await settle(api.put("x", { json: {}, headers: { [IDEMPOTENCY_HEADER]: "k" } }))).ok).toBe(false);
    expect(calls).toHaveLength(4);
  });
});

describe("the real API client's language (D17)", () => {
  it("sends the user's language as Accept-Language on every call, so server messages come in Arabic (they stayed English)", async () => {
    const seen: (string | null)[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push((input instanceof Request ? input : new Request(input, init)).headers.get("accept-language"));
      return json(200, {});
    };
    const api = createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch });
    addDictionary("en", {});
    addDictionary("ar", {});
    await setLanguage("ar");
    await api.post("user/login", { json: {} }).json();
    await setLanguage("en");
    await api.get("issue/jobs").json();
    expect(seen).toEqual(["ar", "en"]);
  });
});
