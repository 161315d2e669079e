import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { STAGES, type Stage } from "../../contract/repairs";
import { t } from "../../signals/language";
import { cx } from "../../styles/theme";

/**
 * Text and background of each stage's badge: each pair has a contrast ratio of at least 4.5:1 (WCAG AA for its
 * small bold text; tests/views/repair-list.test.tsx checks it). Amber asks the user to act, green is done, grey and
 * red are final.
 */
export const STAGE_COLOURS: Record<Stage, { fg: string; bg: string }> = {
  reported: { fg: "#075985", bg: "#e0f2fe" },
  assigned: { fg: "#5b21b6", bg: "#ede9fe" },
  accepted: { fg: "#3730a3", bg: "#e0e7ff" },
  proposed: { fg: "#78350f", bg: "#fef3c7" },
  scheduled: { fg: "#115e59", bg: "#ccfbf1" },
  in_progress: { fg: "#1e40af", bg: "#dbeafe" },
  completed: { fg: "#14532d", bg: "#dcfce7" },
  closed: { fg: "#374151", bg: "#e5e7eb" },
  cancelled: { fg: "#991b1b", bg: "#fee2e2" },
};

export const isStage = (s: unknown): s is Stage => typeof s === "string" && (STAGES as readonly string[]).includes(s);

const badge = css`
  display: inline-flex; align-items: center; gap: 6px; font-size: 13px; font-weight: 700; line-height: 1.3;
  padding: 3px 10px; border-radius: 999px; white-space: nowrap;
  &::before { content: ""; width: 7px; height: 7px; border-radius: 50%; background: currentColor; flex: none; }
`;

/**
 * The stage of a repair as a coloured badge in the user's language; work in progress that is `held` (its held_at)
 * reads "On hold", in amber. A stage this app does not know (a newer server) reads as SPEC.md's open or closed.
 */
export function StageBadge({ stage, status = 0, held, className }: { stage?: string | null; status?: number; held?: unknown; className?: string }) {
  useSignals();
  const known = isStage(stage) ? stage : null;
  const onHold = known === "in_progress" && !!held;
  const colours = onHold ? STAGE_COLOURS.proposed : known ? STAGE_COLOURS[known] : status === 1 ? STAGE_COLOURS.closed : STAGE_COLOURS.reported;
  const label = onHold ? t("job.onHold") : known ? t(`repair.stage.${known}`) : t(status === 1 ? "repair.stage.closed" : "repair.stage.open");
  return (
    <span className={cx(badge, className)} style={{ color: colours.fg, background: colours.bg }} data-testid="stage-badge" data-stage={known ?? ""}>
      {label}
    </span>
  );
}

const emergencyCss = css`
  display: inline-flex; align-items: center; gap: 4px; font-size: 13px; font-weight: 700; line-height: 1.3;
  padding: 3px 10px; border-radius: 999px; white-space: nowrap; color: #991b1b; background: #fee2e2;
`;

/** The emergency mark: a red badge with a warning sign and the word (never colour alone). */
export function EmergencyMark() {
  useSignals();
  return (
    <span className={emergencyCss} data-testid="emergency">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <path fillRule="evenodd" d="M12 2L1 21h22L12 2zm-1 7h2v6h-2V9zm0 8h2v2h-2v-2z" fill="currentColor" />
      </svg>
      {t("repair.emergency")}
    </span>
  );
}
