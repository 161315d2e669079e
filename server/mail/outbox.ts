import { existsSync, readFileSync } from "node:fs";
import type { Queryable } from "../db/db";

export interface OutboxMail {
  mail_id: number;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
}
interface Filter {
  to?: string;
  limit?: number;
}

/** The newest mails of the outbox table, newest first; `to` narrows to one recipient. */
export async function latestMails(q: Queryable, { to, limit = 5 }: Filter = {}): Promise<OutboxMail[]> {
  const { rows } = await q.query<OutboxMail>(
    `select mail_id, recipient, subject, body, created_at from outbox
      where $1::text is null or lower(recipient) = lower($1)
      order by mail_id desc limit $2`,
    [to ?? null, limit],
  );
  return rows;
}

/** The same from the outbox file the log mailer appends to (readable while the server holds the embedded database). */
export function latestMailsInFile(path: string, { to, limit = 5 }: Filter = {}): OutboxMail[] {
  if (!existsSync(path)) return [];
  const mails: OutboxMail[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const m = JSON.parse(line) as { to: string; subject: string; text: string; time: string };
        mails.push({ mail_id: i + 1, recipient: m.to, subject: m.subject, body: m.text, created_at: new Date(m.time) });
      } catch {
        /* a line cut short by a crash */
      }
    });
  return mails
    .filter((m) => !to || m.recipient.toLowerCase() === to.toLowerCase())
    .reverse()
    .slice(0, limit);
}

/** The 6-digit code of a reset mail, if the text holds one. */
export const codeIn = (text: string) => /code is:? (\d{6})\b/.exec(text)?.[1] ?? null;
