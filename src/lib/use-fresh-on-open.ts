import { useState } from "react";

/**
 * Calls `reset` as a sheet renders opening (`opening` turns from null or false to a value, or to another value: the
 * same sheet opened for another issue), so each opening starts afresh. It runs during that render, not in an effect
 * after it: an effect may run after the first tap on a sheet that has just appeared (Preact runs effects a frame
 * later, and a sheet whose code loads on first opening appears between two tasks) and undo what the tap chose. The
 * first render keeps the state as it starts.
 */
export function useFreshOnOpen(opening: unknown, reset: () => void) {
  const [seen, setSeen] = useState(opening);
  if (opening !== seen) {
    setSeen(opening);
    if (opening !== null && opening !== false) reset();
  }
}
