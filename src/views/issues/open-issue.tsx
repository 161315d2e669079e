import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { AckSheet } from "../../components/issues/AckSheet";
import { ContactCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { AvailabilityList, IssueScreen, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import { Button } from "../../components/ui";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";

const actionBar = css`
  position: sticky; bottom: 0; padding: 12px 0 calc(12px + env(safe-area-inset-bottom));
  background: linear-gradient(to top, var(--bg) 70%, transparent);
`;

/** Issue details with availability acknowledgement (SPEC.md section 2, D4: /property/open-issues). */
export function OpenIssueView(_: ViewProps) {
  useSignals();
  const [sheet, setSheet] = useState(false);
  return (
    <IssueScreen>
      {(issue) => (
        <>
          <PropertyCard issue={issue} />
          <IssueSummary issue={issue} />
          <AvailabilityList slots={issue.available} />
          <ContactCard title={t("contact.title")} name={issue.creater_name} mobile={issue.creater_mob_no} profile={issue.creater_profile[0]?.path} />
          <LocationSection issue={issue} fallback={[0, 0]} />
          <Gallery images={issue.issue_images} videos={issue.issue_videos} />
          {issue.issue_status !== 1 && (
            <div className={actionBar}>
              <Button block onClick={() => setSheet(true)}>
                {t("issues.acknowledgeButton")}
              </Button>
            </div>
          )}
          <AckSheet issueId={issue.issue_id} tenantSlots={issue.available} open={sheet} onClose={() => setSheet(false)} />
        </>
      )}
    </IssueScreen>
  );
}
