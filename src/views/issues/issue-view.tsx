import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { ContactCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { AgreedVisit, IssueScreen, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { section } from "../../components/issues/styles";

/** Default map centre for an issue without coordinates: Muscat. */
export const MUSCAT: [number, number] = [23.588, 58.3829];

const closedNote = css`
  display: flex; gap: 10px; align-items: center; margin: 0; padding: 12px; border-radius: 10px;
  background: #dcfce7; color: #14532d; font-weight: 600;
`;

/** Read-only issue details (SPEC.md section 2, D4: /property/closed-issue and /property/issues-view). */
export function IssueReadOnlyView(_: ViewProps) {
  useSignals();
  return (
    <IssueScreen>
      {(issue) => (
        <>
          <PropertyCard issue={issue} />
          <IssueSummary issue={issue} />
          <AgreedVisit issue={issue} />
          <ContactCard title={t("contact.creatorTitle")} name={issue.creater_name} mobile={issue.creater_mob_no} profile={issue.creater_profile[0]?.path} />
          <LocationSection issue={issue} fallback={MUSCAT} />
          <Gallery images={issue.issue_images} videos={issue.issue_videos} />
          <section className={section} aria-labelledby="repair-title">
            <h2 id="repair-title">{t("issues.repairAction")}</h2>
            {issue.issue_status === 1 ? (
              <p className={closedNote} data-testid="closed-message">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="12" cy="12" r="11" fill="#15803d" />
                  <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t("issues.closedMessage")}
              </p>
            ) : (
              <p className={css`margin: 0;`}>{t("issues.repairPending")}</p>
            )}
          </section>
        </>
      )}
    </IssueScreen>
  );
}
