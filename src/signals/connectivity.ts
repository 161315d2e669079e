import { signal } from "@preact/signals-react";

export const online = signal(typeof navigator === "undefined" ? true : navigator.onLine !== false);

export function watchConnectivity() {
  const update = () => (online.value = navigator.onLine !== false);
  addEventListener("online", update);
  addEventListener("offline", update);
  return () => {
    removeEventListener("online", update);
    removeEventListener("offline", update);
  };
}
