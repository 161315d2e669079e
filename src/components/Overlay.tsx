import { css } from "goober";
import { cx } from "../styles/theme";
import { type ReactNode, useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { holdSheet } from "../signals/overlays";
import { IconButton } from "./ui";

const backdrop = css`
  position: fixed; inset: 0; background: rgba(15, 23, 42, 0.5); z-index: 50; display: flex;
`;
const modalBox = css`
  margin: auto; background: #fff; border-radius: 16px; width: min(92vw, 560px); max-height: 88vh; overflow: auto;
  padding: 20px; position: relative;
`;
const sheetBox = css`
  margin-top: auto; background: #fff; border-radius: 18px 18px 0 0; width: 100%; max-height: 90vh; overflow: auto;
  padding: 20px 16px calc(20px + env(safe-area-inset-bottom)); position: relative;
`;
const closeCss = css`position: absolute; top: 8px; inset-inline-end: 8px;`;

/** Where dialogs render: #overlay-root of index.html, which a gate hides with the app, else the body (component tests). */
export const overlayTarget = () => document.getElementById("overlay-root") ?? document.body;

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type='hidden']), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round the dialog's own controls (aria-modal: the page behind is not there to reach). */
function keepFocusIn(box: HTMLElement, e: KeyboardEvent) {
  const all = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest("[hidden]"));
  if (!all.length) return;
  const first = all[0];
  const last = all[all.length - 1];
  const at = document.activeElement;
  const inside = at instanceof Node && box.contains(at);
  if (e.shiftKey ? !inside || at === first || at === box : !inside || at === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

interface OverlayProps {
  open: boolean;
  title: string;
  onClose?: () => void;
  children: ReactNode;
  kind?: "modal" | "sheet";
  className?: string;
}

/** A modal dialog or bottom sheet: labelled by its title, focus moves in on open and returns on close, Escape closes. */
export function Overlay({ open, title, onClose, children, kind = "modal", className }: OverlayProps) {
  useSignals();
  const box = useRef<HTMLDivElement>(null);
  // Chosen once per dialog: a portal that moved to another container would rebuild the form's DOM under the user.
  const target = useRef<HTMLElement | null>(null);
  const titleId = useRef(`dlg-${Math.random().toString(36).slice(2, 8)}`).current;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>("input, select, textarea, button:not([data-close]), [href]");
    (first ?? box.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      // A dialog opened over this one (Discard changes? over a sheet) takes the keys: only the top one answers.
      const open = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      if (open.length && open[open.length - 1] !== box.current) return;
      if (e.key === "Escape") onClose?.();
      else if (e.key === "Tab" && box.current) keepFocusIn(box.current, e);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [open]);
  useEffect(() => (open && kind === "sheet" ? holdSheet() : undefined), [open, kind]);
  if (!open) return null;
  return createPortal(
    <div className={backdrop} onClick={(e) => e.target === e.currentTarget && onClose?.()}>
      <div ref={box} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={cx(kind === "sheet" ? sheetBox : modalBox, className)}>
        <h2 id={titleId} className={css`font-size: 19px; padding-inline-end: 40px;`}>
          {title}
        </h2>
        {onClose && (
          <IconButton label={t("common.close")} data-close="" className={closeCss} onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </IconButton>
        )}
        {children}
      </div>
    </div>,
    (target.current ??= overlayTarget()),
  );
}
