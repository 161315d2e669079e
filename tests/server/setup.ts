// Each server test file (vitest.config.ts setupFiles). The files of a worker share one module graph (isolate false),
// so whatever a file leaves of process-wide state is given back before the next: the accounts clock, fake timers,
// environment variables.
import { afterAll, beforeAll, vi } from "vitest";
import { clock } from "../../server/lib/clock";

let env: NodeJS.ProcessEnv;
beforeAll(() => {
  env = { ...process.env };
});
afterAll(() => {
  clock.set();
  vi.useRealTimers();
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
});
