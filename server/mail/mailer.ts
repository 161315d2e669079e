import { createTransport } from "nodemailer";
import type { Queryable } from "../db/db";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
type Log = (e: Record<string, unknown>) => void;

export const DEFAULT_FROM = "Fixit Gulf <no-reply@fixit.local>";

/** Without SMTP_URL: each mail goes to the server log and into the outbox table, so a demo can finish recovery (D9). */
export function logMailer(db: Queryable, log: Log): Mailer {
  return {
    async send(mail) {
      log({ msg: "mail", to: mail.to, subject: mail.subject, text: mail.text });
      await db.query("insert into outbox (recipient, subject, body) values ($1, $2, $3)", [mail.to, mail.subject, mail.text]);
    },
  };
}

/** Real mail through nodemailer; `url` is an SMTP URL such as smtps://user:pass@smtp.example.com:465. */
export function smtpMailer(url: string, log: Log, from = DEFAULT_FROM): Mailer {
  const transport = createTransport(url);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      // The text may hold a code: only the envelope is logged.
      log({ msg: "mail sent", to: mail.to, subject: mail.subject, id: info.messageId });
    },
  };
}

/** SMTP when SMTP_URL is set (sender from MAIL_FROM), else the log and outbox mailer. */
export function mailerFromEnv(db: Queryable, log: Log, env: Record<string, string | undefined> = process.env): Mailer {
  const url = env.SMTP_URL?.trim();
  if (!url) return logMailer(db, log);
  return smtpMailer(url, log, env.MAIL_FROM?.trim() || DEFAULT_FROM);
}

/**
 * Sends without making the caller wait, so an answer takes as long whether or not a mail went out
 * (forgot password must not reveal which emails have accounts). Failures are logged.
 */
export function deliver(mailer: Mailer, mail: Mail, log: Log): Promise<void> {
  return mailer.send(mail).catch((e) => log({ msg: "mail failed", to: mail.to, subject: mail.subject, error: String((e as Error)?.message ?? e) }));
}
