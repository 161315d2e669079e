import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";
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

/**
 * Without SMTP_URL: each mail goes to the server log and into the outbox table, so a demo can finish recovery (D9).
 * With `file`, each mail is also appended there as a JSON line: the embedded database admits one process at a time,
 * so scripts/outbox.ts (and browser tests) read this file while the server runs.
 */
export function logMailer(db: Queryable, log: Log, file?: string): Mailer {
  return {
    async send(mail) {
      log({ msg: "mail", to: mail.to, subject: mail.subject, text: mail.text });
      await db.query("insert into outbox (recipient, subject, body) values ($1, $2, $3)", [mail.to, mail.subject, mail.text]);
      if (file) await appendFile(file, `${JSON.stringify({ time: new Date().toISOString(), ...mail })}\n`, { mode: 0o600 });
    },
  };
}

type MailEnv = Record<string, string | undefined>;

/** Where the log mailer also writes mails: OUTBOX_FILE, else outbox.jsonl in the PGlite directory; none with DATABASE_URL. */
export function outboxFile(env: MailEnv = process.env): string | undefined {
  const explicit = env.OUTBOX_FILE?.trim();
  if (explicit) return explicit;
  return env.DATABASE_URL ? undefined : join(env.DATA_DIR ?? "./.data", "outbox.jsonl");
}

/** Real mail through nodemailer; `url` is an SMTP URL such as smtps://user:pass@smtp.example.com:465. */
export function smtpMailer(url: string, log: Log, from = DEFAULT_FROM): Mailer {
  // nodemailer loads only when mail goes through SMTP, not with every server (memory at rest, issue 16); a URL it
  // refuses still stops the start.
  const { createTransport } = createRequire(import.meta.url)("nodemailer") as typeof import("nodemailer");
  const transport = createTransport(url);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      // The text may hold a code: only the envelope is logged.
      log({ msg: "mail sent", to: mail.to, subject: mail.subject, id: info.messageId });
    },
  };
}

/** SMTP when SMTP_URL is set (sender from MAIL_FROM), else the log and outbox mailer (plus the outbox file). */
export function mailerFromEnv(db: Queryable, log: Log, env: MailEnv = process.env): Mailer {
  const url = env.SMTP_URL?.trim();
  if (!url) return logMailer(db, log, outboxFile(env));
  return smtpMailer(url, log, env.MAIL_FROM?.trim() || DEFAULT_FROM);
}

/**
 * Sends without making the caller wait, so an answer takes as long whether or not a mail went out
 * (forgot password must not reveal which emails have accounts). Failures are logged.
 */
export function deliver(mailer: Mailer, mail: Mail, log: Log): Promise<void> {
  return mailer.send(mail).catch((e) => log({ msg: "mail failed", to: mail.to, subject: mail.subject, error: String((e as Error)?.message ?? e) }));
}
