// A component whose code loads on first render (React's lazy) while the first screen waits for it
// (src/lib/first-screen.ts): a screen's nested view, a map, a form opened in place. Its own module, so that what only
// lazy chunks use stays out of the first load.
import { type ComponentType, lazy } from "react";
import { heldBy } from "./first-screen";

export const lazyHeld = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(() => heldBy(load()).then((c) => ({ default: c })));
