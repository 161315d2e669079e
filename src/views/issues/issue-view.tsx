import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { ContactCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { IssueError, IssueHeader, IssueLoading, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import { useIssue } from "../../components/issues/use-issue";
import type { ViewProps } from "../../routes";
import { t } from "../../signals/language";
import { section } from "../../components/issues/styles";
import { page, stack } from "../../styles/theme";

/** Default map centre for an issue without coordinates: Muscat. */
export const MUSCAT: [number, number] = [23.588, 58.3829];

const closedNote = css`
  display: flex; gap: 10px; align-items: center; margin: 0; padding: 12px; border-radius: 10px;
  background: #dcfce7; color: #14532d; font-weight: 600;
`;

/** Read-only issue details (SPEC.md section 2, D4: /property/closed-issue and /property/issues-view). */
export function IssueReadOnlyView(_: ViewProps) {
  useSignals();
  const state = useIssue();
  return (
    <main className={page}>
      <IssueHeader />
      {state.kind === "loading" && <IssueLoading />}
      {state.kind === "error" && <IssueError />}
      {state.kind === "ready" && (
        <div className={stack}>
          <PropertyCard issue={state.issue} />
          <IssueSummary issue={state.issue} />
          <ContactCard title={t("contact.creatorTitle")} name={state.issue.creater_name} mobile={state.issue.creater_mob_no} profile={state.issue.creater_profile[0]?.path} />
          <LocationSection issue={state.issue} fallback={MUSCAT} />
          <Gallery images={state.issue.issue_images} videos={state.issue.issue_videos} />
          <section className={section} aria-labelledby="repair-title">
            <h2 id="repair-title">{t("issues.repairAction")}</h2>
            {state.issue.issue_status === 1 ? (
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
        </div>
      )}
    </main>
  );
}
