// What every handler can reach through `c.var`: a leaf, so routes and middleware can name it without importing the
// app that mounts them.
import type { Db } from "../db/db";
import type { Mailer } from "../mail/mailer";
import type { Storage } from "./storage";

export interface Deps {
  db: Db;
  mailer: Mailer;
  /** Structured log line (JSON on stdout by default). */
  log: (entry: Record<string, unknown>) => void;
  /** Tile host allowed in the CSP for map images. */
  tileOrigin: string;
  /** Where uploaded files live (D21): the disk under FILES_DIR, or an S3-compatible bucket. */
  storage: Storage;
}
/** The env of every handler; a signed-in `user` exists only behind `requireAuth` (AuthedEnv in lib/auth.ts). */
export type Env = { Variables: Deps };
