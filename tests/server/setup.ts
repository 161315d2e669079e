// Each server test file (vitest.config.ts setupFiles). The files of a worker share one module graph (isolate false),
// so whatever a file leaves of process-wide state is given back before the next: the accounts clock, fake timers,
// environment variables, the cost of password hashes.
import { setFlagsFromString } from "node:v8";
import { afterAll, beforeAll, vi } from "vitest";
import { clock } from "../../server/lib/clock";
import { lowestHashCostInTests } from "../../server/lib/passwords";

// PGlite is a large WebAssembly module that each worker compiles: V8's optimising tier (TurboFan) spends more CPU
// recompiling its hot functions than the few seconds of queries a worker runs win back. Liftoff alone, set before
// the worker's database opens (the first file's testDb); later calls change nothing.
setFlagsFromString("--liftoff-only");

// The hashes the server makes (registrations, resets, codes) at argon2's lowest cost: D9's costs ~20 ms of CPU each,
// and the tests make hundreds. The tests of D9's settings turn its cost back on (auth.test.ts).
lowestHashCostInTests(true);

let env: NodeJS.ProcessEnv;
beforeAll(() => {
  env = { ...process.env };
});
afterAll(() => {
  clock.set();
  vi.useRealTimers();
  lowestHashCostInTests(true);
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
});
