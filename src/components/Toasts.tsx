import { css } from "goober";
import { cx } from "../styles/theme";
import { useSignals } from "@preact/signals-react/runtime";
import { dismissToast, type Toast, toastText, toasts } from "../signals/toasts";
import { t } from "../signals/language";
import { sheetOpen } from "../signals/overlays";
import { isAuthenticated } from "../signals/session";

// Only the toasts themselves take pointer events: the stack never blocks what lies around them.
const stackCss = css`
  position: fixed; z-index: 100; display: flex; flex-direction: column; align-items: stretch; gap: 8px; pointer-events: none;
  width: max-content; max-width: min(92vw, 360px);
`;
// Auth toasts (SPEC.md section 9: top-right, top-left in RTL) start below the top row of the sign-in screens (16 px
// padding + 44 px of back arrow, logo and language switch): at the very top they covered the back arrow and the switch.
const authCss = css`top: calc(env(safe-area-inset-top, 0px) + 68px); inset-inline-end: 12px;`;
// App toasts: bottom-centre, 90 px from the bottom, clear of the bottom bar and of the top row (back arrows, headings,
// the media viewer's close button).
const appCss = css`
  bottom: calc(env(safe-area-inset-bottom, 0px) + 90px); inset-inline-start: 50%; transform: translateX(-50%);
  [dir="rtl"] & { transform: translateX(50%); }
`;
// While a bottom sheet is open its fields fill the lower screen: app toasts go to the top, over the dimmed page above
// the sheet (a sheet is at most 90% of the height), where they covered the sheet's fields before.
const overSheetCss = css`
  top: calc(env(safe-area-inset-top, 0px) + 8px); inset-inline-start: 50%; transform: translateX(-50%);
  [dir="rtl"] & { transform: translateX(50%); }
`;
// The toast lets taps through to what lies under it, but for its close button: for its 5 seconds it sat over the
// job's Accept button and the tap went to the toast's text (walked on a slow phone).
const toastCss = css`
  pointer-events: none; display: flex; align-items: center; gap: 4px; padding-block: 4px; padding-inline: 14px 4px;
  min-height: 52px; border-radius: 10px; color: #fff; box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18); font-size: 15px;
  & > span { flex: 1; padding-block: 8px; }
  & > button {
    pointer-events: auto; flex: none; width: 44px; height: 44px; display: inline-flex; align-items: center; justify-content: center;
    background: none; border: 0; border-radius: 8px; color: inherit; cursor: pointer; font-size: 22px; line-height: 1;
  }
`;
const colours = { success: "#166534", error: "#b91c1c", info: "#1e3a8a" } as const;

function ToastStack({ items, className, where }: { items: Toast[]; className: string; where: "top" | "bottom" }) {
  return (
    <div className={cx(stackCss, className)} aria-live="polite" data-toasts={where}>
      {items.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === "error" ? "alert" : "status"}
          className={toastCss}
          style={{ background: colours[toast.type] }}
          data-toast={toast.type}
        >
          {/* In the app's language (D17), so in the page's direction: dir="auto" would turn a sentence that starts with
              a name in the other script around. */}
          <span>{toastText(toast)}</span>
          <button type="button" aria-label={t("common.close")} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * Two stacks: auth toasts top-end while signed out (the sign-in screens), app toasts bottom-centre. Once signed in an
 * auth toast ('Login successful!') joins the app stack: at the top it covered the next screen's back arrow and heading.
 */
export function Toasts() {
  useSignals();
  const all = toasts.value;
  const authTop = (x: Toast) => x.placement === "auth" && !isAuthenticated.value;
  return (
    <>
      <ToastStack items={all.filter(authTop)} className={authCss} where="top" />
      <ToastStack items={all.filter((x) => !authTop(x))} className={sheetOpen.value ? overSheetCss : appCss} where={sheetOpen.value ? "top" : "bottom"} />
    </>
  );
}
