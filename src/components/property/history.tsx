// The issue history of a property or unit: apart from ./parts.tsx because it needs the date formatting (dayjs and
// its Arabic locale), which /home does not.
import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import type { PropertyDetail } from "../../contract/property-answers";
import { formatDay } from "../../lib/dates";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { cx, muted } from "../../styles/theme";
import { StageBadge } from "../repair/StageBadge";
import { href, listCss } from "./parts";

const historyItem = css`
  display: flex; flex-direction: column; gap: 6px; align-items: flex-start; min-height: 48px; padding: 8px 12px;
  border-radius: 10px; background: var(--bg); color: var(--ink); text-decoration: none;
  & .t { font-weight: 600; overflow-wrap: anywhere; }
  /* The stage on top (a long one squeezed the title into a column); read after the title, which names the link. */
  & > [data-testid="stage-badge"] { order: -1; }
`;

/** Issue history: title, its stage, and the day it was reported (D18); each opens the issue. */
export function IssueHistory({ issues, empty }: { issues: PropertyDetail["issues"]; empty: string }) {
  useSignals();
  if (!issues.length) return <p className={cx(muted, css`margin: 0;`)}>{empty}</p>;
  return (
    <ul className={cx(listCss, css`gap: 8px;`)} data-testid="issue-history">
      {issues.map((issue) => (
        <li key={issue.issue_id}>
          <a className={historyItem} href={href(paths.issueView(issue.issue_id))}>
            <span>
              <span className="t">
                <bdi>{issue.title}</bdi>
              </span>
              <br />
              <time className={muted} dateTime={issue.created_at}>
                {formatDay(issue.created_at, lang.value)}
              </time>
            </span>
            <StageBadge stage={issue.stage} status={issue.issue_status} held={issue.held} />
          </a>
        </li>
      ))}
    </ul>
  );
}
