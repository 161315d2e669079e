import type { Queryable } from "../db/db";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Without SMTP_URL: each mail goes to the server log (and, once the outbox table exists, into it). */
export function logMailer(_db: Queryable, log: (e: Record<string, unknown>) => void): Mailer {
  return {
    async send(mail) {
      log({ msg: "mail", to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
