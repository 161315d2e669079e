import { css } from "goober";
import { useEffect } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperties } from "../../api/property";
import { ScreenTitle } from "../../components/ScreenTitle";
import { EmptyState, LinkButton, LoadError, Section, href } from "../../components/property/parts";
import { useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { card, cx, page, stack } from "../../styles/theme";

const tiles = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 10px;`;
const tile = css`
  display: flex; flex-direction: column; gap: 4px; min-height: 96px; color: var(--ink); text-decoration: none;
  & .n { font-size: 30px; font-weight: 800; color: var(--brand-dark); line-height: 1.1; }
  & .l { font-weight: 600; }
  & .go { margin-top: auto; color: var(--brand-dark); font-size: 14px; }
`;

/**
 * /home for managers (LOOP.md section 3): what the company runs, its staff, and the unassigned list. The counts of
 * issues and the list itself come with the issues of the next milestone; until then the list says so plainly.
 */
export function ManagerHome({ title }: ViewProps) {
  useSignals();
  // The property screens open from here: fetch their small door now, so opening one waits for one chunk, not two.
  useEffect(() => void import("../property/screens"), []);
  // One row is enough: the answer's total is the company's count of properties.
  const props = useResource((signal) => fetchProperties(1, "", signal), []);
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <div className={tiles}>
          <a href={href(paths.properties)} className={cx(card, tile)} data-testid="properties-tile">
            <span className="n">{props.data ? props.data.total : "…"}</span>
            <span className="l">{t("places.companyProperties")}</span>
            <span className="go">{t("places.seeAll")}</span>
          </a>
          <a href={href(paths.resources)} className={cx(card, tile)}>
            <span className="l">{t("titles.resources")}</span>
            <span className="go">{t("places.seeStaff")}</span>
          </a>
        </div>
        {props.error != null && <LoadError retry={props.retry} />}
        {props.data?.total === 0 && (
          <EmptyState text={t("places.companyEmpty")} testId="company-empty">
            <LinkButton to={paths.addProperty} primary>
              {t("places.addProperty")}
            </LinkButton>
          </EmptyState>
        )}
        <Section id="unassigned-title" title={t("places.unassigned")}>
          <p className={css`margin: 0;`}>{t("places.unassignedEmpty")}</p>
        </Section>
      </div>
    </main>
  );
}
