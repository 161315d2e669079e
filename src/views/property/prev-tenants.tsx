import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchPrevTenants } from "../../api/property";
import { EmptyState, PlacesListEnd, LoadError, NestedTitle, listCss } from "../../components/property/parts";
import { formatDay } from "../../lib/dates";
import { useHashSearch } from "../../lib/hash-location";
import { usePagedList } from "../../lib/use-resource";
import type { ViewProps } from "../../paths";
import { lang, t } from "../../signals/language";
import { role } from "../../signals/session";
import { card, cx, muted, page, stack } from "../../styles/theme";
import { personName } from "../../lib/person";

type PrevTenant = Awaited<ReturnType<typeof fetchPrevTenants>>["data"][number];
const byId = (p: PrevTenant) => p.tenancy_id;

const rowCss = css`
  display: flex; flex-direction: column; gap: 4px;
  & .name { font-weight: 700; font-size: 16px; margin: 0; overflow-wrap: anywhere; }
  & p { margin: 0; overflow-wrap: anywhere; }
`;

/** /property/prev-tenant (LOOP.md section 3): ended tenancies, of one property (?property_id=) or all the caller may see. */
export function PrevTenantsView({ title }: ViewProps) {
  useSignals();
  const id = Number(new URLSearchParams(useHashSearch()).get("property_id"));
  const propertyId = Number.isInteger(id) && id > 0 ? id : undefined;
  const tenancies = usePagedList((n, signal) => fetchPrevTenants(n, propertyId, signal), byId, [propertyId]);
  const { items, done } = tenancies.list;
  const locale = lang.value;
  const day = (d: string | null) => (d ? formatDay(d, locale) : "–");
  // A tenant's own earlier homes (Home's "Your earlier homes" link), named as that link names them.
  const mine = role.value === 3 && !propertyId;
  const heading = mine ? t("places.earlierHomes") : t(title);
  return (
    <main className={page}>
      <NestedTitle title={heading} />
      <div className={stack}>
        {items.length > 0 && (
          <ul className={listCss} aria-label={heading}>
            {items.map((p) => (
              <li key={p.tenancy_id} className={cx(card, rowCss)} data-testid="prev-tenant">
                <p className="name">
                  <bdi>{personName(p.tenant_name)}</bdi>
                </p>
                <p>{t("places.unitOf", { unit: p.unit_name, property: p.property_name })}</p>
                <p className={muted}>
                  <bdi>{day(p.start_date)}</bdi> – <bdi>{day(p.end_date)}</bdi>
                </p>
                <p className={muted}>{t("places.issuesCount", { n: p.issues_count })}</p>
              </li>
            ))}
          </ul>
        )}
        {done && tenancies.error == null && items.length === 0 && <EmptyState text={t(mine ? "places.noEarlierHomes" : "places.noPrevTenants")} />}
        {tenancies.error != null && <LoadError retry={tenancies.retry} />}
        <PlacesListEnd paged={tenancies} />
      </div>
    </main>
  );
}
