// A component shown only once asked for (a sheet or a dialog that renders nothing while closed): its code stays out of
// the screen's, so the first screen neither loads it nor waits for it (src/lib/first-screen.ts); it is fetched once the
// first screen is up, so that it opens at once when tapped.
import { type ComponentType, useRef } from "react";
import { afterFirstScreen } from "./first-screen";
import { lazyOf } from "./load-again";

export function lazyLater<P extends object>(load: () => Promise<ComponentType<P>>) {
  afterFirstScreen(() => void load().catch(() => undefined));
  return lazyOf(load);
}

/** Whether `open` has been true: such a component is mounted from its first opening on, closed or not. */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}
