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
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
