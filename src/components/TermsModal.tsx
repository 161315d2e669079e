import { css } from "goober";
import { useEffect, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { Overlay } from "./Overlay";
import { Button } from "./ui";

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const SERVICES = [1, 2, 3, 4, 5] as const;
const RESPONSIBILITIES = [1, 2, 3] as const;

const body = css`
  display: flex; flex-direction: column; gap: 12px; font-size: 15px;
  & h3 { font-size: 16px; margin: 6px 0 2px; }
  & p { margin: 0; }
  & ul { margin: 4px 0 0; padding-inline-start: 22px; display: flex; flex-direction: column; gap: 4px; }
`;
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
      <div ref={ref} className={body}>
        <p className={css`color: var(--muted); font-size: 13px;`}>{t("terms.updated")}</p>
        <p>{t("terms.intro")}</p>
        {SECTIONS.map((n) => (
          <section key={n} aria-labelledby={`terms-s${n}`}>
            <h3 id={`terms-s${n}`}>{t(`terms.s${n}.title`)}</h3>
            <p>{t(`terms.s${n}.body`)}</p>
            {n === 3 && (
              <ul>
                {SERVICES.map((i) => (
                  <li key={i}>{t(`terms.services.${i}`)}</li>
                ))}
              </ul>
            )}
            {n === 4 && (
              <ul>
                {RESPONSIBILITIES.map((i) => (
                  <li key={i}>{t(`terms.responsibilities.${i}`)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
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
