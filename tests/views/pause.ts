import { act } from "@testing-library/react";
import { vi } from "vitest";

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
