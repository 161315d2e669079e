import { useEffect } from "react";
import { afterFirstScreen } from "../../lib/first-screen";

/**
 * The homes open the property screens: their small door (views/property/screens.ts) is fetched once the first screen
 * is up, so opening one then waits for one chunk, not two.
 */
export function usePropertyScreensSoon() {
  useEffect(() => afterFirstScreen(() => void import("../property/screens").catch(() => undefined)), []);
}
