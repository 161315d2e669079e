import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import type { DiscardGuard } from "../lib/use-discard-guard";
import { t } from "../signals/language";
import { Overlay } from "./Overlay";
import { Button } from "./ui";

export const dialogActions = css`
  display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 10px; margin-block-start: 20px;
  & > button { flex: 1 1 140px; }
`;

/** The discard-changes dialog of an edit form, driven by `useDiscardGuard`; "Keep editing" has the focus. */
export function DiscardChanges({ guard }: { guard: Pick<DiscardGuard, "asking" | "keep" | "discard"> }) {
  useSignals();
  return (
    <Overlay open={guard.asking} title={t("forms.discard.title")} onClose={guard.keep}>
      <p className={css`margin-block-start: 8px; color: var(--muted);`}>{t("forms.discard.message")}</p>
      <div className={dialogActions}>
        <Button variant="secondary" onClick={guard.keep}>
          {t("forms.discard.keep")}
        </Button>
        <Button variant="danger" onClick={guard.discard}>
          {t("forms.discard.discard")}
        </Button>
      </div>
    </Overlay>
  );
}
