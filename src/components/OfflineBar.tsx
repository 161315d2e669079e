import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";

// In the flow above the screen, so it pushes the header and content down rather than covering their controls.
const barCss = css`
  margin: 0; padding: 6px 16px; background: var(--ink); color: #fff; font-size: 14px; line-height: 1.4; text-align: center;
`;

/**
 * The slim bar of a screen that works offline (D23), shown instead of SPEC.md's offline screen while offline. The
 * live region stays in place and only its words come and go, so a screen reader announces them.
 */
export function OfflineBar({ show }: { show: boolean }) {
  useSignals();
  return (
    // A polite live region without the status role while empty: screens and tests that look for a status (a loading
    // spinner) find none until there is something to say.
    <div aria-live="polite" role={show ? "status" : undefined} data-testid="offline-bar">
      {show && <p className={barCss}>{t("offline.bar")}</p>}
    </div>
  );
}
