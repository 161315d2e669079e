// Several server processes over one PostgreSQL (D25, issue 16): with DATABASE_URL, WORKERS=N starts N processes
// (Node's cluster module) that share the port; the system hands each new connection to one of them. Nothing a request
// needs lives in one process (sessions, rate limits, idempotency keys, reminders and pushes are rows), so any of them
// may answer. The embedded database stays one process (D24): WORKERS is ignored without DATABASE_URL.
import cluster, { type Worker } from "node:cluster";

type Log = (entry: Record<string, unknown>) => void;

/** How many processes to run: WORKERS (a whole number, 1 by default), and 1 without DATABASE_URL. */
export function workerCount(env: Record<string, string | undefined>, log: Log): number {
  const raw = env.WORKERS ?? "1";
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1)) {
    log({ msg: "WORKERS must be a whole number of 1 or more; running one process", WORKERS: raw });
    return 1;
  }
  if (n > 1 && !env.DATABASE_URL) {
    log({ msg: "WORKERS needs DATABASE_URL: the embedded database is one process's (D24); running one process", WORKERS: raw });
    return 1;
  }
  return n;
}

/** This process's number (1..N) when it is one of several workers, else null; answers then say it (X-Fixit-Worker). */
export const workerId = (): string | null => (cluster.isWorker ? (process.env.FIXIT_WORKER ?? String(cluster.worker?.id ?? "")) : null);

/**
 * In the primary process, after the database was prepared (migrations, seed, keys): forks `n` workers, each running
 * server/index.ts's server. A worker that dies after it started listening is replaced; one that fails while starting
 * ends them all with its exit code (the same failure would repeat). SIGINT and SIGTERM stop the workers, then this.
 */
export function forkWorkers(n: number, log: Log) {
  let stopping = false;
  const listening = new Set<Worker>();
  const fork = (id: number) => {
    const worker = cluster.fork({ FIXIT_WORKER: String(id) });
    worker.on("listening", () => listening.add(worker));
    worker.on("exit", (code, signal) => {
      const started = listening.delete(worker);
      if (stopping) return;
      if (!started) {
        log({ msg: "a worker failed to start; stopping", worker: id, code, signal });
        void stop(code || 1);
        return;
      }
      log({ msg: "worker died; starting another", worker: id, code, signal });
      fork(id);
    });
  };
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((done) => {
            w.once("exit", () => done());
            w.process.kill("SIGTERM");
          }),
      ),
    );
    process.exit(code);
  };
  for (let i = 1; i <= n; i++) fork(i);
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
  log({ msg: "started workers", workers: n });
}
