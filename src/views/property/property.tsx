import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperty } from "../../api/property";
import { IssueMap } from "../../components/issues/IssueMap";
import { MediaViewer, type ViewerItem } from "../../components/issues/MediaViewer";
import { LinkButton, Loading, LoadError, NestedTitle, OpenCount, Section, TypeBadge, href, nameParam } from "../../components/property/parts";
import { IssueHistory } from "../../components/property/history";
import { SavedAt } from "../../components/SavedAt";
import type { PropertyDetail } from "../../contract/property-answers";
import type { Addrs } from "../../contract/issues";
import { addressLines } from "../../lib/address";
import { mediaKind, mediaUrl } from "../../lib/media";
import { useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { role } from "../../signals/session";
import { card, cx, muted, page, stack } from "../../styles/theme";

const photosCss = css`
  display: grid; gap: 8px; margin: 0; padding: 0; list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(120px, calc((100% - 8px) / 2)), 1fr));
  & button { display: block; width: 100%; aspect-ratio: 4 / 3; padding: 0; border: 1px solid var(--line); border-radius: 10px;
    overflow: hidden; background: #e5e7eb; cursor: pointer; }
  & img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;
const unitsCss = css`
  display: grid; gap: 8px; margin: 0; padding: 0; list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(140px, calc((100% - 8px) / 2)), 1fr));
  & a { display: flex; flex-direction: column; gap: 4px; align-items: flex-start; min-height: 88px; padding: 10px 12px;
    border: 1px solid var(--line); border-radius: 10px; background: var(--bg); color: var(--ink); text-decoration: none; }
  & .u { font-weight: 700; font-size: 16px; overflow-wrap: anywhere; }
  & .who { font-size: 14px; color: var(--muted); overflow-wrap: anywhere; }
`;
const actionsCss = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 8px;`;
const docsCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;
  & a { display: flex; align-items: center; gap: 10px; min-height: 48px; padding: 8px 12px; border-radius: 10px;
    background: var(--bg); color: var(--ink); text-decoration: none; overflow-wrap: anywhere; }
`;
const headCss = css`
  display: flex; flex-direction: column; gap: 6px;
  & p { margin: 0; overflow-wrap: anywhere; }
