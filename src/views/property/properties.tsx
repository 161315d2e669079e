import { css } from "goober";
import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperties } from "../../api/property";
import { SavedAt } from "../../components/SavedAt";
import { EmptyState, LinkButton, NestedTitle, PlacesListEnd, LoadError, PlusIcon, PropertyRow, listCss } from "../../components/property/parts";
import type { PropertySummary } from "../../contract/property-answers";
import { usePagedList } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { page, stack } from "../../styles/theme";

/** How long typing must pause before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;
const byId = (p: PropertySummary) => p.property_id;

const headCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap;
  & h2 { font-size: 18px; margin: 0; }
`;
const searchCss = css`
  display: flex; flex-direction: column; gap: 6px;
  & label { font-weight: 600; font-size: 14px; }
  & input { min-height: 48px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; background: #fff; width: 100%; }
`;

/**
 * /properties (role 2): the company's properties with open issue counts, a search by name, loaded a page at a time.
 * A tile of the manager's Home opens it, not the bottom bar: hence the back arrow.
 */
export function PropertiesView({ title }: ViewProps) {
  useSignals();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // A new search aborts the page on its way, so an answer for an older query never fills the list.
  // The whole list is kept on the phone (D23); a search's answer is not.
  const places = usePagedList((n, signal) => fetchProperties(n, q, signal), byId, [q], { keep: q ? undefined : "properties" });
  const { items, total, done } = places.list;
  const empty = done && places.error == null && items.length === 0;
  return (
    <main className={page}>
      <NestedTitle title={t(title)} />
      <div className={stack}>
        <form
          className={searchCss}
          onSubmit={(e) => {
            e.preventDefault();
            setQ(typed.trim());
          }}
        >
          <label htmlFor="property-search">{t("places.search")}</label>
          <input
            id="property-search"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            value={typed}
            placeholder={t("places.searchHint")}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </form>
        <div className={headCss}>
          <h2 aria-live="polite">{t("places.propertiesCount", { n: total ?? items.length })}</h2>
          <LinkButton to={paths.addProperty}>
            <PlusIcon />
            {t("places.addProperty")}
          </LinkButton>
        </div>
        <SavedAt at={places.savedAt} />
        {items.length > 0 && (
          <ul className={listCss} aria-label={t(title)}>
            {items.map((p) => (
              <li key={p.property_id}>
                <PropertyRow property={p} />
              </li>
            ))}
          </ul>
        )}
        {empty && (q ? <EmptyState text={t("places.noMatch", { q })} /> : <EmptyState text={t("places.companyEmpty")} />)}
        {places.error != null && <LoadError retry={places.retry} />}
        <PlacesListEnd paged={places} />
      </div>
    </main>
  );
}
