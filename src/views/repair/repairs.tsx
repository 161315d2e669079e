import { css } from "goober";
import { type KeyboardEvent, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type RepairsStatus, fetchRepairs } from "../../api/repairs";
import { ListEnd } from "../../components/ListEnd";
import { ScreenTitle } from "../../components/ScreenTitle";
import { EmptyState, LinkButton, LoadError, PlusIcon, centerCss, listCss } from "../../components/property/parts";
import { RepairCard } from "../../components/repair/RepairCard";
import type { Issue } from "../../contract/issues";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { usePagedList } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { t } from "../../signals/language";
import { cx, page, stack } from "../../styles/theme";

const TABS: RepairsStatus[] = ["open", "closed"];

const tablist = css`
  display: grid; grid-template-columns: 1fr 1fr; gap: 4px; padding: 4px; border-radius: 12px; background: #e6ebef;
  & [role="tab"] {
    min-height: 44px; border: 0; border-radius: 9px; background: transparent; font-weight: 600; cursor: pointer; color: var(--muted);
  }
  & [role="tab"][aria-selected="true"] { background: #fff; color: var(--brand-dark); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
`;

const byIssueId = (issue: Issue) => issue.issue_id;

/**
 * /repair (LOOP.md section 3; roles 0, 2, 3): the repairs the caller may see (a manager's company's) in Open and
 * Closed tabs. The tab lives in the query (a link or back keeps it); a switch aborts the other tab's page on its way.
 */
export function RepairsView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  const tab: RepairsStatus = new URLSearchParams(search).get("tab") === "closed" ? "closed" : "open";
  const repairs = usePagedList((n, signal) => fetchRepairs(tab, n, signal), byIssueId, [tab]);
  const items = repairs.list.items;
  const failed = repairs.error != null;
  const empty = repairs.list.done && !failed && items.length === 0;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (next: RepairsStatus) => navigate(paths.repairTab(next), { replace: true });
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const i = TABS.indexOf(tab);
    // Two tabs: either arrow moves to the other one, whatever the reading direction.
    const next = e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : (i + 1) % TABS.length;
    select(TABS[next]);
    tabRefs.current[next]?.focus();
  };

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <div role="tablist" aria-label={t("repair.list.tabsLabel")} className={tablist} onKeyDown={onKey}>
          {TABS.map((s, i) => (
            <button
              key={s}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`repair-tab-${s}`}
              aria-selected={tab === s}
              aria-controls="repair-panel"
              tabIndex={tab === s ? 0 : -1}
              onClick={() => select(s)}
            >
              {t(s === "open" ? "repair.list.open" : "repair.list.closed")}
            </button>
          ))}
        </div>
        <section id="repair-panel" role="tabpanel" aria-labelledby={`repair-tab-${tab}`} aria-busy={repairs.loading} className={stack}>
          {items.length > 0 && (
            <ul className={listCss} data-testid="repair-list">
              {items.map((issue) => (
                <li key={issue.issue_id}>
                  <RepairCard issue={issue} />
                </li>
              ))}
            </ul>
          )}
          {empty &&
            (tab === "open" ? (
              <EmptyState text={t("repair.list.emptyOpen")} testId="repair-empty">
                <LinkButton to={paths.addIssue()} primary>
                  <PlusIcon />
                  {t("repair.reportProblem")}
                </LinkButton>
              </EmptyState>
            ) : (
              <EmptyState text={t("repair.list.emptyClosed")} testId="repair-empty" />
            ))}
          {failed && <LoadError retry={repairs.retry} text="repair.list.loadError" />}
          <ListEnd paged={repairs} loadMoreLabel={t("repair.list.loadMore")} className={cx(centerCss, css`&:empty { padding: 0; }`)} testId="list-end" />
        </section>
      </div>
    </main>
  );
}
