// The technician's work report on a completed job (issue 12, LOOP.md section 2), as the issue carries it: notes,
// after-photos, parts (with prices when the server sends them: never to tenants), time on site, other costs,
// follow-up, damage caused by the occupant, and the signature. Read-only; on /property/issues-view and
// /property/closed-issue.
import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Issue } from "../../contract/issues";
import { formatMinor } from "../../contract/money";
import { lang, t } from "../../signals/language";
import { cx, muted } from "../../styles/theme";
import { mediaUrl } from "../../lib/media";
import { MediaViewer, type ViewerItem } from "../issues/MediaViewer";
import { section } from "../issues/styles";
import { formatMoment } from "./visit";
import { currencyName } from "../../lib/currency";
import { timeOnSite } from "../../lib/duration";
import { personName } from "../../lib/person";

const factsCss = css`
  margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px;
  & dt { color: var(--muted); } & dd { margin: 0; font-weight: 600; }
`;
const notesCss = css`margin: 0 0 10px; white-space: pre-wrap; overflow-wrap: anywhere;`;
const tableCss = css`
  width: 100%; border-collapse: collapse; margin-top: 6px;
  & th, & td { text-align: start; padding: 6px 4px; border-bottom: 1px solid var(--line); vertical-align: top; }
  & th { font-size: 13px; color: var(--muted); font-weight: 600; }
  & .num { text-align: end; white-space: nowrap; }
  & .sub { display: block; font-size: 14px; }
`;
const h3Css = css`font-size: 16px; margin: 14px 0 4px;`;
const flagCss = css`margin: 8px 0 0; padding: 8px 12px; border-radius: 10px; background: #fef3c7; color: #78350f; font-weight: 600;`;
const photosCss = css`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  & button { display: block; width: 100%; aspect-ratio: 1; padding: 0; border: 1px solid var(--line); border-radius: 10px; overflow: hidden;
    background: #e5e7eb; cursor: pointer; }
  & img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;
const signatureCss = css`display: block; max-width: 280px; width: 100%; border: 1px solid var(--line); border-radius: 10px; background: #fff;`;

const FINISHED = ["completed", "closed"];

/** The report, or nothing when the issue has none (before completion). */
export function WorkReport({ issue }: { issue: Issue }) {
  useSignals();
  const [open, setOpen] = useState<ViewerItem | null>(null);
  const report = issue.work_report;
  if (!report) return null;
  const locale = lang.value;
  const currency = currencyName(report.currency ?? "");
  const decimals = report.decimals;
  const money = (text: string | undefined) => (text ? t("work.amount", { amount: text, currency }).trim() : "");
  const priced = report.parts.some((p) => p.unit_price_text != null);
  const lineTotal = (p: (typeof report.parts)[number]) => (p.unit_price != null && decimals != null ? money(formatMinor(p.unit_price * p.qty, decimals)) : "");
  const after = issue.after_images ?? [];
  return (
    <section className={section} aria-labelledby="work-report-title" data-testid="work-report">
      {/* A reopened repair shows the report of the visit before until it is completed again. */}
      <h2 id="work-report-title">{t(issue.stage && !FINISHED.includes(issue.stage) ? "work.report.earlierTitle" : "work.report.title")}</h2>
      <p className={notesCss} dir="auto">
        {report.notes}
      </p>
      <dl className={factsCss}>
        {report.tech_name && (
          <>
            <dt>{t("work.report.by")}</dt>
            <dd>
              <bdi>{personName(report.tech_name)}</bdi>
            </dd>
          </>
        )}
        {report.created_at && (
          <>
            <dt>{t("work.report.on")}</dt>
            <dd>{formatMoment(report.created_at, locale)}</dd>
          </>
        )}
        <dt>{t("work.report.time")}</dt>
        <dd data-testid="work-time">{timeOnSite(report.minutes)}</dd>
      </dl>

      {report.parts.length > 0 && (
        <>
          <h3 className={h3Css}>{t("work.parts.title")}</h3>
          {/* Two columns, so a 360 px phone never scrolls sideways: the part with "2 × 0.750 OMR" under it, the line's total. */}
          <table className={tableCss} data-testid="work-parts">
            <thead>
              <tr>
                <th scope="col">{t("work.report.part")}</th>
                <th scope="col" className="num">
                  {priced ? t("work.report.lineTotal") : t("work.parts.qty")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.parts.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the report's order; names may repeat
                <tr key={`${i}-${p.name}`}>
                  <td>
                    <span dir="auto">{p.name}</span>
                    {priced && (
                      <span className={cx(muted, "sub")}>
                        <bdi>{t("receipt.times", { qty: p.qty, price: money(p.unit_price_text) })}</bdi>
                      </span>
                    )}
                  </td>
                  <td className="num">{priced ? <bdi>{lineTotal(p)}</bdi> : p.qty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {report.extra_costs.length > 0 && (
        <>
          <h3 className={h3Css}>{t("work.costs.title")}</h3>
          <table className={tableCss} data-testid="work-costs">
            <tbody>
              {report.extra_costs.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the report's order; labels may repeat
                <tr key={`${i}-${c.label}`}>
                  <td dir="auto">{c.label}</td>
                  {c.amount_text != null && (
                    <td className="num">
                      <bdi>{money(c.amount_text)}</bdi>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      {report.follow_up && (
        <p className={flagCss} data-testid="work-follow-up">
          {t("work.report.followUp")}
        </p>
      )}
      {report.occupant_damage && (
        <p className={flagCss} data-testid="work-damage">
          {t("work.report.damage")}
        </p>
      )}
      {!report.follow_up && !report.occupant_damage && <p className={cx(muted, css`margin: 8px 0 0;`)}>{t("work.report.noFlags")}</p>}

      {after.length > 0 && (
        <div data-testid="work-after">
          <h3 className={h3Css}>{t("work.photos.title")}</h3>
          <ul className={photosCss}>
            {after.map((m, i) => {
              const name = t("work.photos.photo", { n: i + 1 });
              const url = mediaUrl(m);
              return (
                <li key={m.media_id ?? (m.path || url)}>
                  <button type="button" aria-label={t("gallery.open", { name })} onClick={() => setOpen({ kind: "image", url, name })}>
                    <img src={url} alt="" loading="lazy" />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {open && <MediaViewer item={open} onClose={() => setOpen(null)} />}
      {report.signature && (report.signature.url || report.signature.path) && (
        <>
          <h3 className={h3Css}>{t("work.signature.title")}</h3>
          <img className={signatureCss} src={mediaUrl(report.signature)} alt={t("work.report.signatureAlt")} data-testid="work-signature" />
        </>
      )}
    </section>
  );
}