`;

type Photo = { path: string; url?: string; name?: string | null; file_id?: number };

/** A property's pictures: the seeded ones (`prop_images` with a path alone) and then the uploaded photos. */
const picturesOf = (property: PropertyDetail): Photo[] => [...property.prop_images.filter((p) => !("url" in p && p.url)), ...property.photos];

function Photos({ photos }: { photos: Photo[] }) {
  useSignals();
  const [open, setOpen] = useState<ViewerItem | null>(null);
  const images = photos.filter((p) => mediaKind(p.name || p.path) !== "video");
  return (
    <>
      <ul className={photosCss} data-testid="property-photos">
        {images.map((p, i) => {
          const name = t("places.photo", { n: i + 1 });
          return (
            <li key={p.file_id ?? p.path}>
              <button type="button" aria-label={t("gallery.open", { name })} onClick={() => setOpen({ kind: "image", url: mediaUrl(p), name })}>
                <img src={mediaUrl(p)} alt="" loading={i < 2 ? "eager" : "lazy"} />
              </button>
            </li>
          );
        })}
      </ul>
      {open && <MediaViewer item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The units as a grid: name, tenant (or Vacant), open issues; each opens the apartment view. */
function Units({ property }: { property: PropertyDetail }) {
  useSignals();
  // A tenant is told only about their own tenancies: no tenant on another unit means "not yours", not "vacant".
  const tenantViewer = role.value === 3;
  return (
    <ul className={unitsCss} data-testid="units">
      {property.units.map((u) => (
        <li key={u.unit_id}>
          <a href={href(paths.apartment(property.name, u.unit_id))} data-testid="unit">
            <span className="u">
              <bdi>{u.name}</bdi>
            </span>
            {(u.tenant || !tenantViewer) && (
              <span className="who">
                <bdi>{u.tenant ? u.tenant.name : t("places.vacant")}</bdi>
              </span>
            )}
            <OpenCount n={u.open_issues} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The buttons of `actions`, and only those: the server decides what the caller may do. */
function Actions({ property }: { property: PropertyDetail }) {
  useSignals();
  const can = (a: string) => property.actions.includes(a);
  const id = property.property_id;
  const links: Array<[string, string, string]> = [];
  if (can("report")) links.push(["report", paths.addIssue(id), t("places.reportIssue")]);
  if (can("add_tenant")) links.push(["add_tenant", paths.assignRole(id), t("places.addTenant")]);
  // The hand-over form sits on the tenants screen; an owner whose property a company runs adds no tenants, and found
  // no way to it (nor to take the property to another company).
  else if (can("hand_over")) links.push(["hand_over", paths.assignRole(id), t(can("take_back") ? "places.whoRuns" : "places.handOver")]);
  if (can("edit")) links.push(["edit", paths.editProperty(id), t("places.edit")]);
  if (can("prev_tenants")) links.push(["prev_tenants", paths.prevTenant(id), t("places.prevTenants")]);
  if (!links.length) return null;
  return (
    <div className={actionsCss} data-testid="property-actions">
      {links.map(([key, to, label], i) => (
        <LinkButton key={key} to={to} primary={i === 0} data-action={key}>
          {label}
        </LinkButton>
      ))}
    </div>
  );
}

function PropertyBody({ property }: { property: PropertyDetail }) {
  useSignals();
  const address = addressLines(property.addres, property.addrs as Addrs | null);
  const { lat, lng } = property.location ?? {};
  const pictures = picturesOf(property);
  return (
    <div className={stack}>
      {pictures.length > 0 && <Photos photos={pictures} />}
      <div className={cx(card, headCss)}>
        <div className={css`display: flex; flex-wrap: wrap; gap: 6px;`}>
          <TypeBadge type={property.type} />
          <OpenCount n={property.open_issues} />
        </div>
        <p data-testid="property-address">
          <bdi>{address[0] ?? t("places.noAddress")}</bdi>
        </p>
        {address[1] && (
          <p className={muted} data-testid="property-address-parts">
            <bdi>{address[1]}</bdi>
          </p>
        )}
        {property.company && <p className={muted}>{t("places.runBy", { name: property.company.name })}</p>}
      </div>
      <Actions property={property} />
      {lat != null && lng != null && <IssueMap lat={lat} lng={lng} label={t("places.mapLabel", { name: property.name })} />}
      <Section id="units-title" title={t("places.unitsCount", { n: property.units.length })}>
        {property.units.length ? <Units property={property} /> : <p className={muted}>{t("places.noUnits")}</p>}
      </Section>
      {property.access_notes.trim() && (
        <Section id="access-title" title={t("places.accessNotes")}>
          <p dir="auto" className={css`margin: 0; white-space: pre-line;`}>
            {property.access_notes}
          </p>
        </Section>
      )}
      <Section id="docs-title" title={t("places.documents")}>
        {property.documents.length ? (
          <ul className={docsCss} data-testid="documents">
            {property.documents.map((d, i) => (
              <li key={d.file_id}>
                <a href={mediaUrl(d)} target="_blank" rel="noopener noreferrer">
                  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 2h8l6 6v14H6zm7 1.5V9h5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  </svg>
                  <bdi>{d.name || t("places.document", { n: i + 1 })}</bdi>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className={cx(muted, css`margin: 0;`)}>{t("places.noDocuments")}</p>
        )}
      </Section>
      <Section id="history-title" title={t("places.issueHistory")}>
        <IssueHistory issues={property.issues} empty={t("places.noIssues")} />
      </Section>
    </div>
  );
}

/** /property/{propertyName} (LOOP.md section 3, D19): the property loaded by its name within what the caller may see. */
export function PropertyDetailView({ title, params }: ViewProps) {
  useSignals();
  const name = nameParam(params?.propertyName);
  // A property the caller may not see answers 404, and the API client then opens /404 itself.
  const property = useResource((signal) => fetchProperty({ name }, signal), [name], { keep: `property:${name}` });
  return (
    <main className={page}>
      <NestedTitle title={property.data?.name || name || t(title)} />
      <SavedAt at={property.savedAt} className={css`margin-bottom: 12px;`} />
      {property.loading && <Loading />}
      {property.error != null && <LoadError retry={property.retry} />}
      {property.data && <PropertyBody property={property.data} />}
    </main>
  );
}
