// The sheet of a move that takes a reason or a note (issues 11 and 12): one text, checked, sent, kept when it fails.
import { LimitNote } from "../LimitNote";
import { css } from "goober";
import { type FormEvent, type ReactNode, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { useFreshOnOpen } from "../../lib/use-fresh-on-open";
import { REASON_MAX } from "../../contract/repairs";
import { t } from "../../signals/language";
import { cx, muted, stack } from "../../styles/theme";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { DiscardChanges, dialogActions } from "../DiscardChanges";
import { Overlay } from "../Overlay";
import { Button, Field } from "../ui";
import { typedDir } from "../../lib/typed-dir";

export function SheetButtons({ busy, submit, onClose, danger = false }: { busy: boolean; submit: string; onClose: () => void; danger?: boolean }) {
  useSignals();
  return (
    <div className={dialogActions}>
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("repair.sending") : submit}
      </Button>
    </div>
  );
}

/**
 * A move with a reason or a note: reopen, decline and hold (required); "none of these times suit me" (optional). The
 * sheet stays open with the text when the move fails (the toast says why).
 */
export function ReasonSheet({
  open,
  kind = "sheet",
  title,
  intro,
  label,
  required,
  submit,
  onClose,
  onSubmit,
  danger = false,
}: {
  open: boolean;
  /** The move undoes something (declining a job): its button is red, as the button that opened the sheet. */
  danger?: boolean;
  /** A bottom sheet (the default) or a centred dialog. */
  kind?: "sheet" | "modal";
  title: string;
  intro: ReactNode;
  label: string;
  required?: boolean;
  submit: string;
  onClose: () => void;
  onSubmit: (text: string) => Promise<void>;
}) {
  useSignals();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What was typed is asked about before the sheet closes (its close button, Cancel, Escape, browser back).
  const guard = useDiscardGuard(open && !busy && text.trim() !== "");
  const close = () => guard.leave(onClose);
  useFreshOnOpen(open, () => {
    setText("");
    setError(null);
  });
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = text.trim();
    if (required && !value) {
      setError(t("repair.reasonRequired"));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(value);
    } catch {
      // The toast said why; the sheet stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Overlay open={open} kind={kind} title={title} onClose={busy ? undefined : close}>
        <form className={stack} noValidate onSubmit={send}>
          <p className={cx(muted, css`margin: 0;`)}>{intro}</p>
          <Field id="move-text" label={required ? label : t("repair.optional", { label })} error={error}>
            <textarea
              id="move-text"
              rows={3}
              maxLength={REASON_MAX}
              value={text}
              dir={typedDir(text)}
              disabled={busy}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "move-text-error" : undefined}
              onChange={(e) => {
                setText(e.currentTarget.value);
                if (error) setError(null);
              }}
            />
            <LimitNote length={text.length} max={REASON_MAX} />
          </Field>
          <SheetButtons busy={busy} submit={submit} onClose={close} danger={danger} />
        </form>
      </Overlay>
      <DiscardChanges guard={guard} />
    </>
  );
}
