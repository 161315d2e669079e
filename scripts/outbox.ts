// Prints the newest mails of the outbox (without SMTP_URL, reset codes and invitations land there, not in a mailbox).
//   npx tsx scripts/outbox.ts [--to someone@example.com] [--limit 5] [--code]
// --code prints only the newest reset code (for the demo and scripts). With DATABASE_URL it reads the outbox table;
// with the embedded database (one process at a time) it reads the outbox file the server appends to:
// OUTBOX_FILE, else $DATA_DIR/outbox.jsonl (DATA_DIR defaults to ./.data), so it works while the server runs.
import { openPostgres } from "../server/db/db";
import { outboxFile } from "../server/mail/mailer";
import { type OutboxMail, codeIn, latestMails, latestMailsInFile } from "../server/mail/outbox";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const onlyCode = args.includes("--code");
const filter = { to: opt("to"), limit: Number(opt("limit") ?? 5) || 5 };

let mails: OutboxMail[];
let source: string;
if (process.env.DATABASE_URL) {
  const db = await openPostgres(process.env.DATABASE_URL);
  try {
    mails = await latestMails(db, filter);
  } finally {
    await db.close();
  }
  source = "the outbox table";
} else {
  source = outboxFile() as string;
  mails = latestMailsInFile(source, filter);
}

if (onlyCode) {
  const code = mails.map((m) => codeIn(`${m.subject}\n${m.body}`)).find(Boolean);
  if (code) console.log(code);
  else {
    console.error(`No reset code${filter.to ? ` for ${filter.to}` : ""} in ${source}.`);
    process.exitCode = 1;
  }
} else if (!mails.length) console.log(`No mails${filter.to ? ` for ${filter.to}` : ""} in ${source}.`);
else
  for (const m of mails) {
    console.log(`#${m.mail_id}  ${new Date(m.created_at).toISOString()}  to ${m.recipient}`);
    console.log(`Subject: ${m.subject}\n\n${m.body}\n${"-".repeat(60)}`);
  }
