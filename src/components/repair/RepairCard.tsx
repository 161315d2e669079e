import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import type { Issue } from "../../contract/issues";
import { openWithState } from "../../lib/open-link";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { pendingUploads } from "../../signals/pending-uploads";
import { cx } from "../../styles/theme";
import { href, listCss } from "../property/parts";
import { LaterItems } from "../Later";
import { EmergencyMark, StageBadge } from "./StageBadge";
import { nextStep, slotLine } from "./visit";
import { personName } from "../../lib/person";
import { formatDay } from "../../lib/dates";
import { unitText } from "./unit-text";

const cardCss = css`
  display: flex; flex-direction: column; gap: 6px; padding: 14px; min-height: 44px; text-decoration: none; color: var(--ink);
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius);
  & .badges { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
  & .title { font-size: 16px; font-weight: 700; overflow-wrap: anywhere; }
  & .sub { color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
  & .next { display: flex; align-items: center; gap: 6px; font-size: 14px; font-weight: 600; color: var(--ink); }
  & .act { color: #78350f; }
`;
const needsCss = css`border-color: #b45309; border-inline-start-width: 4px;`;

/**
 * One repair in a list (LOOP.md section 3): stage, emergency, title, property and unit, technician, and what comes next
 * (the user's own step first: pick a time, rate; else the agreed visit). Opens the issue with itself as navigation
 * state, so the details show at once; a modified click (new tab) follows the plain link.
 */
export function RepairCard({ issue }: { issue: Issue }) {
  useSignals();
  const unit = unitText(issue);
  const next = nextStep(issue);
  const target = paths.issueView(issue.issue_id);
  const own = next?.kind === "pick" || next?.kind === "rate";
  const sending = pendingUploads.value[issue.issue_id];
  return (
    <a href={href(target)} onClick={openWithState(target, issue)} className={cx(cardCss, own && needsCss)} data-testid="repair-card">
      <span className="badges">
        <StageBadge stage={issue.stage} status={issue.issue_status} held={issue.held_at} />
        {issue.emergency && <EmergencyMark />}
      </span>
      <span className="title">
        <bdi>{issue.title}</bdi>
      </span>
      {(issue.name || unit) && (
        <span className="sub">
          <bdi>{issue.name}</bdi>
          {issue.name && unit && " · "}
          {unit && <bdi>{unit}</bdi>}
        </span>
      )}
      {sending && (
        <span className="sub" role="status" data-testid="card-uploading">
          {t("repair.card.uploading", { sent: sending.sent, total: sending.total })}
        </span>
      )}
      {issue.tech_name && (
        <span className="sub">
          {t("repair.card.technician")} <bdi>{personName(issue.tech_name)}</bdi>
        </span>
      )}
      {next && (
        <span className={cx("next", own && "act")} data-testid="repair-next">
          {next.kind === "pick"
            ? t("repair.card.pickTime")
            : next.kind === "rate"
              ? t("repair.card.rate")
              : next.kind === "done"
                ? t("repair.card.done", { date: formatDay(next.at, lang.value) })
                : t("repair.card.visit", { slot: slotLine(next.slot, lang.value) })}
        </span>
      )}
    </a>
  );
}

/** Repairs as a list of cards (/repair, the owner's and tenant's /home). */
export function RepairCards({ issues, testId }: { issues: Issue[]; testId: string }) {
  return (
    <ul className={listCss} data-testid={testId}>
      {/* Below the fold on a phone, the rest come a frame later when the page opened here. */}
      <LaterItems items={issues} onScreen={3} item={repairItem} />
    </ul>
  );
}

const repairItem = (issue: Issue) => (
  <li key={issue.issue_id}>
    <RepairCard issue={issue} />
  </li>
);
