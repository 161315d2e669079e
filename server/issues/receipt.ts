// The e-receipt (issue 12, LOOP.md section 2): GET /issue/receipt?issue_id=, for the owner of the property and the
// managers of the company, once the work is completed. Numbered per company on the first request (receipts and
// receipt_counters, migration 009), with the currency, rate and VAT it was made with, so it reads the same every time.
// Amounts are integers in minor units (src/contract/money.ts) with their text in the currency's decimals. Tenants never
// get it: they never see prices.
import { Hono } from "hono";
import { issueIdQuery } from "../../src/contract/issues";
import { currencyDecimals, formatMinor, moneyOf, receiptTotals } from "../../src/contract/money";
import type { Queryable } from "../db/db";
import { type AuthUser, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, check } from "../lib/http";
import { msg } from "../lib/i18n";
import { ADDRS_JSON } from "../property/queries";
import { fileLinkSecret } from "../lib/signed-url";
import { type IssueRow, lockIssue, mediaOut } from "./queries";
import { assertMay, autoClose } from "./stages";

/** Labour when the issue's technician has no company: 10.000 OMR an hour (the column's default). */
const DEFAULT_HOURLY_RATE = 10_000;

interface Details {
  property_name: string;
  address: string;
  /** As an issue carries them, for the app to write the address in its reader's language (the country's name). */
  addres: string | null;
  addrs: Record<string, string | null>;
  unit_id: number | null;
  unit_name: string | null;
  company_id: number | null;
  tech_id: number | null;
  company_name: string | null;
  reg_no: string | null;
  hourly_rate: number | null;
  tech_name: string | null;
  completed_at: string | null;
  rating: number | null;
  rating_comment: string | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

async function detailsOf(q: Queryable, issueId: number): Promise<Details> {
  const { rows } = await q.query<Details>(
    `select p.name as property_name,
            case when p.addres <> '' then p.addres
                 else concat_ws(', ', nullif(p.block, ''), nullif(p.no, ''), nullif(p.street, ''), nullif(p.city, ''), nullif(p.state, ''),
                                nullif(p.zipcode, ''), nullif(p.country, '')) end as address,
            p.addres, ${ADDRS_JSON} as addrs,
            i.unit_id, un.name as unit_name, co.company_id, i.assigned_tech_id as tech_id, co.name as company_name, co.reg_no, co.hourly_rate, tu.name as tech_name,
            to_char(i.completed_at at time zone 'UTC', ${ISO}) as completed_at, i.rating, i.rating_comment
       from issues i
       join properties p on p.property_id = i.property_id
       left join units un on un.unit_id = i.unit_id
       left join users tu on tu.user_id = i.assigned_tech_id
       left join companies co on co.company_id = coalesce(tu.company_id, p.company_id)
      where i.issue_id = $1`,
    [issueId],
  );
  return rows[0];
}

interface ReceiptRow {
  receipt_no: number;
  issued_at: string;
  company_name: string | null;
  reg_no: string | null;
  currency: string;
  hourly_rate: number;
  vat_bp: number;
}

/**
 * The issue's receipt, issued when the work is reported done (`issueReceipt`) or, for work reported before receipts were
 * issued so, when first asked for: the next number of its issuer, the rate and the company as they are at that moment.
 */
async function receiptOf(q: Queryable, issue: Pick<IssueRow, "issue_id" | "country">, d: Details, now: number): Promise<ReceiptRow> {
  const select = () =>
    q.query<ReceiptRow>(
      `select receipt_no, to_char(issued_at at time zone 'UTC', ${ISO}) as issued_at, company_name, reg_no, currency, hourly_rate, vat_bp
         from receipts where issue_id = $1`,
      [issue.issue_id],
    );
  const found = (await select()).rows[0];
  if (found) return found;
  // The issue row is locked: one receipt per issue, and the counter row serialises the numbers of an issuer. The
  // issuer is the company, or an independent technician alone (a negative id: their own numbers, without gaps, that
  // tell nothing of other technicians' work).
  const issuer = d.company_id ?? (d.tech_id != null ? -d.tech_id : 0);
  const { rows } = await q.query<{ last_no: number }>(
    `insert into receipt_counters (issuer, last_no) values ($1, 1)
     on conflict (issuer) do update set last_no = receipt_counters.last_no + 1 returning last_no`,
    [issuer],
  );
  const money = moneyOf(issue.country);
  // Issued when the work was reported done (the receipt is only written down when first asked for).
  await q.query(
    `insert into receipts (issue_id, issuer, receipt_no, issued_at, currency, hourly_rate, vat_bp, company_name, reg_no)
     values ($1, $2, $3, coalesce((select created_at from work_reports where issue_id = $1), $4), $5, $6, $7, $8, $9)`,
    [issue.issue_id, issuer, rows[0].last_no, new Date(now), money.currency, d.hourly_rate ?? DEFAULT_HOURLY_RATE, money.vat_bp, d.company_name, d.reg_no],
  );
  return (await select()).rows[0];
}

/** Issues the receipt of work just reported done (the issue row locked): numbered in the order work is finished. */
export async function issueReceipt(q: Queryable, issue: Pick<IssueRow, "issue_id" | "country">, now: number) {
  await receiptOf(q, issue, await detailsOf(q, issue.issue_id), now);
}

/** The receipt as sent (LOOP.md section 2), or 403/404/409. */
export async function receiptFor(q: Queryable, u: AuthUser, issueId: number, now: number) {
  const issue = await lockIssue(q, u, issueId);
  if (!issue.rel.owner && !issue.rel.manager) throw new HttpError(403, msg("receiptNotYours"));
  assertMay("receipt", issue, issue.rel, now);
  const { rows: reports } = await q.query<{ notes: string; minutes: number; follow_up: boolean; occupant_damage: boolean }>(
    "select notes, minutes, follow_up, occupant_damage from work_reports where issue_id = $1",
    [issueId],
  );
  const work = reports[0];
  // Completed before work reports existed (an old or seeded row): nothing to bill.
  if (!work) throw new HttpError(409, msg("receiptNotReady"));
  const d = await detailsOf(q, issueId);
  const r = await receiptOf(q, issue, d, now);
  const decimals = currencyDecimals(r.currency);
  const { rows: parts } = await q.query<{ name: string; qty: number; unit_price: number }>(
    "select name, qty, unit_price::float8 as unit_price from work_report_parts where issue_id = $1 order by position, part_id",
    [issueId],
  );
  const { rows: costs } = await q.query<{ label: string; amount: number }>(
    "select label, amount::float8 as amount from work_report_costs where issue_id = $1 order by position, cost_id",
    [issueId],
  );
  const { rows: media } = await q.query<{ media_id: number; file_name: string; path: string; private: boolean; phase: string }>(
    `select media_id, file_name, path, storage_key is not null as private, phase from issue_media
      where issue_id = $1 and event_id is null and kind = 'image' order by position, media_id`,
    [issueId],
  );
  const sign = mediaOut(media.some((m) => m.private) ? await fileLinkSecret(q) : null, u.user_id, now);
  const photos = (phase: string) => media.filter((m) => m.phase === phase).map(({ phase: _, ...m }) => sign(m));
  const totals = receiptTotals({ parts, minutes: work.minutes, hourly_rate: r.hourly_rate, extra_costs: costs, vat_bp: r.vat_bp });
  const text = (minor: number) => formatMinor(minor, decimals);
  return {
    receipt_no: r.receipt_no,
    issued_at: r.issued_at,
    completed_at: d.completed_at,
    property: { name: d.property_name, address: d.address, addres: d.addres, addrs: d.addrs, unit_id: d.unit_id, unit: d.unit_name },
    // As it was when the receipt was issued (a company renamed since does not rewrite it).
    company: { name: r.company_name ?? d.company_name, reg_no: r.company_name != null ? r.reg_no : d.reg_no },
    technician: { name: d.tech_name },
    work,
    before_photos: photos("before"),
    after_photos: photos("after"),
    parts: parts.map((p, i) => ({ ...p, unit_price_text: text(p.unit_price), total: totals.parts[i], total_text: text(totals.parts[i]) })),
    labour: {
      minutes: work.minutes,
      hourly_rate: r.hourly_rate,
      hourly_rate_text: text(r.hourly_rate),
      amount: totals.labour,
      amount_text: text(totals.labour),
    },
    extra_costs: costs.map((c) => ({ ...c, amount_text: text(c.amount) })),
    subtotal: totals.subtotal,
    subtotal_text: text(totals.subtotal),
    vat_rate: r.vat_bp / 100,
    vat: totals.vat,
    vat_text: text(totals.vat),
    total: totals.total,
    total_text: text(totals.total),
    currency: r.currency,
    decimals,
    rating: d.rating,
    rating_comment: d.rating_comment,
    // The customer's signature on the work report (POST /issue/media?phase=signature), or null without one.
    signature: photos("signature").at(-1) ?? null,
  };
}

export function receiptRoutes() {
  const app = new Hono<Env>();
  app.get("/issue/receipt", requireAuth(), async (c) => {
    const { issue_id } = check(issueIdQuery, c.req.query());
    const now = clock.now();
    await autoClose(c.var.db, now);
    const data = await c.var.db.tx((q) => receiptFor(q, c.var.user, issue_id, now));
    return c.json({ status: 1, data });
  });
  return app;
}
