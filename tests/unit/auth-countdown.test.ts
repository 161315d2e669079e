import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  canResend,
  COUNTDOWN_S,
  formatCountdown,
  pauseCountdown,
  remaining,
  restoreCountdown,
  resumeCountdown,
  startCountdown,
} from "../../src/signals/countdown";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  pauseCountdown();
  vi.useRealTimers();
  localStorage.clear();
  restoreCountdown();
});

describe("the resend countdown", () => {
  it("with nothing stored, resend is allowed at once", () => {
    localStorage.clear();
    restoreCountdown();
    expect(canResend.value).toBe(true);
    expect(remaining.value).toBe(0);
  });

  it("starts at 300 seconds, stores timer and canResend, and counts down each second", () => {
    startCountdown();
    expect(remaining.value).toBe(COUNTDOWN_S);
    expect(canResend.value).toBe(false);
    expect(localStorage.getItem("timer")).toBe("300");
    expect(localStorage.getItem("canResend")).toBe("false");
    vi.advanceTimersByTime(3000);
    expect(remaining.value).toBe(297);
    expect(localStorage.getItem("timer")).toBe("297");
  });

  it("reaches zero after 300 seconds and then allows resend", () => {
    startCountdown();
    vi.advanceTimersByTime(299_000);
    expect(canResend.value).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(remaining.value).toBe(0);
    expect(canResend.value).toBe(true);
    expect(localStorage.getItem("canResend")).toBe("true");
    vi.advanceTimersByTime(5000);
    expect(remaining.value).toBe(0);
  });

  it("resumes from the stored time after a reload", () => {
    startCountdown();
    vi.advanceTimersByTime(100_000);
    pauseCountdown(); // the page goes away
    remaining.value = 0; // a fresh module would start empty
    canResend.value = true;
    restoreCountdown(); // boot after the reload reads the stored keys
    expect(remaining.value).toBe(200);
    expect(canResend.value).toBe(false);
    resumeCountdown();
    vi.advanceTimersByTime(10_000);
    expect(remaining.value).toBe(190);
  });

  it("restarting sets 300 seconds again", () => {
    startCountdown();
    vi.advanceTimersByTime(60_000);
    startCountdown();
    expect(remaining.value).toBe(300);
    vi.advanceTimersByTime(1000);
    expect(remaining.value).toBe(299);
  });

  it("ignores nonsense in storage", () => {
    localStorage.setItem("timer", "99999");
    localStorage.setItem("canResend", "false");
    restoreCountdown();
    expect(remaining.value).toBe(300);
    localStorage.setItem("timer", "abc");
    restoreCountdown();
    expect(canResend.value).toBe(true);
  });

  it("shows m:ss", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(61)).toBe("1:01");
    expect(formatCountdown(9)).toBe("0:09");
  });
});
