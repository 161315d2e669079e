import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyOf, loadAgain, loadOnce } from "../../src/lib/load-again";

const setOnline = (value: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(value);
const cutOff = () => new TypeError("Failed to fetch dynamically imported module");
const aSecond = () => act(() => vi.advanceTimersByTimeAsync(1000));

beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout"] }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a chunk loaded again once the phone is back online (src/lib/load-again.ts)", () => {
  it("online, tries twice more a second apart, then fails: a broken chunk is not a dropped connection", async () => {
    setOnline(true);
    const load = vi.fn(() => Promise.reject(cutOff()));
    const result = loadAgain(load).then(
      () => "loaded",
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toMatch(/dynamically imported/);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("a failure the browser has not yet seen as offline loads on the next try", async () => {
    setOnline(true);
    const load = vi.fn().mockRejectedValueOnce(cutOff()).mockResolvedValue("code");
    const result = loadAgain(load);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toBe("code");
  });

  it("offline, waits through as many drops as it takes and loads once the phone is back online", async () => {
    const online = setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(cutOff()).mockRejectedValueOnce(cutOff()).mockRejectedValueOnce(cutOff()).mockResolvedValue("code");
    let got: unknown;
    void loadAgain(load).then((v) => (got = v));
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(1);
    // Back online, and each try fails as the connection drops again: it waits for the next time.
    for (const tries of [2, 3]) {
      dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(5000);
      expect(load).toHaveBeenCalledTimes(tries);
      expect(got).toBeUndefined();
    }
    online.mockReturnValue(true);
    dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(got).toBe("code");
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("a lazy component shows its fallback, not an error, while its code cannot come, and itself once it has", async () => {
    const online = setOnline(false);
    const load = vi
      .fn()
      .mockRejectedValueOnce(cutOff())
      .mockResolvedValue(() => <p>Toasts here</p>);
    const Toasts = lazyOf(load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Toasts />
      </Suspense>,
    );
    await aSecond();
    expect(screen.getByText("waiting")).toBeTruthy();
    online.mockReturnValue(true);
    dispatchEvent(new Event("online"));
    await aSecond();
    expect(screen.getByText("Toasts here")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("a module loaded once, unless it failed (loadOnce)", () => {
  it("shares the load on its way and keeps what loaded", async () => {
    const load = vi.fn(async () => "ky");
    const ky = loadOnce(load);
    const [a, b] = [ky(), ky()];
    expect(a).toBe(b);
    expect(await a).toBe("ky");
    expect(await ky()).toBe("ky");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so the next call asks again instead of failing for good", async () => {
    const load = vi.fn().mockRejectedValueOnce(cutOff()).mockResolvedValue("ky");
    const ky = loadOnce(load);
    await expect(ky()).rejects.toThrow("dynamically imported");
    expect(await ky()).toBe("ky");
    expect(await ky()).toBe("ky");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
