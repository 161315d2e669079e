import { statfsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { setFlagsFromString } from "node:v8";
import { defineConfig } from "vitest/config";

// A young generation of 64 MB per semi-space rather than V8's 16: rendering and querying pages makes short-lived garbage
// by the gigabyte, and each scavenge of a small young generation copies what a test still holds. About a fifth of the
// suite's CPU, measured (issue 16). The app project's workers are threads of this process, whose V8 flags they share;
// the server project's are processes, which take it as an argument.
const YOUNG = "--max-semi-space-size=64";
setFlagsFromString(YOUNG);
// PROF_DIR=dir: each server test worker writes a CPU profile there (the app project's threads: node --cpu-prof).
const PROF = process.env.PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROF_DIR}`] : [];

/**
 * Where the server tests make their directories (os.tmpdir() reads TMPDIR): TMPDIR when set, else memory (/dev/shm)
 * when it has room. The data directory tests copy a 41 MB, 1,180-file image of PGlite's directory and start servers on
 * it; on this machine's disk each copy took half a second of system CPU, and seconds of waiting when the suite is busy
 * (issue 16). A container's /dev/shm is often 64 MB: then the disk, as before.
 */
function tempDir() {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize > 1 << 30) return "/dev/shm";
  } catch {
    // No /dev/shm (another system).
  }
  return tmpdir();
}

export default defineConfig({
  test: {
    // Each module as transformed, kept on disk (node_modules/.experimental-vitest-cache, keyed by its content and the
    // config) from one run to the next: a run after the first transforms only what changed, about 3.5 s of the main
    // process's CPU (issue 16). A fresh clone (CI) transforms everything once, as before; `npx vitest --clearCache`
    // empties it.
    experimental: { fsModuleCache: true },
    // At least two workers even on a two-core machine (vitest's default would leave one core idle): most files wait on
    // PGlite or timers, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism()),
    // A file's afterEach (sign out, back to the real API) runs after tests/setup.ts's (unmount), not before: with
    // vitest's default order a screen still mounted reacted to the sign-out and asked the real network.
    sequence: { hooks: "list" },
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          environment: "happy-dom",
          // A worker runs its files one after another in one happy-dom page and one module graph: React,
          // testing-library and happy-dom load once per worker, not once per file (vmThreads, a VM context per file,
          // loaded them all again for each: about a third of the project's CPU). tests/setup.ts still gives each file
          // a page of its own: it runs the app's own modules afresh before each file and puts back what a file changed.
          pool: "threads",
          isolate: false,
          include: ["tests/unit/**/*.test.ts?(x)", "tests/views/**/*.test.ts?(x)"],
          setupFiles: ["tests/setup.ts"],
          // Tells tests/setup.ts so (the Preact run, tests/preact, shares its setup but not its pages).
          provide: { sharedPage: true },
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
          execArgv: [YOUNG, ...PROF],
          env: { TMPDIR: tempDir() },
          globalSetup: ["tests/server/global-setup.ts"],
          setupFiles: ["tests/server/setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
