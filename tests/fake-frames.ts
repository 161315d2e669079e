import { vi } from "vitest";

/**
 * A fake clock for the first screen's timing (src/lib/first-screen.ts): its timers, the frames it waits for and the
 * date, so a test lets the frames and the settling moment pass with vi.advanceTimersByTimeAsync rather than waiting for
 * them in real time. Installed before the modules load, their own timers (the latest moment) are fake too.
 */
export const fakeClockAndFrames = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "Date"] });
