// Starts the server (server/index.ts) on a fresh embedded database (or the DATABASE_URL given in `env`) for a measuring
// script, and waits until it answers.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Returns the base URL, the server's process id and a stop function; the server also stops when this process exits.
 * Its data directory and uploads (FILES_DIR, unless `env` names one) are in a temporary folder, removed once it exits.
 * `options.compiled`: run the compiled server (dist-server/index.mjs, `npm run build:server`) instead of tsx.
 */
export async function startTempServer(port, env = {}, options = {}) {
  // Something already answering there (another measure still running) would be measured instead of this server.
  // HTTPS (with HTTP/2) when `env` names a certificate: this process must trust it (NODE_EXTRA_CA_CERTS).
  const base = `${env.TLS_CERT ? "https" : "http"}://127.0.0.1:${port}`;
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use: stop what runs there or choose another port`);
  const entry = options.compiled ? ["dist-server/index.mjs"] : ["--import", "tsx", "server/index.ts"];
  const temp = mkdtempSync(join(tmpdir(), "fixit-measure-"));
  const server = spawn(process.execPath, entry, {
    env: { ...process.env, PORT: String(port), DATA_DIR: join(temp, "data"), FILES_DIR: join(temp, "files"), ...env },
    stdio: options.log ? ["ignore", "pipe", "pipe"] : "ignore",
    // Its own process group, so stopping it stops everything it started.
    detached: true,
  });
  if (options.log) {
    server.stdout.on("data", options.log);
    server.stderr.on("data", options.log);
  }
  let exited = null;
  // Each run left its 10 to 40 MB behind in the system's temporary folder.
  const removeTemp = () => rmSync(temp, { recursive: true, force: true });
  server.on("exit", (code) => {
    exited = code ?? 1;
    removeTemp();
  });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  /** Resolves once the server has exited (after stop()). */
  const stopped = () => (exited !== null ? Promise.resolve() : new Promise((done) => server.once("exit", () => done())));
  // This process ending first: the server is told to stop, and what it wrote goes with this process.
  process.on("exit", () => (stop(), removeTemp()));
  for (let i = 0; i < 240 && exited === null; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, pid: server.pid, stop, stopped };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`the server did not start on port ${port}${exited !== null ? ` (it exited with ${exited})` : ""}`);
}

/**
 * POST /api/user/login as a demo account (password Demo@1234) on the server at `base` ("http://127.0.0.1:8097"): its
 * answer (access_token and the user); throws when it gives no token.
 */
export async function signInDemo(base, identifier) {
  const res = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier, password: "Demo@1234" }),
  });
  const answer = await res.json().catch(() => null);
  if (!answer?.access_token) throw new Error(`${identifier} could not sign in (${res.status})`);
  return answer;
}

/**
 * Resident memory in bytes of the Node process `pid` and every Node process under it (cluster workers), from /proc
 * (Linux); tsx's esbuild helper process is not the server's and is left out.
 */
export function treeRss(pid) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  let total = 0;
  const visit = (p) => {
    try {
      if (readFileSync(`/proc/${p}/comm`, "utf8").trim() !== "node") return;
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      /* gone */
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return total;
}

/**
 * A PostgreSQL database of its own beside the one `url` names (`<prefix>_<pid>`; the role needs CREATEDB), for a script
 * that measures or checks on a clean slate: its URL, and `drop()` for the end.
 */
export async function freshDatabase(url, prefix) {
  const { default: pg } = await import("pg");
  const name = `${prefix}_${process.pid}`;
  const run = async (sql) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
