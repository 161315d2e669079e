// The VAPID key pair that signs every Web Push (D22): made by whichever process starts first and kept in the database
// (server_secrets, like the key of signed file links, D25), so every server signs alike and subscriptions made against
// one process keep working after a restart or on another.
import type { Queryable } from "../db/db";

const SECRET_NAME = "vapid_keys";

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: what the browser's pushManager.subscribe takes as applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

const read = async (q: Queryable) => {
  const { rows } = await q.query<{ value: string }>("select value from server_secrets where name = $1", [SECRET_NAME]);
  return rows[0] ? (JSON.parse(rows[0].value) as VapidKeys) : null;
};

/** The key pair, made at the first call; two processes racing make one row, read back by both. */
export async function vapidKeys(q: Queryable): Promise<VapidKeys> {
  const found = await read(q);
  if (found) return found;
  // web-push loads only to make the keys (once per installation), not with every start (memory at rest, issue 16).
  const { default: webpush } = await import("web-push");
  const made = webpush.generateVAPIDKeys();
  await q.query("insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing", [SECRET_NAME, JSON.stringify(made)]);
  return (await read(q)) as VapidKeys;
}

/** What the app subscribes with (GET /notification/settings answers it as push_public_key). */
export const vapidPublicKey = async (q: Queryable): Promise<string> => (await vapidKeys(q)).publicKey;

/**
 * Who runs the server, as push services ask (a mailto: or https: URL): VAPID_SUBJECT, else the address of MAIL_FROM,
 * else the default sender.
 */
export function vapidSubject(env: Record<string, string | undefined> = process.env): string {
  const explicit = env.VAPID_SUBJECT?.trim();
  if (explicit) return explicit;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM ?? "")?.[1] ?? env.MAIL_FROM?.trim();
  return `mailto:${address?.includes("@") ? address : "no-reply@fixit.local"}`;
}
