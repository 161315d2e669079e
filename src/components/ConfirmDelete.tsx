import { css } from "goober";
import { LimitNote } from "./LimitNote";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { useFreshOnOpen } from "../lib/use-fresh-on-open";
import { t } from "../signals/language";
import { dialogActions } from "./DiscardChanges";
import { Overlay } from "./Overlay";
import { Button, Field } from "./ui";
import { typedDir } from "../lib/typed-dir";

export const REASON_MAX = 500;

interface ConfirmDeleteProps {
  open: boolean;
  /** "Delete this property?", "Cancel this repair?" */
  title: string;
  /** What goes: "Al Khuwair Residence, its 10 units, tenancies and files." */
  what: ReactNode;
  /** Ask for a reason: "required" refuses to confirm without one (cancelling an issue), "optional" offers the field. */
  reason?: "required" | "optional";
  reasonLabel?: string;
  /** The confirming button's label; "Delete" unless given. */
  confirmLabel?: string;
  /** The dismissing button's label; "Cancel" unless given ("Keep the repair" beside "Cancel repair"). */
  dismissLabel?: string;
  /** The confirming button's label while busy; "Deleting…" unless given. */
  busyLabel?: string;
  /** Busy from outside; a promise returned by `onConfirm` also keeps the dialog busy until it settles. */
  busy?: boolean;
  onCancel: () => void;
  /** Does the deletion and reports its own failure (toast); the dialog stays open and usable again if it throws. */
  onConfirm: (reason: string) => void | Promise<unknown>;
}

/** The delete-confirmation dialog: what will be deleted, an optional or required reason, Cancel and Delete. */
export function ConfirmDelete({
  open,
  title,
  what,
  reason,
  reasonLabel,
  confirmLabel,
  dismissLabel,
  busyLabel,
  busy: busyProp,
  onCancel,
  onConfirm,
}: ConfirmDeleteProps) {
  useSignals();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  useFreshOnOpen(open, () => {
    setText("");
    setError(null);
  });
  const busy = !!busyProp || working;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = text.trim();
    if (reason === "required" && !trimmed) {
      setError(t("forms.delete.reasonRequired"));
      return;
    }
    setError(null);
    const result = onConfirm(trimmed);
    if (!result || typeof (result as Promise<unknown>).then !== "function") return;
    setWorking(true);
    try {
      await result;
    } catch {
      // The caller reports the failure; the dialog only becomes usable again.
    } finally {
      if (alive.current) setWorking(false);
    }
  };

  return (
    <Overlay open={open} title={title} onClose={busy ? undefined : onCancel}>
      <form noValidate onSubmit={submit}>
        <div className={css`margin-block: 8px 4px;`}>{what}</div>
        <p className={css`color: var(--muted); font-size: 14px; margin-block-end: 12px;`}>{t("forms.delete.cannotUndo")}</p>
        {reason && (
          <Field id="delete-reason" label={reasonLabel ?? t("forms.delete.reason")} error={error} hint={t("forms.delete.reasonHint")}>
            <textarea
              id="delete-reason"
              rows={3}
              className={css`resize: vertical; &[aria-invalid="true"] { border-color: var(--danger); }`}
              maxLength={REASON_MAX}
              value={text}
              dir={typedDir(text)}
              disabled={busy}
              aria-required={reason === "required" ? true : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "delete-reason-error" : "delete-reason-hint"}
              onChange={(e) => {
                setText(e.currentTarget.value);
                if (error && e.currentTarget.value.trim()) setError(null);
              }}
            />
            <LimitNote length={text.length} max={REASON_MAX} />
          </Field>
        )}
        <div className={dialogActions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {dismissLabel ?? t("forms.delete.cancel")}
          </Button>
          <Button type="submit" variant="danger" disabled={busy} aria-busy={busy || undefined}>
            {busy ? (busyLabel ?? t("forms.delete.busy")) : (confirmLabel ?? t("forms.delete.confirm"))}
          </Button>
        </div>
      </form>
    </Overlay>
  );
}
