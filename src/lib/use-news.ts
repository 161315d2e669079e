// A screen that shows repairs reads them again when news arrived (signals/unread.ts newsArrived): a notification came
// while it was open, so something it shows may have moved elsewhere.
import { useEffect, useRef } from "react";
import { newsArrived } from "../signals/unread";

/** Calls `onNews` each time the bell's count grows while this screen is up. */
export function useNewsArrived(onNews: () => void) {
  const latest = useRef(onNews);
  latest.current = onNews;
  useEffect(() => {
    let seen = newsArrived.peek();
    return newsArrived.subscribe((v) => {
      if (v === seen) return;
      seen = v;
      latest.current();
    });
  }, []);
}
