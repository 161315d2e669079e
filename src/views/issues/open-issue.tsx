import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { AckSheet } from "../../components/issues/AckSheet";
import { ContactCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { AvailabilityList, IssueError, IssueHeader, IssueLoading, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import { useIssue } from "../../components/issues/use-issue";
import { Button } from "../../components/ui";
import type { ViewProps } from "../../routes";
import { t } from "../../signals/language";
import { page, stack } from "../../styles/theme";

const actionBar = css`
  position: sticky; bottom: 0; padding: 12px 0 calc(12px + env(safe-area-inset-bottom));
  background: linear-gradient(to top, var(--bg) 70%, transparent);
`;

/** Issue details with availability acknowledgement (SPEC.md section 2, D4: /property/open-issues). */
export function OpenIssueView(_: ViewProps) {
  useSignals();
  const state = useIssue();
  const [sheet, setSheet] = useState(false);
  return (
    <main className={page}>
      <IssueHeader />
      {state.kind === "loading" && <IssueLoading />}
      {state.kind === "error" && <IssueError />}
      {state.kind === "ready" && (
        <div className={stack}>
          <PropertyCard issue={state.issue} />
          <IssueSummary issue={state.issue} />
          <AvailabilityList slots={state.issue.available} />
          <ContactCard title={t("contact.title")} name={state.issue.creater_name} mobile={state.issue.creater_mob_no} profile={state.issue.creater_profile[0]?.path} />
          <LocationSection issue={state.issue} fallback={[0, 0]} />
          <Gallery images={state.issue.issue_images} videos={state.issue.issue_videos} />
          {state.issue.issue_status !== 1 && (
            <div className={actionBar}>
              <Button block onClick={() => setSheet(true)}>
                {t("issues.acknowledgeButton")}
              </Button>
            </div>
          )}
          <AckSheet issueId={state.issue.issue_id} tenantSlots={state.issue.available} open={sheet} onClose={() => setSheet(false)} />
        </div>
      )}
    </main>
  );
}
