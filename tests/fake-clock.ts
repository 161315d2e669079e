// Tests on a fake clock: the first screen's timing, waiting on it, and a person's pause while typing.
import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * A fake clock for the first screen's timing (src/lib/first-screen.ts): its timers, the frames it waits for and the
 * date, so a test lets the frames and the settling moment pass with vi.advanceTimersByTimeAsync rather than waiting for
 * them in real time. Installed before the modules load, their own timers (the latest moment) are fake too.
 */
export const fakeClockAndFrames = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "Date"] });

/** Runs `run` on fakeClockAndFrames, and puts the real clock back after it, whatever happens. */
export async function onFakeClock<T>(run: () => T | Promise<T>): Promise<T> {
  fakeClockAndFrames();
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

/** vi.waitFor on the fake clock: checks, then lets 20 ms of it pass, up to 5 s of it (vi.waitFor waits in real time). */
export async function until(check: () => void) {
  for (let i = 0; ; i++) {
    try {
      return check();
    } catch (e) {
      if (i >= 250) throw e;
      await vi.advanceTimersByTimeAsync(20);
    }
  }
}

/**
 * What a person types (`typing`, synchronous), then a pause of `ms` (a debounce) on a fake clock: no test waits for a
 * debounce in real time. `justBefore` runs 1 ms before the pause ends (to check that nothing went yet). The clock is
 * real again afterwards, so findBy and waitFor work as usual (they hang on a fake one).
 */
export async function typeThenPause(ms: number, typing: () => void, justBefore?: () => void) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    typing();
    await act(async () => void vi.advanceTimersByTime(ms - 1));
    justBefore?.();
    await act(async () => void vi.advanceTimersByTime(1));
  } finally {
    vi.useRealTimers();
  }
}
