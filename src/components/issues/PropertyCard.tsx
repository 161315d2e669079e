import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Issue } from "../../contract/issues";
import { formatAddress } from "../../lib/address";
import { mediaUrl } from "../../lib/media";
import { paths } from "../../paths";
import { t } from "../../signals/language";
import { card } from "../../styles/theme";
import { unitText } from "../repair/unit-text";

const box = css`
  display: flex; gap: 12px; align-items: center;
  & img, & .ph { width: 88px; height: 72px; border-radius: 10px; object-fit: cover; flex: none; background: var(--brand-soft); overflow: hidden; }
  & .ph { display: flex; align-items: center; justify-content: center; color: var(--brand-dark); }
  & h2 { font-size: 17px; margin: 4px 0 2px; }
  & p { margin: 0; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
`;
const badge = css`
  display: inline-block; font-size: 12px; font-weight: 700; padding: 2px 10px; border-radius: 999px;
  background: var(--brand-soft); color: var(--brand-dark);
`;

const unitLinkCss = css`display: inline-flex; align-items: center; min-height: 44px; font-size: 14px; font-weight: 600; color: var(--brand-dark);`;
const notesCss = css`margin: 6px 0 0; font-size: 14px; white-space: pre-line; overflow-wrap: anywhere;`;

// Types of property whose issue is not about an apartment: the badge names the type (a villa's issue said "Apartment").
const NAMED_TYPES = ["villa", "townhouse", "office"];

/**
 * The badge: SPEC.md's 'Apartment' when issue_type is 1 (a unit of a building), otherwise the property's type when the
 * server names it (Villa, Townhouse, Office), else 'Property'.
 */
export function propertyBadge(issue: Pick<Issue, "issue_type" | "property_type">): string {
  const type = issue.property_type ?? "";
  if (NAMED_TYPES.includes(type)) return t(`places.type.${type}`);
  return issue.issue_type === 1 ? t("issues.apartment") : t("issues.property");
}

/**
 * Property card: first property image or a placeholder, the badge, name and address (SPEC.md section 2). `unitLink`:
 * a link to the unit's apartment view (LOOP.md: a technician sees it for the units of their open jobs, to arrive
 * prepared; the job screen had no way there).
 */
export function PropertyCard({ issue, unitLink = false }: { issue: Issue; unitLink?: boolean }) {
  useSignals();
  // A picture that cannot load (offline, a link that expired) shows the placeholder, not a broken image and its alt text.
  const [failed, setFailed] = useState<string | null>(null);
  const first = issue.prop_images[0];
  const image = first && mediaUrl(first) !== failed ? first : undefined;
  const address = formatAddress(issue.addres, issue.addrs);
  const unit = unitText(issue);
  return (
    <section className={`${card} ${box}`} aria-label={issue.name}>
      {image ? (
        <img
          src={mediaUrl(image)}
          alt={t("issues.propertyImage", { name: issue.name })}
          width={88}
          height={72}
          onError={(e) => setFailed(e.currentTarget.getAttribute("src"))}
        />
      ) : (
        <div className="ph" role="img" aria-label={t("issues.noPropertyImage")}>
          <svg width="36" height="36" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" fill="currentColor" />
          </svg>
        </div>
      )}
      <div>
        <span className={badge} data-testid="property-badge">
          {propertyBadge(issue)}
        </span>
        {/* Isolated, not dir="auto": a Latin name or address in an Arabic card stays on the card's right edge, with its
            badge and unit, and still reads left to right. */}
        <h2>
          <bdi>{issue.name}</bdi>
        </h2>
        {/* Which door in the building: the address is the building's. */}
        {unit && (
          <p data-testid="property-unit">
            <bdi>{unit}</bdi>
          </p>
        )}
        <p data-testid="property-address">
          <bdi>{address ?? t("issues.addressUnavailable")}</bdi>
        </p>
        {issue.access_notes && (
          <p className={notesCss} data-testid="access-notes">
            <strong>{t("places.accessNotes")}: </strong>
            <span dir="auto">{issue.access_notes}</span>
          </p>
        )}
        {unitLink && issue.unit_id != null && (
          <a className={unitLinkCss} href={`#${paths.apartment(issue.name, issue.unit_id)}`}>
            {t("issues.unitDetails")}
          </a>
        )}
      </div>
    </section>
  );
}
