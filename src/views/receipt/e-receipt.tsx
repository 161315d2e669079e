// The e-receipt (issue 12, LOOP.md section 2): /property/e-receipt?issue_id=, for the owner of the property and the
// managers of its company. It shows what GET /issue/receipt sends: every amount comes as text in the currency's own
// decimals (the server computes them in minor units, src/contract/money.ts), so nothing here does arithmetic on money.
// Print uses the browser's print to PDF with the stylesheet below; Share the Web Share API, or a WhatsApp link.
import { css } from "goober";
import { type ReactNode, useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { isHttpError } from "../../api/client";
import { fetchReceipt } from "../../api/jobs";
import { mediaUrl } from "../../lib/media";
import { LinkButton, LoadError, Loading, NestedTitle } from "../../components/property/parts";
import { Button } from "../../components/ui";
import type { Receipt } from "../../contract/jobs";
import { currencyName } from "../../lib/currency";
import { timeOnSite } from "../../lib/duration";
import { formatDay } from "../../lib/dates";
import { useHashSearch } from "../../lib/hash-location";
import { useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { card, cx, muted, page, stack } from "../../styles/theme";
import { personName } from "../../lib/person";
import { formatAddress } from "../../lib/address";
import { unitText } from "../../components/repair/unit-text";
import { plainText, whatsappUrl } from "../../lib/whatsapp";

/**
 * A clean A4 page: no header, navigation, buttons or toasts; black on white; small photos; no section cut in two. A
 * style element of its own while the receipt is on screen (goober's glob would replace the theme's global styles).
 */
export const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm; }
  header, nav, [data-toasts], [data-no-print], [data-receipt] button { display: none !important; }
  html, body { background: #fff !important; }
  [data-receipt] { max-width: none !important; padding: 0 !important; margin: 0 !important; font-size: 11pt; }
  [data-receipt] * { color: #000 !important; background: #fff !important; box-shadow: none !important; }
  [data-receipt] section { border: 0 !important; border-top: 1px solid #000 !important; border-radius: 0 !important; padding: 8px 0 !important; break-inside: avoid; }
  [data-receipt] img { width: 28mm !important; height: 28mm !important; }
  [data-receipt] img[data-signature] { width: 50mm !important; height: auto !important; }
}`;

// The unit in one piece: the line breaks before it rather than inside it ("Flat" at a line's end, "7" below).
const unitCss = css`display: inline-block;`;
const headCss = css`
  display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px 16px;
  & p { margin: 0; }
  & .no { font-size: 20px; font-weight: 700; }
`;
const linesCss = css`
  width: 100%; border-collapse: collapse; font-size: 14px;
  & th, & td { padding: 6px 4px; text-align: start; vertical-align: top; border-bottom: 1px solid var(--line); }
  & th { color: var(--muted); font-weight: 600; }
  & .num { text-align: end; }
  & bdi.money { white-space: nowrap; }
  & .detail { display: block; color: var(--muted); font-size: 13px; }
  & tfoot th, & tfoot td { color: var(--ink); border-bottom: 0; }
  & tr.total th, & tr.total td { font-size: 17px; font-weight: 700; border-top: 2px solid var(--ink); }
`;
const photosCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px;
  & img { width: 88px; height: 88px; object-fit: cover; border-radius: 8px; border: 1px solid var(--line); display: block; }
`;
const shareLinkCss = css`
  display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 10px 18px; border-radius: 10px;
  border: 1px solid var(--brand); background: #fff; color: var(--brand-dark); font-weight: 600; text-decoration: none; text-align: center;
`;
const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;
const sectionCss = cx(card, css`& > h2 { font-size: 17px; margin: 0 0 8px; } & p { margin: 0 0 4px; }`);

/** An amount as sent (its `*_text`) with the currency's name in the user's language (its ISO code when unknown). */
function moneyText(text: string, currency: string) {
  return t("receipt.money", { amount: text, currency: currencyName(currency) });
}

/** An amount, kept in one piece in either reading direction. */
function Money({ text, currency }: { text: string; currency: string }) {
  useSignals();
  return <bdi className="money">{moneyText(text, currency)}</bdi>;
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={sectionCss} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Photos({ items, alt, testId }: { items: Receipt["before_photos"]; alt: (n: number) => string; testId: string }) {
  return (
    <ul className={photosCss} data-testid={testId}>
      {items.map((m, i) => (
        <li key={m.media_id ?? m.path ?? i}>
          <img src={mediaUrl(m)} alt={alt(i + 1)} width={88} height={88} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

/** The link that opens this receipt in the app (Share sends it). */
export const receiptLink = (issueId: number) => `${location.origin}${location.pathname}#${paths.receipt(issueId)}`;

/**
 * A customer's words in the quotation marks of their script: Arabic's « » (mirrored right to left), else “ ”, which
 * read backwards around right-to-left text (”شكرًا“).
 */
export const quoted = (words: string) => (/^[^\p{L}]*[\u0600-\u06ff]/u.test(words) ? `«${words}»` : `“${words}”`);

function ShareAction({ receipt, issueId }: { receipt: Receipt; issueId: number }) {
  useSignals();
  // A sign that ends in a full stop (ر.ع.) takes no second one (walked: «الإجمالي 99.575 ر.ع..»).
  const text = t("receipt.shareText", {
    no: receipt.receipt_no,
    property: receipt.property.name,
    total: moneyText(receipt.total_text, receipt.currency),
  }).replace(/\.(\p{Cf}*)\.$/u, ".$1");
  const url = receiptLink(issueId);
  const fallback = whatsappUrl(null, `${text}\n${url}`);
  if (typeof navigator.share !== "function")
    return (
      <a className={shareLinkCss} href={fallback} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
        {t("receipt.shareWhatsapp")}
      </a>
    );
  const share = () =>
    navigator.share({ title: plainText(t("receipt.shareTitle", { no: receipt.receipt_no })), text: plainText(text), url }).catch((e: unknown) => {
      // The user closed the share sheet: nothing to do. Anything else: WhatsApp instead.
      if (e instanceof Error && e.name === "AbortError") return;
      window.open(fallback, "_blank", "noopener");
    });
  return (
    <Button variant="secondary" onClick={share}>
      {t("receipt.share")}
    </Button>
  );
}

function ReceiptBody({ receipt, issueId }: { receipt: Receipt; issueId: number }) {
  useSignals();
  const day = (iso: string | null) => (iso ? formatDay(iso, lang.value) : "");
  const money = (text: string) => <Money text={text} currency={receipt.currency} />;
  const { property, company, labour, work } = receipt;
  // Written as the app writes every address (the country by its name in the reader's language); the server's line
  // (its parts joined, the country's code) when the parts say too little.
  const address = (property.addrs && formatAddress(property.addres, property.addrs)) || property.address;
  const unit = unitText({ unit_id: property.unit_id, unit_name: property.unit });
  return (
    <div className={stack}>
      <section className={sectionCss} aria-labelledby="receipt-no" data-testid="receipt-head">
        <div className={headCss}>
          <div>
            <h2 id="receipt-no" className="no">
              {t("receipt.number", { no: receipt.receipt_no })}
            </h2>
            <p className={muted}>{t("receipt.issued", { date: day(receipt.issued_at) })}</p>
            {receipt.completed_at && <p className={muted}>{t("receipt.completed", { date: day(receipt.completed_at) })}</p>}
          </div>
          <div data-testid="receipt-company">
            <p>
              <strong>
                <bdi>{company.name ?? t("receipt.independent")}</bdi>
              </strong>
            </p>
            {company.reg_no && (
              <p className={muted}>
                {t("receipt.regNo")} <bdi>{company.reg_no}</bdi>
              </p>
            )}
          </div>
        </div>
      </section>

      <Part id="receipt-where" title={t("receipt.property")}>
        <div data-testid="receipt-property">
          <p>
            <strong>
              <bdi>{property.name}</bdi>
            </strong>
            {unit && (
              <>
                {" · "}
                <span className={unitCss}>{unit}</span>
              </>
            )}
          </p>
          {address && (
            <p className={muted}>
              <bdi>{address}</bdi>
            </p>
          )}
          <p>
            {t("receipt.technician")}: <bdi>{personName(receipt.technician.name) ?? "—"}</bdi>
          </p>
        </div>
      </Part>

      <Part id="receipt-work" title={t("receipt.work")}>
        <div className={stack} data-testid="receipt-work">
          <p dir="auto" className={css`white-space: pre-line;`}>
            {work.notes}
          </p>
          {work.follow_up && <p>{t("receipt.followUp")}</p>}
          {work.occupant_damage && <p>{t("receipt.damage")}</p>}
          {receipt.before_photos.length > 0 && (
            <div>
              <h3 className={css`font-size: 15px;`}>{t("receipt.before")}</h3>
              <Photos items={receipt.before_photos} alt={(n) => t("receipt.beforePhoto", { n })} testId="receipt-before" />
            </div>
          )}
          {receipt.after_photos.length > 0 && (
            <div>
              <h3 className={css`font-size: 15px;`}>{t("receipt.after")}</h3>
              <Photos items={receipt.after_photos} alt={(n) => t("receipt.afterPhoto", { n })} testId="receipt-after" />
            </div>
          )}
        </div>
      </Part>

      <Part id="receipt-costs" title={t("receipt.costs")}>
        <table className={linesCss} data-testid="receipt-lines">
          <thead>
            <tr>
              <th scope="col">{t("receipt.item")}</th>
              <th scope="col" className="num">
                {t("receipt.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.parts.map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the receipt's order; names may repeat
              <tr key={`${part.name}-${i}`} data-testid="receipt-part">
                <td>
                  <bdi>{part.name}</bdi>
                  <span className="detail">{t("receipt.times", { qty: part.qty, price: moneyText(part.unit_price_text, receipt.currency) })}</span>
                </td>
                <td className="num">{money(part.total_text)}</td>
              </tr>
            ))}
            <tr data-testid="receipt-labour">
              <td>
                {t("receipt.labour")}
                <span className="detail">
                  {t("receipt.labourDetail", { time: timeOnSite(labour.minutes), rate: moneyText(labour.hourly_rate_text, receipt.currency) })}
                </span>
              </td>
              <td className="num">{money(labour.amount_text)}</td>
            </tr>
            {receipt.extra_costs.map((cost, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the receipt's order; labels may repeat
              <tr key={`${cost.label}-${i}`} data-testid="receipt-cost">
                <td>
                  <bdi>{cost.label}</bdi>
                </td>
                <td className="num">{money(cost.amount_text)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("receipt.subtotal")}</th>
              <td className="num">{money(receipt.subtotal_text)}</td>
            </tr>
            <tr data-testid="receipt-vat">
              <th scope="row">{t("receipt.vat", { rate: receipt.vat_rate })}</th>
              <td className="num">{money(receipt.vat_text)}</td>
            </tr>
            <tr className="total" data-testid="receipt-total">
              <th scope="row">{t("receipt.total")}</th>
              <td className="num">{money(receipt.total_text)}</td>
            </tr>
          </tfoot>
        </table>
        {receipt.parts.length === 0 && <p className={cx(muted, css`margin-top: 8px !important;`)}>{t("receipt.noParts")}</p>}
      </Part>

      <Part id="receipt-rating" title={t("receipt.rating")}>
        <div data-testid="receipt-rating">
          {receipt.rating == null ? (
            <p className={muted}>{t("receipt.notRated")}</p>
          ) : (
            <p>
              <span aria-hidden="true" className={css`color: #b45309; letter-spacing: 2px;`}>
                {"★".repeat(receipt.rating)}
                {"☆".repeat(Math.max(0, 5 - receipt.rating))}
              </span>{" "}
              {t("receipt.rated", { n: receipt.rating })}
            </p>
          )}
          {receipt.rating_comment && <p dir="auto">{quoted(receipt.rating_comment)}</p>}
        </div>
      </Part>

      {receipt.signature && (
        <Part id="receipt-signature" title={t("receipt.signature")}>
          <img
            src={mediaUrl(receipt.signature)}
            alt={t("receipt.signatureAlt")}
            data-signature=""
            className={css`max-width: 240px; width: 100%; height: auto; background: #fff; border: 1px solid var(--line); border-radius: 8px;`}
          />
        </Part>
      )}

      <div className={actionsCss} data-no-print="">
        <Button onClick={() => window.print()}>{t("receipt.print")}</Button>
        <ShareAction receipt={receipt} issueId={issueId} />
      </div>
    </div>
  );
}

/** Why the receipt cannot be shown: the server's 403 and 409 in the user's words, with the way back to the repair. */
function Refusal({ status, issueId }: { status: number; issueId: number }) {
  useSignals();
  const text = status === 403 ? "receipt.forbidden" : status === 409 ? "receipt.notReady" : "receipt.notFound";
  return (
    <div className={cx(card, stack)} data-testid="receipt-refused">
      <p role="alert" className={css`margin: 0;`}>
        {t(text)}
      </p>
      {status !== 404 && (
        <LinkButton to={paths.issueView(issueId)} data-no-print="">
          {t("receipt.openRepair")}
        </LinkButton>
      )}
    </div>
  );
}

/** /property/e-receipt?issue_id= (owner; the company's managers open it from the issue). */
export function EReceiptView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  const id = Number(new URLSearchParams(search).get("issue_id"));
  const valid = Number.isInteger(id) && id > 0;
  const receipt = useResource((signal) => fetchReceipt(id, signal), [id], { enabled: valid });
  useEffect(() => {
    const style = document.createElement("style");
    style.setAttribute("data-receipt-print", "");
    style.textContent = PRINT_CSS;
    document.head.appendChild(style);
    return () => style.remove();
  }, []);
  const error = receipt.error;
  const status = isHttpError(error) ? error.response.status : null;
  return (
    <main className={page} data-receipt="">
      <NestedTitle title={t(title)} />
      {!valid && <Refusal status={404} issueId={id} />}
      {valid && receipt.loading && <Loading />}
      {valid && status != null && [403, 404, 409].includes(status) && <Refusal status={status} issueId={id} />}
      {valid && error != null && (status == null || ![403, 404, 409].includes(status)) && <LoadError retry={receipt.retry} text="receipt.loadError" />}
      {receipt.data && <ReceiptBody receipt={receipt.data} issueId={id} />}
    </main>
  );
}
