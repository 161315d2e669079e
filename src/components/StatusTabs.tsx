import { css } from "goober";
import { type KeyboardEvent, useRef } from "react";
import { cx } from "../styles/theme";

const tablistCss = css`
  display: grid; grid-template-columns: 1fr 1fr; gap: 4px; padding: 4px; border-radius: 12px; background: #e6ebef;
  & [role="tab"] {
    min-height: 44px; border: 0; border-radius: 9px; background: transparent; font-weight: 600; cursor: pointer; color: var(--muted);
  }
  & [role="tab"][aria-selected="true"] { background: #fff; color: var(--brand-dark); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
`;

/**
 * The Open | Closed tabs of a list (/jobs, /repair): ARIA tabs, one stop in the tab order, arrows, Home and End move
 * between them (two tabs: either arrow goes to the other one, whatever the reading direction). The tab panel is the
 * caller's, with id `${idPrefix}-panel` and labelled by `${idPrefix}-tab-${value}`.
 */
export function StatusTabs<T extends string>({
  tabs,
  value,
  onSelect,
  label,
  labelOf,
  idPrefix,
  className,
}: {
  tabs: readonly T[];
  value: T;
  onSelect: (next: T) => void;
  /** The accessible name of the tab list. */
  label: string;
  labelOf: (tab: T) => string;
  idPrefix: string;
  className?: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const i = tabs.indexOf(value);
    const next = e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : (i + 1) % tabs.length;
    onSelect(tabs[next]);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={cx(tablistCss, className)} onKeyDown={onKey}>
      {tabs.map((s, i) => (
        <button
          key={s}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${s}`}
          aria-selected={value === s}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={value === s ? 0 : -1}
          onClick={() => onSelect(s)}
        >
          {labelOf(s)}
        </button>
      ))}
    </div>
  );
}
