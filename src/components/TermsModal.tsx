import { css } from "goober";
import { useEffect, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { Overlay } from "./Overlay";
import { TermsText, termsBody } from "./TermsText";
import { Button } from "./ui";

const actions = css`
  position: sticky; bottom: -20px; background: #fff; display: flex; gap: 10px; padding: 12px 0 4px; margin-top: 12px;
  border-top: 1px solid var(--line);
  & > button { flex: 1; }
`;

export interface TermsModalProps {
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** The terms of service (SPEC.md sections 2 and 4): Accept ticks the terms box, Decline unticks it; both close.
 * Closing another way (Escape, the close button) counts as Decline: only an explicit Accept accepts. */
export function TermsModal({ open, onAccept, onDecline }: TermsModalProps) {
  useSignals();
  const ref = useRef<HTMLDivElement>(null);
  // The overlay focuses its first button (Decline, at the end); start reading at the top all the same.
  useEffect(() => {
    if (!open) return;
    const dialog = ref.current?.closest<HTMLElement>('[role="dialog"]');
    if (dialog) dialog.scrollTop = 0;
  }, [open]);
  return (
    <Overlay open={open} title={t("terms.title")} onClose={onDecline}>
      <div ref={ref} className={termsBody}>
        <TermsText idPrefix="terms" />
      </div>
      <div className={actions}>
        <Button variant="secondary" onClick={onDecline}>
          {t("terms.decline")}
        </Button>
        <Button onClick={onAccept}>{t("terms.accept")}</Button>
      </div>
    </Overlay>
  );
}
