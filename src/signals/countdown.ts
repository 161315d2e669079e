import { batch, signal } from "@preact/signals-react";
import { readKey, readNumber, writeKey } from "../lib/storage";

/** The resend countdown of the verify screen (SPEC.md sections 4 and 9). */
export const COUNTDOWN_S = 300;

export const remaining = signal(0);
export const canResend = signal(true);
let ticker: ReturnType<typeof setInterval> | null = null;

function persist() {
  writeKey("timer", remaining.value);
  writeKey("canResend", canResend.value ? "true" : "false");
}

/** Reads the stored countdown (at boot, or after a reload); with none stored, resend is allowed at once. */
export function restoreCountdown() {
  const stored = readNumber("timer");
  const flag = readKey("canResend");
  batch(() => {
    if (stored == null || flag == null) {
      remaining.value = 0;
      canResend.value = true;
    } else {
      remaining.value = Math.max(0, Math.min(COUNTDOWN_S, Math.floor(stored)));
      canResend.value = flag === "true" || remaining.value === 0;
    }
  });
}

function tick() {
  batch(() => {
    remaining.value = Math.max(0, remaining.value - 1);
    if (remaining.value === 0) canResend.value = true;
  });
  persist();
  if (remaining.value === 0) pauseCountdown();
}

/** Keeps the clock running while the verify screen is shown; a no-op once it has reached zero. */
export function resumeCountdown() {
  if (ticker || canResend.value || remaining.value <= 0) return;
  ticker = setInterval(tick, 1000);
}

/** Stops the clock without losing the remaining time (leaving the screen). */
export function pauseCountdown() {
  if (ticker) clearInterval(ticker);
  ticker = null;
}

/** Starts (or restarts) the 300-second wait before the next resend. */
export function startCountdown() {
  pauseCountdown();
  batch(() => {
    remaining.value = COUNTDOWN_S;
    canResend.value = false;
  });
  persist();
  resumeCountdown();
}

/** m:ss, as the verify screen shows it. */
export { formatCountdown } from "../lib/use-seconds-left";

restoreCountdown();
