// The new-password field and the terms row that every form creating a password shares: the three registration
// forms and the invitation screen. Apart from the registration rules, so the invitation a tenant opens on a cheap
// phone does not load the phone-number metadata they bring.
import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { errorText } from "../styles/theme";
import { PasswordField } from "./PasswordField";
import { TermsModal } from "./TermsModal";

const hintCss = css`font-size: 13px; color: var(--muted); margin: -8px 0 0;`;

/** The new password (8 characters at least) with its hint below; the hint gives way to an error. */
export function NewPasswordField({ idPrefix, value, onChange, error }: { idPrefix: string; value: string; onChange: (v: string) => void; error?: string }) {
  useSignals();
  const id = `${idPrefix}-password`;
  return (
    <>
      <PasswordField
        id={id}
        name="password"
        label={t("register.fields.password")}
        autoComplete="new-password"
        required
        minLength={8}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      {!error && (
        <p id={`${id}-hint`} className={hintCss}>
          {t("register.fields.passwordHint")}
        </p>
      )}
    </>
  );
}

const termsRow = css`
  display: flex; flex-direction: column; gap: 4px;
  & .check { display: flex; align-items: center; gap: 10px; }
  & input[type="checkbox"] { width: 22px; height: 22px; margin: 1px 0 0; flex: none; accent-color: var(--brand); }
  & label { font-size: 15px; flex: 1; display: flex; align-items: center; min-height: 44px; cursor: pointer; }
  & .read { align-self: flex-start; border: 0; background: none; padding: 6px 0; margin-inline-start: 32px; color: var(--brand-dark); font-weight: 600; text-decoration: underline; cursor: pointer; min-height: 44px; }
`;

/** The terms checkbox and the link that opens the terms; Accept ticks it, Decline unticks it. */
export function TermsRow({ idPrefix, checked, onChange, error }: { idPrefix: string; checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  useSignals();
  const [open, setOpen] = useState(false);
  const id = `${idPrefix}-terms`;
  return (
    <div className={termsRow}>
      <div className="check">
        <input
          id={id}
          name="terms_service"
          type="checkbox"
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{t("register.terms.agree")}</label>
      </div>
      <button type="button" className="read" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t("register.terms.read")}
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {error}
        </p>
      )}
      <TermsModal
        open={open}
        onAccept={() => {
          onChange(true);
          setOpen(false);
        }}
        onDecline={() => {
          onChange(false);
          setOpen(false);
        }}
      />
    </div>
  );
}
