import { signal } from "@preact/signals-react";

export const online = signal(typeof navigator === "undefined" ? true : navigator.onLine !== false);

/** Runs `cb` at once when the phone is online, else when it is back online. */
export const whenOnline = (cb: () => void) => (navigator.onLine ? cb() : addEventListener("online", cb, { once: true }));

export function watchConnectivity() {
  const update = () => (online.value = navigator.onLine !== false);
  addEventListener("online", update);
  addEventListener("offline", update);
  return () => {
    removeEventListener("online", update);
    removeEventListener("offline", update);
  };
}
