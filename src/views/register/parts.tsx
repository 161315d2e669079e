// Pieces the three registration screens share: the frame, the dial code + mobile row, the new password with its
// hint, the terms row and the outcome handling of a sign-up call.
import { css } from "goober";
import { type FormEvent, type ReactNode, type RefObject, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { DialCodePicker } from "../../components/DialCodePicker";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { PasswordField } from "../../components/PasswordField";
import { TermsModal } from "../../components/TermsModal";
import { BackIcon, Button, Field, IconButton } from "../../components/ui";
import { navigate } from "../../lib/hash-location";
import { registerFailure } from "../../api/register";
import { paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { errorText } from "../../styles/theme";
import { serverFieldErrors } from "./rules";

const pageCss = css`
  max-width: 480px; margin-inline: auto; min-height: 100vh; padding: 16px 20px 32px;
  display: flex; flex-direction: column; gap: 16px;
`;
const topRow = css`display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 44px;`;
const heading = css`
  display: flex; flex-direction: column; gap: 6px;
  & h1 { font-size: 24px; margin: 0; }
  & p { margin: 0; color: var(--muted); }
`;
const formCss = css`display: flex; flex-direction: column; gap: 14px;`;
const footer = css`display: flex; justify-content: center; gap: 6px; flex-wrap: wrap; font-size: 15px; & a { font-weight: 600; }`;
const hintCss = css`font-size: 13px; color: var(--muted); margin: -8px 0 0;`;
export const noticeCss = css`
  background: var(--brand-soft); color: var(--brand-dark); border-radius: 10px; padding: 12px 14px; margin: 0; font-size: 14px;
`;

/** Back button (to the role picker), language switch, title and prompt, the form, and a link to sign in. */
export function RegisterFrame({ title, prompt, children }: { title: string; prompt: string; children: ReactNode }) {
  useSignals();
  return (
    <main className={pageCss}>
      <div className={topRow}>
        <IconButton label={t("common.back")} onClick={() => navigate(paths.getRole)}>
          <BackIcon />
        </IconButton>
        <LanguageSwitch />
      </div>
      <div className={heading}>
        <h1>{title}</h1>
        <p>{prompt}</p>
      </div>
      {children}
      <p className={footer}>
        <span>{t("register.haveAccount")}</span>
        <a href={`#${paths.login}`}>{t("register.signIn")}</a>
      </p>
    </main>
  );
}

const mobileRow = css`
  display: grid; grid-template-columns: minmax(7rem, 8.5rem) 1fr; gap: 8px; align-items: start;
  & input[type="tel"] { direction: ltr; }
  [dir="rtl"] & input[type="tel"] { text-align: end; }
`;

/** The dial-code picker next to the mobile number (type tel). */
export function MobileRow({
  idPrefix,
  dial,
  mobile,
  onDial,
  onMobile,
  errors,
}: {
  idPrefix: string;
  dial: string;
  mobile: string;
  onDial: (d: string) => void;
  onMobile: (m: string) => void;
  errors: Record<string, string | undefined>;
}) {
  useSignals();
  const id = `${idPrefix}-mob_no`;
  return (
    <div className={mobileRow}>
      <DialCodePicker id={`${idPrefix}-cntry_code`} label={t("register.fields.dialCode")} value={dial} onChange={onDial} error={errors.cntry_code} />
      <Field id={id} label={t("register.fields.mobile")} error={errors.mob_no}>
        <input
          id={id}
          name="mob_no"
          type="tel"
          autoComplete="tel-national"
          required
          aria-invalid={errors.mob_no ? true : undefined}
          aria-describedby={errors.mob_no ? `${id}-error` : undefined}
          value={mobile}
          onChange={(e) => onMobile(e.target.value)}
        />
      </Field>
    </div>
  );
}

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

/** What RegisterForm needs of useRegistrationForm's state. */
interface RegisterFormState {
  form: { terms_service: boolean };
  errors: Record<string, string>;
  loading: boolean;
  set: (key: "terms_service", value: boolean) => void;
  submit: (e: FormEvent) => void;
  formRef: RefObject<HTMLFormElement | null>;
}

/** A registration form: its own fields, then the terms row and the sign-up button (enabled by `canSubmit`). */
export function RegisterForm({
  idPrefix,
  state,
  canSubmit,
  children,
}: {
  idPrefix: string;
  state: RegisterFormState;
  canSubmit: boolean;
  children: ReactNode;
}) {
  useSignals();
  const { form, errors, loading, set, submit, formRef } = state;
  return (
    <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
      {children}
      <TermsRow idPrefix={idPrefix} checked={form.terms_service} onChange={(v) => set("terms_service", v)} error={errors.terms_service} />
      <Button type="submit" block disabled={loading || !canSubmit}>
        {loading ? t("register.submitting") : t("register.submit")}
      </Button>
    </form>
  );
}

/** Shows the outcome of a sign-up call (SPEC.md section 8) and returns the server's field errors on failure. */
export async function runRegistration(call: () => Promise<string>, successTo: string): Promise<Record<string, string> | null> {
  try {
    const message = await call();
    // The server speaks English; an Arabic reader gets the same news in Arabic.
    authToast(message && lang.value === "en" ? message : t("register.success"), "success");
    navigate(successTo);
    return null;
  } catch (e) {
    const failure = await registerFailure(e);
    authToast(failure.detail || t("register.failed"), "error");
    return serverFieldErrors(failure.errors);
  }
}

/** Focuses the first field that shows an error, so a keyboard or screen-reader user lands on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
