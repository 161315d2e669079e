// Prints the newest mails of the outbox (no SMTP_URL: reset codes and invitations land there).
//   npx tsx scripts/outbox.ts [--to someone@example.com] [--limit 5] [--code]
// Reads DATABASE_URL, else the PGlite directory DATA_DIR (default ./.data). PGlite allows one process at a time:
// with the embedded database, stop the server first, or read the code from the server log ({"msg":"mail",...}).
import { openDb } from "../server/db/db";
import { codeIn, latestMails } from "../server/mail/outbox";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const to = opt("to");
const limit = Number(opt("limit") ?? 5) || 5;
const onlyCode = args.includes("--code");

const db = await openDb();
try {
  const mails = await latestMails(db, { to, limit: onlyCode ? 1 : limit });
  if (onlyCode) {
    const code = mails[0] ? codeIn(mails[0].body) : null;
    if (!code) {
      console.error(to ? `No code mailed to ${to}.` : "No code in the outbox.");
      process.exitCode = 1;
    } else console.log(code);
  } else if (!mails.length) console.log("The outbox is empty.");
  else
    for (const m of mails) {
      console.log(`#${m.mail_id}  ${new Date(m.created_at).toISOString()}  to ${m.recipient}`);
      console.log(`Subject: ${m.subject}\n\n${m.body}\n${"-".repeat(60)}`);
    }
} finally {
  await db.close();
}
