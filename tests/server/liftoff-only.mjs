// Preloaded (NODE_OPTIONS --import) into a child process the tests start through server code that sets its own node
// arguments: PGlite's WebAssembly compiled by Liftoff alone (see setup.ts), as `node --liftoff-only` would.
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--liftoff-only");
