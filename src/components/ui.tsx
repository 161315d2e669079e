import { css } from "goober";
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { typedDir } from "../lib/typed-dir";
import { t } from "../signals/language";
import { cx, errorText } from "../styles/theme";

const buttonBase = css`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 48px; padding: 10px 18px; border-radius: 10px; border: 1px solid transparent;
  font-weight: 600; cursor: pointer; text-decoration: none; overflow-wrap: anywhere;
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;
const variants = {
  primary: css`background: var(--brand); color: #fff;`,
  secondary: css`background: #fff; color: var(--brand-dark); border-color: var(--brand);`,
  ghost: css`background: transparent; color: var(--brand-dark);`,
  danger: css`background: var(--danger); color: #fff;`,
};
export type ButtonVariant = keyof typeof variants;

export function Button({
  variant = "primary",
  block,
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; block?: boolean }) {
  return <button type={type} className={cx(buttonBase, variants[variant], block && css`width: 100%;`, className)} {...rest} />;
}

// flex: none: beside a long title in a row (a property's name) it kept 44 px, not the 36 it shrank to.
const iconButton = css`
  display: inline-flex; flex: none; align-items: center; justify-content: center; width: 44px; height: 44px;
  border-radius: 50%; border: 0; background: transparent; cursor: pointer; color: inherit;
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`;
/** A button that shows only an icon; `label` is its accessible name. */
export function IconButton({ label, children, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button type="button" aria-label={label} title={label} className={cx(iconButton, className)} {...rest}>
      {children}
    </button>
  );
}

const fieldCss = css`
  display: flex; flex-direction: column; gap: 6px;
  & > label { font-weight: 600; font-size: 14px; }
  & input, & select, & textarea {
    min-height: 48px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; background: #fff; width: 100%;
  }
  & input[aria-invalid="true"] { border-color: var(--danger); }
`;

/** A labelled field; the label is always visible (ARCHITECTURE.md, forms on a cheap phone). */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | null; hint?: string; children: ReactNode }) {
  return (
    <div className={fieldCss}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className={css`font-size: 13px; color: var(--muted);`}>
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The input types whose text someone types in their own script: names, titles, addresses, searches, emails. */
const TYPED = new Set<string | undefined>([undefined, "text", "search", "email"]);

/**
 * A labelled input. What is typed in a text, search or email field takes its own direction once there is text
 * (typedDir): an English name or an email on the Arabic screens, an Arabic name on the English ones. A `dir` passed
 * wins; dates, times, numbers and phones keep the page's or their own.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | null; hint?: string }) {
  // A box with a maximum says so once it is full: it takes no more, and a paste past it is cut there, without this
  // silently (a unit's name of 20 letters cut mid-word).
  const full = typeof input.value === "string" && input.maxLength != null && input.maxLength > 0 && input.value.length >= input.maxLength;
  const note = full ? t("forms.limitReached", { max: input.maxLength }) : hint;
  return (
    <Field id={id} label={label} error={error} hint={note}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : note ? `${id}-hint` : undefined}
        dir={TYPED.has(input.type) ? typedDir(input.value) : undefined}
        {...input}
      />
    </Field>
  );
}

export function SelectField({
  id,
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string | null }) {
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
    </Field>
  );
}

const spin = css`
  width: 28px; height: 28px; border-radius: 50%; border: 3px solid var(--brand-soft); border-top-color: var(--brand);
  animation: spin 0.8s linear infinite;
  @keyframes spin { to { transform: rotate(360deg); } }
`;
export function Spinner({ label }: { label?: string }) {
  useSignals();
  return <div role="status" aria-label={label ?? t("common.loading")} className={spin} />;
}

/** Arrow icon that points "back" in the reading direction. */
export function BackIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" className={css`[dir="rtl"] & { transform: scaleX(-1); }`}>
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
