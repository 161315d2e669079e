// wouter imports the use-sync-external-store shim for React < 18; React 19 and preact/compat have the hook built in.
export { useSyncExternalStore } from "react";
