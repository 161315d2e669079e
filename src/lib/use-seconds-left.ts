// Whole seconds until a moment (a code's resend), ticking once a second while there are any; 0 without one.
import { useEffect, useState } from "react";

/** Seconds as m:ss ("4:05"), as the countdowns show them. */
export const formatCountdown = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

const secondsTo = (until: number | null) => (until == null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));

export function useSecondsLeft(until: number | null): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!secondsTo(until)) return;
    const timer = setInterval(() => {
      tick((n) => n + 1);
      if (!secondsTo(until)) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return secondsTo(until);
}
