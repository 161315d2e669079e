import { css } from "goober";
import { useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperties, fetchProperty } from "../../api/property";
import { ScreenTitle } from "../../components/ScreenTitle";
import { EmptyState, LinkButton, PlacesListEnd, LoadError, PlusIcon, PropertyRow, href, listCss } from "../../components/property/parts";
import type { PropertySummary } from "../../contract/property-answers";
import { usePagedList, useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { role, user } from "../../signals/session";
import { page, stack } from "../../styles/theme";

const byId = (p: PropertySummary) => p.property_id;

const reportCss = css`
  display: flex; align-items: center; gap: 14px; min-height: 72px; padding: 16px 18px; border-radius: var(--radius);
  background: var(--brand); color: #fff; text-decoration: none; font-size: 19px; font-weight: 700;
  box-shadow: 0 2px 8px rgba(15, 118, 110, 0.25);
  & .icon { width: 44px; height: 44px; flex: none; border-radius: 50%; background: rgba(255, 255, 255, 0.2);
    display: flex; align-items: center; justify-content: center; }
  & small { display: block; font-size: 14px; font-weight: 500; opacity: 0.92; }
`;
const headCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;
  & h2 { font-size: 18px; margin: 0; }
`;
const unitsCss = css`display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px;`;

/** The first thing on the screen (LOOP.md section 3): one big way to report a problem. */
function ReportButton() {
  useSignals();
  return (
    <a href={href(paths.addIssue())} className={reportCss} data-testid="report-problem">
      <span className="icon">
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.4-.6-.6-2.4z" fill="currentColor" />
        </svg>
      </span>
      <span>
        {t("places.reportProblem")}
        <small>{t("places.reportHint")}</small>
      </span>
    </a>
  );
}

/** A tenancy whose end date has passed (dates are YYYY-MM-DD, so they compare as text). */
const ended = (end: string | null) => !!end && end.slice(0, 10) < new Date().toISOString().slice(0, 10);

/**
 * A tenant's home: the property, and the units in it that are theirs. The server names the tenant of a unit only to
 * those who may see them, so for a tenant the units that carry a tenant are their own (LOOP.md section 1); an ended one is an earlier home.
 */
function TenantHome({ property }: { property: PropertySummary }) {
  useSignals();
  const detail = useResource((signal) => fetchProperty({ property_id: property.property_id }, signal), [property.property_id]);
  const me = user.value?.user_id;
  const mine = detail.data?.units.filter((u) => u.tenant && !ended(u.tenant.end_date) && (u.tenant.user_id == null || u.tenant.user_id === me)) ?? [];
  return (
    <div>
      <PropertyRow property={property} />
      {mine.length > 0 && (
        <div className={unitsCss}>
          {mine.map((u) => (
            <LinkButton key={u.unit_id} to={paths.apartment(property.name, u.unit_id)}>
              {t("places.yourUnit", { name: u.name })}
            </LinkButton>
          ))}
        </div>
      )}
    </div>
  );
}

/** /home for owners (their properties with open counts) and tenants (their homes), with "Report a problem" first. */
export function OwnerHome({ title }: ViewProps) {
  useSignals();
  // The property screens open from here: fetch their small door now, so opening one waits for one chunk, not two.
  useEffect(() => void import("../property/screens"), []);
  const tenant = role.value === 3;
  const places = usePagedList((n, signal) => fetchProperties(n, "", signal), byId, []);
  const items = places.list.items;
  const empty = places.list.done && places.error == null && items.length === 0;
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <ReportButton />
        <section className={stack} aria-labelledby="places-title">
          <div className={headCss}>
            <h2 id="places-title">{tenant ? t("places.yourHomes") : t("places.yourProperties")}</h2>
            {!tenant && !empty && (
              <LinkButton to={paths.addProperty}>
                <PlusIcon />
                {t("places.addProperty")}
              </LinkButton>
            )}
          </div>
          {items.length > 0 && (
            <ul className={listCss}>
              {items.map((p) => (
                <li key={p.property_id}>{tenant ? <TenantHome property={p} /> : <PropertyRow property={p} />}</li>
              ))}
            </ul>
          )}
          {empty &&
            (tenant ? (
              <EmptyState text={t("places.tenantEmpty")} />
            ) : (
              <EmptyState text={t("places.ownerEmpty")}>
                <LinkButton to={paths.addProperty} primary>
                  <PlusIcon />
                  {t("places.addFirstProperty")}
                </LinkButton>
              </EmptyState>
            ))}
          {places.error != null && <LoadError retry={places.retry} />}
          <PlacesListEnd paged={places} />
          {tenant && (
            <a href={href(paths.prevTenant())} className={css`align-self: flex-start; display: inline-flex; align-items: center; min-height: 44px;`}>
              {t("places.earlierHomes")}
            </a>
          )}
        </section>
      </div>
    </main>
  );
}
