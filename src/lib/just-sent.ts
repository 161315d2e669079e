import { useRef } from "react";

/** How long after a form was sent and emptied a second press counts as the rest of a double tap. */
const DOUBLE_TAP_MS = 1500;

/**
 * A double tap on a form's send button: the first tap's answer empties the form before the second arrives, and the
 * second was checked as a new, empty form ("Please write a comment." beside "Comment sent."). `mark()` when the form
 * is sent and emptied; `recent()` tells a press to do nothing.
 */
export function useJustSent() {
  const at = useRef(Number.NEGATIVE_INFINITY);
  return {
    mark: () => {
      at.current = Date.now();
    },
    recent: () => Date.now() - at.current < DOUBLE_TAP_MS,
  };
}
