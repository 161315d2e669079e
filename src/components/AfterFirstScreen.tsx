import { type ReactNode, Suspense, useEffect, useState } from "react";
import { afterFirstScreen } from "../lib/first-screen";

/** Whether the first screen is up and the browser has had a moment since (src/lib/first-screen.ts). */
export function useAfterFirstScreen(): boolean {
  const [up, setUp] = useState(false);
  useEffect(() => afterFirstScreen(() => setUp(true)), []);
  return up;
}

/**
 * Renders `children` (lazily loaded, as a rule) once the first screen is up and the browser has a moment; `fallback`
 * until then and while their code comes.
 */
export function AfterFirstScreen({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useAfterFirstScreen() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
