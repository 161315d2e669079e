import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { AckSheet } from "../../components/issues/AckSheet";
import { ContactCard } from "../../components/issues/ContactCard";
import { Gallery } from "../../components/issues/Gallery";
import { AgreedVisit, AvailabilityList, IssueScreen, IssueSummary, LocationSection } from "../../components/issues/IssueParts";
import { PropertyCard } from "../../components/issues/PropertyCard";
import { Button } from "../../components/ui";
import type { ViewProps } from "../../paths";
import { type Issue, type Slot, isAcknowledged } from "../../contract/issues";
import { t } from "../../signals/language";

type Acknowledgement = Pick<Issue, "tech_available" | "acknowledged_at">;

/** What a successful acknowledgement changes, also written into history state so a reload or back shows it too. */
function acknowledged(issue: Issue, slots: Slot[]): Acknowledgement {
  const patch = { tech_available: slots, acknowledged_at: new Date().toISOString() };
  const state = history.state as { issue_id?: unknown } | null;
  if (state && state.issue_id === issue.issue_id) history.replaceState({ ...state, ...patch }, "");
  return patch;
}

const actionBar = css`
  position: sticky; bottom: 0; padding: 12px 0 calc(12px + env(safe-area-inset-bottom));
  background: linear-gradient(to top, var(--bg) 70%, transparent);
`;

/** Issue details with availability acknowledgement (SPEC.md section 2, D4: /property/open-issues). */
export function OpenIssueView(_: ViewProps) {
  useSignals();
  const [sheet, setSheet] = useState(false);
  // The acknowledgement just made, shown at once without reloading the issue (keyed by issue: a new one starts clean).
  const [done, setDone] = useState<{ id: number; ack: Acknowledgement } | null>(null);
  return (
    <IssueScreen>
      {(loaded) => {
        const issue = done?.id === loaded.issue_id ? { ...loaded, ...done.ack } : loaded;
        const open = issue.issue_status !== 1 && !isAcknowledged(issue);
        return (
          <>
            <PropertyCard issue={issue} />
            <IssueSummary issue={issue} />
            <AgreedVisit issue={issue} />
            <AvailabilityList slots={issue.available} />
            <ContactCard title={t("contact.title")} name={issue.creater_name} mobile={issue.creater_mob_no} profile={issue.creater_profile[0]?.path} />
            <LocationSection issue={issue} fallback={[0, 0]} />
            <Gallery images={issue.issue_images} videos={issue.issue_videos} />
            {open && (
              <div className={actionBar}>
                <Button block onClick={() => setSheet(true)}>
                  {t("issues.acknowledgeButton")}
                </Button>
              </div>
            )}
            <AckSheet
              issueId={issue.issue_id}
              tenantSlots={issue.available}
              open={sheet && open}
              onClose={() => setSheet(false)}
              onDone={(slots) => setDone({ id: issue.issue_id, ack: acknowledged(issue, slots) })}
            />
          </>
        );
      }}
    </IssueScreen>
  );
}
