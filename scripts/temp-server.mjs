// Starts the server (server/index.ts) on a fresh embedded database for a measuring script, and waits until it answers.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Returns the base URL and a stop function; the server also stops when this process exits. */
export async function startTempServer(port, env = {}) {
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: join(mkdtempSync(join(tmpdir(), "fixit-measure-")), "data"), ...env },
    stdio: "ignore",
    // Its own process group, so stopping it stops everything it started.
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the server did not start on port ${port}`);
}
