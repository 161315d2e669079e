import { css } from "goober";
import { type InputHTMLAttributes, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { Field } from "./ui";

const wrap = css`
  position: relative;
  & input { padding-inline-end: 52px; }
  & button { position: absolute; inset-inline-end: 2px; top: 2px; height: 44px; min-width: 48px; border: 0; background: none; color: var(--brand-dark); font-weight: 600; cursor: pointer; font-size: 13px; }
`;

/** A password input with a show/hide toggle; `autoComplete` should be current-password or new-password. */
export function PasswordField({ id, label, error, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | null }) {
  useSignals();
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} error={error}>
      <div className={wrap}>
        <input id={id} type={shown ? "text" : "password"} aria-invalid={error ? true : undefined} {...input} />
        <button type="button" aria-pressed={shown} aria-label={shown ? t("password.hide") : t("password.show")} onClick={() => setShown((s) => !s)}>
          {shown ? t("password.hideShort") : t("password.showShort")}
        </button>
      </div>
    </Field>
  );
}
