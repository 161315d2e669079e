// Pieces the read screens of the places area share (LOOP.md section 3): list rows, badges, empty and error states,
// link buttons, the issue history and the end-of-list loader. Only those screens import this file, so none of it
// reaches the first load.
import { css } from "goober";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Addrs } from "../../contract/issues";
import type { PropertySummary } from "../../contract/property-answers";
import { formatAddress } from "../../lib/address";
import { navigate } from "../../lib/hash-location";
import { goBack } from "../../lib/go-back";
import { mediaUrl } from "../../lib/media";
import type { PagedResource } from "../../lib/use-resource";
import { homeFor, paths } from "../../paths";
import { t } from "../../signals/language";
import { online } from "../../signals/connectivity";
import { role } from "../../signals/session";
import { card, cx, errorText } from "../../styles/theme";
import { ScreenTitle } from "../ScreenTitle";
import { ListEnd } from "../ListEnd";
import { Button, Spinner } from "../ui";

/** An app link for an href: the hash router reads the path after '#'. */
export const href = (path: string) => `#${path}`;

const linkButton = css`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 48px; padding: 10px 18px;
  border-radius: 10px; border: 1px solid var(--brand); font-weight: 600; text-decoration: none; text-align: center; overflow-wrap: anywhere;
  background: #fff; color: var(--brand-dark);
`;
const primaryLink = css`background: var(--brand); color: #fff;`;

/** A link that looks like a button (it goes somewhere; it does not act). */
export function LinkButton({ to, primary, className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; primary?: boolean }) {
  return <a href={href(to)} className={cx(linkButton, primary && primaryLink, className)} {...rest} />;
}

export const PlusIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);
export const HouseIcon = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
    <path d="M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" fill="currentColor" />
  </svg>
);

const badgeCss = css`
  display: inline-block; font-size: 12px; font-weight: 700; padding: 2px 10px; border-radius: 999px;
  background: var(--brand-soft); color: var(--brand-dark); white-space: nowrap;
`;
const TYPES = ["building", "villa", "townhouse", "office"];
/** The property's type as a badge; a type this app does not know reads as 'Property'. */
export function TypeBadge({ type }: { type: string }) {
  useSignals();
  return (
    <span className={badgeCss} data-testid="type-badge">
      {t(TYPES.includes(type) ? `places.type.${type}` : "places.type.other")}
    </span>
  );
}

const countCss = css`
  display: inline-flex; align-items: center; gap: 4px; font-size: 13px; font-weight: 700; padding: 2px 10px; border-radius: 999px;
  background: #fef3c7; color: #78350f; white-space: nowrap;
`;
const noneCss = css`background: #dcfce7; color: #14532d;`;
/** Open issues as a count that reads at a glance (amber when any, green when none). */
export function OpenCount({ n }: { n: number }) {
  useSignals();
  return <span className={cx(countCss, n === 0 && noneCss)}>{t("places.openIssues", { n })}</span>;
}

export const listCss = css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;`;
const rowCss = css`
  display: flex; gap: 12px; align-items: center; padding: 12px; min-height: 44px;
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); color: var(--ink); text-decoration: none;
  & .pic { width: 64px; height: 64px; border-radius: 10px; flex: none; object-fit: cover; background: var(--brand-soft); overflow: hidden;
    color: var(--brand-dark); display: flex; align-items: center; justify-content: center; }
  & .body { min-width: 0; flex: 1; display: flex; flex-direction: column; gap: 4px; }
  & .name { font-size: 16px; font-weight: 700; overflow-wrap: anywhere; }
  & .addr { color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
  & .meta { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; font-size: 13px; color: var(--muted); }
`;

/** One property in a list: picture, name, type, address, units and open issues; opens the property. */
export function PropertyRow({ property }: { property: PropertySummary }) {
  useSignals();
  const address = formatAddress(property.addres, property.addrs as Addrs | null) ?? t("places.noAddress");
  const image = property.prop_images[0];
  return (
    <a href={href(paths.property(property.name))} className={rowCss} data-testid="property-row">
      {image ? (
        <img className="pic" src={mediaUrl(image)} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className="pic">
          <HouseIcon />
        </span>
      )}
      <span className="body">
        <span className="name">
          <bdi>{property.name}</bdi>
        </span>
        <span className="addr">
          <bdi>{address}</bdi>
        </span>
        <span className="meta">
          <TypeBadge type={property.type} />
          <span>{t("places.unitsCount", { n: property.units_count })}</span>
          <OpenCount n={property.open_issues} />
        </span>
        {property.company && <span className="addr">{t("places.runBy", { name: property.company.name })}</span>}
      </span>
    </a>
  );
}

const emptyCss = css`
  display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 28px 16px; text-align: center;
  & p { margin: 0; max-width: 32ch; }
  & .icon { width: 64px; height: 64px; border-radius: 50%; background: var(--brand-soft); color: var(--brand-dark);
    display: flex; align-items: center; justify-content: center; }
`;
/** An empty state that says what to do next; `children` is the next step (a link or button). */
export function EmptyState({ text, children, testId }: { text: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={cx(card, emptyCss)} data-testid={testId ?? "empty-state"}>
      <span className="icon">
        <HouseIcon size={32} />
      </span>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** A failed load: the message and a retry button. */
export function LoadError({ retry, text = "places.loadError", testId }: { retry: () => void; text?: string; testId?: string }) {
  useSignals();
  return (
    <div className={css`display: flex; flex-direction: column; gap: 8px; align-items: flex-start;`} data-testid={testId}>
      <p role="alert" className={errorText}>
        {/* Offline, a screen that keeps its reads shows them: failing, it has none saved yet, which is not a fault. */}
        {t(online.value ? text : "offline.notSaved")}
      </p>
      <Button variant="secondary" onClick={retry}>
        {t("common.retry")}
      </Button>
    </div>
  );
}

export const centerCss = css`display: flex; justify-content: center; padding: 24px;`;
export function Loading() {
  return (
    <div className={centerCss}>
      <Spinner />
    </div>
  );
}

/** The title row of a nested screen: back to where the user came from, or to their home when opened from a link. */
export function NestedTitle({ title }: { title: string }) {
  useSignals();
  const back = () => goBack(homeFor(role.value));
  return <ScreenTitle title={title} onBack={back} />;
}

const sectionCss = cx(card, css`& > h2 { font-size: 18px; margin: 0 0 10px; }`);
/** A card section with a heading (its id labels the section). */
export function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={sectionCss} aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The end of a places list: see ListEnd. */
export function PlacesListEnd<T>({ paged }: { paged: PagedResource<T> }) {
  return <ListEnd paged={paged} loadMoreLabel={t("places.loadMore")} className={cx(centerCss, css`&:empty { padding: 0; }`)} testId="list-end" />;
}

// decodeURI, which the router applies to the path, leaves the escapes of these characters in place.
const RESERVED_ESCAPE = /%(2[346BCF]|3[ABDF]|40)/gi;
/** A name from a route parameter as the router gives it (decoded but for reserved characters), fully decoded. */
export const nameParam = (raw: string | undefined) => (raw ?? "").replace(RESERVED_ESCAPE, (e) => decodeURIComponent(e));
