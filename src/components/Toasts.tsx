import { css } from "goober";
import { cx } from "../styles/theme";
import { useSignals } from "@preact/signals-react/runtime";
import { dismissToast, toasts, type Toast } from "../signals/toasts";
import { t } from "../signals/language";

const stackCss = css`
  position: fixed; z-index: 100; display: flex; flex-direction: column; gap: 8px; pointer-events: none;
  width: min(92vw, 360px);
`;
const authCss = css`top: 12px; inset-inline-end: 12px;`;
const appCss = css`bottom: 90px; inset-inline-start: 50%; transform: translateX(-50%); [dir="rtl"] & { transform: translateX(50%); }`;
const toastCss = css`
  pointer-events: auto; display: flex; align-items: flex-start; gap: 8px; padding: 12px 14px; border-radius: 10px;
  color: #fff; box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18); font-size: 15px;
  & > span { flex: 1; }
  & > button { background: none; border: 0; color: inherit; cursor: pointer; font-size: 18px; line-height: 1; min-width: 24px; }
`;
const colours = { success: "#166534", error: "#b91c1c", info: "#1e3a8a" } as const;

function ToastStack({ items, className }: { items: Toast[]; className: string }) {
  return (
    <div className={cx(stackCss, className)} aria-live="polite">
      {items.map((toast) => (
        <div key={toast.id} role={toast.type === "error" ? "alert" : "status"} className={toastCss} style={{ background: colours[toast.type] }} data-toast={toast.type}>
          <span dir="auto">{toast.key ? t(toast.key) : toast.message}</span>
          <button type="button" aria-label={t("common.close")} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export function Toasts() {
  useSignals();
  const all = toasts.value;
  return (
    <>
      <ToastStack items={all.filter((x) => x.placement === "auth")} className={authCss} />
      <ToastStack items={all.filter((x) => x.placement === "app")} className={appCss} />
    </>
  );
}
