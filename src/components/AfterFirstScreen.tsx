import { type ReactNode, Suspense, useEffect, useState } from "react";
import { afterFirstScreen } from "../lib/first-screen";

/**
 * Renders `children` (lazily loaded, as a rule) once the first screen is up and the browser has a moment
 * (src/lib/first-screen.ts); `fallback` until then and while their code comes.
 */
export function AfterFirstScreen({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [up, setUp] = useState(false);
  useEffect(() => afterFirstScreen(() => setUp(true)), []);
  return up ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
