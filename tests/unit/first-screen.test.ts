import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeClockAndFrames } from "../fake-clock";

// Each test takes the module afresh: the app's start is held until the app has rendered once. Its clock and frames are
// fake (from before the module loads, which sets its latest moment): `frames` lets the frames that paint a load and the
// moment after them (UP_SETTLE_MS) pass, without waiting for them in real time.
const fresh = async () => {
  fakeClockAndFrames();
  vi.resetModules();
  return import("../../src/lib/first-screen");
};
const frames = () => vi.advanceTimersByTimeAsync(400);

afterEach(() => {
  vi.useRealTimers();
});

describe("the first screen is up (src/lib/first-screen.ts)", () => {
  it("once the app has rendered and every load it waits for is done, and a frame has painted them", async () => {
    const m = await fresh();
    const calls: string[] = [];
    m.whenFirstScreen(() => calls.push("up"));
    const code = m.holdFirstScreen();
    let answer!: (v: string) => void;
    const data = m.heldBy(new Promise<string>((r) => (answer = r)));
    m.appStarted();
    await frames();
    expect(calls).toEqual([]);
    code();
    code(); // a second release counts once
    await frames();
    expect(calls).toEqual([]);
    expect(m.firstScreenUp()).toBe(false);
    answer("rows");
    expect(await data).toBe("rows");
    await frames();
    expect(calls).toEqual(["up"]);
    expect(m.firstScreenUp()).toBe(true);
    // From now on nothing waits: a callback runs at once, and holding counts nothing.
    m.whenFirstScreen(() => calls.push("later"));
    expect(calls).toEqual(["up", "later"]);
    const release = m.holdFirstScreen();
    release();
  });

  it("is not held up by a load that fails", async () => {
    const m = await fresh();
    let up = false;
    m.whenFirstScreen(() => {
      up = true;
    });
    const failed = m.heldBy(Promise.reject(new Error("no network")));
    await expect(failed).rejects.toThrow("no network");
    m.appStarted();
    await frames();
    expect(up).toBe(true);
  });

  it("counts as up after a few seconds whatever is still loading", async () => {
    const m = await fresh();
    m.appStarted();
    m.holdFirstScreen();
    const calls: string[] = [];
    m.whenFirstScreen(() => calls.push("up"));
    vi.advanceTimersByTime(m.UP_AT_THE_LATEST_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(["up"]);
  });

  it("on the page's first screen only, makes a task's wait between reading a screen's data and rendering it", async () => {
    const m = await fresh();
    // Not split (a screen mounted by itself, as in the tests): nothing to wait for.
    expect(m.nextTaskOnFirstScreen()).toBeUndefined();
    m.splitFirstScreen();
    let waited = false;
    void m.nextTaskOnFirstScreen()?.then(() => {
      waited = true;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(waited).toBe(true);
    // Once the first screen is up, the rest of the session renders what it reads at once.
    m.appStarted();
    await frames();
    expect(m.firstScreenUp()).toBe(true);
    expect(m.nextTaskOnFirstScreen()).toBeUndefined();
  });
});
