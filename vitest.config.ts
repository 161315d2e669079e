import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // At least two workers even on a two-core machine (vitest's default would leave one core idle): most files wait on
    // PGlite or timers, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "happy-dom",
          // Each file in its own VM context on a reused thread: a new happy-dom window per file costs a few ms instead
          // of the ~0.5 s of a new process (forks) or thread, and node_modules load once per thread.
          pool: "vmThreads",
          include: ["tests/unit/**/*.test.ts?(x)", "tests/views/**/*.test.ts?(x)"],
          setupFiles: ["tests/setup.ts"],
          // Above the 5 s the async queries may wait (tests/setup.ts), so a slow machine fails on a real wait, not on the clock.
          testTimeout: 15000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          // A worker runs its files one after another in one module graph, so they share its database (helpers.ts):
          // one PGlite per worker instead of one per file. A file that changes process-wide state gives it back.
          isolate: false,
          globalSetup: ["tests/server/global-setup.ts"],
          setupFiles: ["tests/server/setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
