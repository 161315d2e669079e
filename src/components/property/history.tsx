// The issue history of a property or unit: apart from ./parts.tsx because it needs the date formatting (dayjs and
// its Arabic locale), which /home does not.
import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import type { PropertyDetail } from "../../contract/property-answers";
import { formatDay } from "../../lib/dates";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { cx, muted } from "../../styles/theme";
import { href, listCss } from "./parts";

const historyItem = css`
  display: flex; gap: 10px; align-items: center; justify-content: space-between; min-height: 48px; padding: 8px 12px;
  border-radius: 10px; background: var(--bg); color: var(--ink); text-decoration: none;
  & .t { font-weight: 600; overflow-wrap: anywhere; }
`;
const pill = css`flex: none; font-size: 12px; font-weight: 700; padding: 3px 10px; border-radius: 999px;`;
const openPill = css`background: #fef3c7; color: #78350f;`;
const closedPill = css`background: #dcfce7; color: #14532d;`;

/** Issue history: title, open or closed, and the day it was reported (D18); each opens the issue. */
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
            <span className={cx(pill, issue.issue_status === 1 ? closedPill : openPill)}>
              {issue.issue_status === 1 ? t("places.closed") : t("places.open")}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
