import { Suspense } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { Spinner } from "../../components/ui";
import type { ViewProps } from "../../paths";
import { role } from "../../signals/session";
import { lazyHeld } from "../../lib/lazy-held";

// Each layout is its own chunk: an owner never downloads the manager's screen, nor the other way round.
const OwnerHome = lazyHeld(() => import("./owner-home").then((m) => m.OwnerHome));
const ManagerHome = lazyHeld(() => import("./manager-home").then((m) => m.ManagerHome));

/** /home (SPEC.md section 2, LOOP.md section 3): the manager's layout for role 2, the owner's and tenant's for 0 and 3. */
export function HomeView(props: ViewProps) {
  useSignals();
  return <Suspense fallback={<Spinner />}>{role.value === 2 ? <ManagerHome {...props} /> : <OwnerHome {...props} />}</Suspense>;
}
