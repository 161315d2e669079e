// A component whose code loads on first render (React's lazy) while the first screen waits for it
// (src/lib/first-screen.ts): a screen's nested view, a map, a form opened in place. Its own module, so that what only
// lazy chunks use stays out of the first load.
import type { ComponentType } from "react";
import { heldBy } from "./first-screen";
import { lazyOf } from "./load-again";

export const lazyHeld = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyOf(() => heldBy(load()));
