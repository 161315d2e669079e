import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperty } from "../../api/property";
import { ContactCard } from "../../components/issues/ContactCard";
import { LinkButton, Loading, LoadError, NestedTitle, OpenCount, Section, TypeBadge, href, nameParam } from "../../components/property/parts";
import { IssueHistory } from "../../components/property/history";
import { SavedAt } from "../../components/SavedAt";
import type { Addrs } from "../../contract/issues";
import type { PropertyDetail, Unit } from "../../contract/property-answers";
import { addressLines } from "../../lib/address";
import { formatDay } from "../../lib/dates";
import { useHashSearch } from "../../lib/hash-location";
import { useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { role, user } from "../../signals/session";
import { card, cx, muted, page, stack } from "../../styles/theme";
import { phoneText } from "../../lib/phone";

const headCss = css`
  display: flex; flex-direction: column; gap: 6px;
  & p { margin: 0; overflow-wrap: anywhere; }
  & a { align-self: flex-start; display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; overflow-wrap: anywhere; min-width: 0; }
`;
const datesCss = css`
  display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0;
  & dt { color: var(--muted); } & dd { margin: 0; }
`;

/** The tenant of the unit: name, tenancy dates, and call and WhatsApp when the server sent a number to call. */
function TenantSection({ unit }: { unit: Unit }) {
  useSignals();
  const tenant = unit.tenant;
  if (!tenant) {
    // For a tenant, a unit without a tenant is one they are not told about; for everyone else it is vacant.
    return (
      <Section id="tenant-title" title={t("places.tenant")} testId="tenant">
        <p className={cx(muted, css`margin: 0;`)}>{role.value === 3 ? t("places.tenantHidden") : t("places.vacantUnit")}</p>
      </Section>
    );
  }
  const self = tenant.user_id != null && tenant.user_id === user.value?.user_id;
  const mobile = phoneText(tenant.cntry_code, tenant.mob_no) || null;
  const locale = lang.value;
  const dates = (
    <dl className={datesCss} data-testid="tenancy-dates">
      <dt>{t("places.from")}</dt>
      <dd>{tenant.start_date ? formatDay(tenant.start_date, locale) : "–"}</dd>
      <dt>{t("places.until")}</dt>
      <dd>{tenant.end_date ? formatDay(tenant.end_date, locale) : t("places.ongoing")}</dd>
    </dl>
  );
  // Nobody needs to call themselves; anyone else's number is here only because the server chose to send it.
  if (mobile && !self)
    return (
      <div className={stack} data-testid="tenant">
        <ContactCard title={t("places.tenant")} name={tenant.name} mobile={mobile} />
        <div className={card}>{dates}</div>
      </div>
    );
  return (
    <Section id="tenant-title" title={self ? t("places.yourTenancy") : t("places.tenant")} testId="tenant">
      <p className={css`margin: 0 0 8px; font-weight: 700;`}>
        <bdi>{tenant.name}</bdi>
      </p>
      {dates}
    </Section>
  );
}

function UnitBody({ property, unit }: { property: PropertyDetail; unit: Unit }) {
  useSignals();
  const address = addressLines(property.addres, property.addrs as Addrs | null);
  const issues = property.issues.filter((i) => i.unit_id === unit.unit_id);
  const can = (a: string) => property.actions.includes(a);
  return (
    <div className={stack}>
      <div className={cx(card, headCss)}>
        <div className={css`display: flex; flex-wrap: wrap; gap: 6px;`}>
          <TypeBadge type={property.type} />
          <OpenCount n={unit.open_issues} />
        </div>
        <a href={href(paths.property(property.name))}>
          <bdi>{property.name}</bdi>
        </a>
        <p className={muted}>
          <bdi>{address.join(" · ") || t("places.noAddress")}</bdi>
        </p>
      </div>
      {(can("report") || (can("add_tenant") && !unit.tenant) || (can("end_tenancy") && unit.tenant)) && (
        <div className={css`display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 8px;`}>
          {can("report") && (
            <LinkButton to={paths.addIssue(property.property_id, unit.unit_id)} primary>
              {t("places.reportIssue")}
            </LinkButton>
          )}
          {can("add_tenant") && !unit.tenant && <LinkButton to={paths.assignRole(property.property_id, unit.unit_id)}>{t("places.addTenant")}</LinkButton>}
          {/* Ending the tenancy (or a new invitation) is on the tenants screen, found from here too. */}
          {can("end_tenancy") && unit.tenant && <LinkButton to={paths.assignRole(property.property_id, unit.unit_id)}>{t("places.manageTenants")}</LinkButton>}
        </div>
      )}
      <TenantSection unit={unit} />
      {property.access_notes.trim() && (
        <Section id="access-title" title={t("places.accessNotes")}>
          <p dir="auto" className={css`margin: 0; white-space: pre-line;`}>
            {property.access_notes}
          </p>
        </Section>
      )}
      <Section id="history-title" title={t("places.issueHistory")}>
        <IssueHistory issues={issues} empty={t("places.noUnitIssues")} />
      </Section>
    </div>
  );
}

/** /property/apartment-view/{propertyName}?unit_id=N (LOOP.md section 3): one unit, its tenant and its issue history. */
export function ApartmentView({ title, params }: ViewProps) {
  useSignals();
  const name = nameParam(params?.propertyName);
  const unitId = Number(new URLSearchParams(useHashSearch()).get("unit_id"));
  const property = useResource((signal) => fetchProperty({ name }, signal), [name], { keep: `property:${name}` });
  const unit = property.data?.units.find((u) => u.unit_id === unitId);
  return (
    <main className={page}>
      <NestedTitle title={unit ? t("places.unitTitle", { name: unit.name }) : t(title)} />
      <SavedAt at={property.savedAt} className={css`margin-bottom: 12px;`} />
      {property.loading && <Loading />}
      {property.error != null && <LoadError retry={property.retry} />}
      {property.data && unit && <UnitBody property={property.data} unit={unit} />}
      {property.data && !unit && (
        <div className={cx(card, stack)} role="alert">
          <p className={css`margin: 0;`}>{t("places.unitNotFound")}</p>
          <LinkButton to={paths.property(property.data.name)}>{property.data.name}</LinkButton>
        </div>
      )}
    </main>
  );
}
