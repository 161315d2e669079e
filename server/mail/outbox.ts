import type { Queryable } from "../db/db";

export interface OutboxMail {
  mail_id: number;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
}

/** The newest mails of the outbox table, newest first; `to` narrows to one recipient. */
export async function latestMails(q: Queryable, { to, limit = 5 }: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const { rows } = await q.query<OutboxMail>(
    `select mail_id, recipient, subject, body, created_at from outbox
      where $1::text is null or lower(recipient) = lower($1)
      order by mail_id desc limit $2`,
    [to ?? null, limit],
  );
  return rows;
}

/** The 6-digit code of a reset mail, if the text holds one. */
export const codeIn = (text: string) => /code is:? (\d{6})\b/.exec(text)?.[1] ?? null;
