// The embedded database's data directory (D24): checked before PGlite touches it, so an unusable directory fails
// with a sentence instead of a stack trace, and locked, so a second server on the same directory cannot corrupt it.
import { accessSync, closeSync, constants, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/** A problem with the data directory, worded for the person starting the server. */
export class DataDirError extends Error {
  constructor(
    message: string,
    public dir: string,
  ) {
    super(message);
    this.name = "DataDirError";
  }
}

export const LOCK_FILE = "fixit-server.lock";

const reason = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "ENOSPC") return "the disk is full";
  return (e as Error)?.message ?? String(e);
};

/** Makes sure `dir` is a directory this process can write (creating it if missing); returns its absolute path. */
export function prepareDataDir(dir: string): string {
  const abs = resolve(dir);
  let stat: ReturnType<typeof statSync> | undefined;
  try {
    stat = statSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOTDIR")
      throw new DataDirError(`Cannot use the data directory ${abs}: a part of that path is a file, not a directory. Set DATA_DIR to a directory.`, abs);
    if (code !== "ENOENT") throw new DataDirError(`Cannot use the data directory ${abs}: ${reason(e)}.`, abs);
  }
  if (stat && !stat.isDirectory())
    throw new DataDirError(`Cannot use the data directory ${abs}: it is a file, not a directory. Set DATA_DIR to a directory.`, abs);
  if (!stat) {
    try {
      mkdirSync(abs, { recursive: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === "ENOTDIR" || code === "EEXIST" ? "a part of that path is a file, not a directory" : reason(e);
      throw new DataDirError(`Cannot create the data directory ${abs}: ${why}. Set DATA_DIR to a directory this server may write.`, abs);
    }
  }
  try {
    accessSync(abs, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (e) {
    throw new DataDirError(`Cannot use the data directory ${abs}: it is not writable (${reason(e)}). Set DATA_DIR to a directory this server may write.`, abs);
  }
  return abs;
}

interface LockInfo {
  pid: number;
  host: string;
  since: string;
}

/** Directories this process holds, so the same process opening one twice is refused too. */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Whether the lock's owner is gone: only knowable for a process on this machine. */
function stale(info: LockInfo | null, abs: string): boolean {
  if (!info || !Number.isInteger(info.pid)) return true; // cut short by a crash while it was written
  if (info.host !== hostname()) return false;
  // Our own pid in a lock we do not hold is an earlier run whose pid we inherited (common in containers).
  if (info.pid === process.pid) return !held.has(abs);
  return !alive(info.pid);
}

const readLock = (file: string): { text: string; info: LockInfo | null } | null => {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  try {
    return { text, info: JSON.parse(text) as LockInfo };
  } catch {
    return { text, info: null };
  }
};

/**
 * Takes the data directory's lock: a file created exclusively (O_EXCL) holding this process's pid. A lock whose
 * process is dead is taken over. Returns the release function (also run when the process exits).
 */
export function lockDataDir(dir: string): () => void {
  const abs = resolve(dir);
  const file = join(abs, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() } satisfies LockInfo);
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST")
        throw new DataDirError(
          `Cannot use the data directory ${abs}: its lock file cannot be created (${reason(e)}). Set DATA_DIR to a directory this server may write.`,
          abs,
        );
      const current = readLock(file);
      if (current && !stale(current.info, abs)) {
        const who =
          current.info?.pid === process.pid
            ? "this process"
            : `process ${current.info?.pid}${current.info?.host !== hostname() ? ` on ${current.info?.host}` : ""}`;
        throw new DataDirError(
          `Another server (${who}) is already using the data directory ${abs}. Only one server may run on a data directory: stop the other one, or set DATA_DIR to another directory. (If no server is running, delete ${file}.)`,
          abs,
        );
      }
      if (attempt >= 3) throw new DataDirError(`Cannot take the lock of the data directory ${abs}: another process keeps changing ${file}.`, abs);
      // Remove the stale lock only if it is still the one we judged stale, then try again.
      if (current && readLock(file)?.text === current.text) {
        try {
          unlinkSync(file);
        } catch {
          /* someone else removed it first */
        }
      }
      continue;
    }
    try {
      writeSync(fd, mine);
    } finally {
      closeSync(fd);
    }
    break;
  }
  held.add(abs);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(abs);
    process.off("exit", release);
    // Only our own lock: never delete one another process took over.
    if (readLock(file)?.text === mine) {
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  };
  process.on("exit", release);
  return release;
}
