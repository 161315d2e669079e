// Pieces the three registration screens share: the frame, the dial code + mobile row, the form with its terms row
// (components/AccountFields.tsx, with the new password) and the outcome handling of a sign-up call.
import { css } from "goober";
import type { FormEvent, ReactNode, RefObject } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { DialCodePicker } from "../../components/DialCodePicker";
import { DiscardChanges } from "../../components/DiscardChanges";
import type { DiscardGuard } from "../../lib/use-discard-guard";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { NewPasswordField, TermsRow } from "../../components/AccountFields";
import { GoogleSignupNotice } from "../../components/GoogleSignupNotice";
import { BackIcon, Button, Field, IconButton } from "../../components/ui";
import { navigate } from "../../lib/hash-location";
import { type RegisterAnswer, registerFailure } from "../../api/register";
import { paths } from "../../paths";
import { authPage, formCss, headingCss, inlineLink, linkRow, topRow } from "../auth/auth-layout";
import { enterHome } from "../../signals/auth";
import { lang, t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { serverFieldErrors } from "./rules";

export const noticeCss = css`
  background: var(--brand-soft); color: var(--brand-dark); border-radius: 10px; padding: 12px 14px; margin: 0; font-size: 14px;
`;

/**
 * Back button (to the role picker), language switch, title and prompt, the form, and a link to sign in; leaving with
 * something typed asks first (`guard`, the form's).
 */
export function RegisterFrame({ title, prompt, guard, children }: { title: string; prompt: string; guard: DiscardGuard; children: ReactNode }) {
  useSignals();
  return (
    <main className={authPage}>
      <DiscardChanges guard={guard} />
      <div className={topRow}>
        <IconButton label={t("common.back")} onClick={() => guard.leave(() => navigate(paths.getRole))}>
          <BackIcon />
        </IconButton>
        <LanguageSwitch />
      </div>
      <div className={headingCss}>
        <h1>{title}</h1>
        <p>{prompt}</p>
      </div>
      {children}
      <p className={linkRow}>
        <span>{t("register.haveAccount")}</span>
        <a className={inlineLink} href={`#${paths.login}`}>
          {t("register.signIn")}
        </a>
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

/** What RegisterForm needs of useRegistrationForm's state. */
interface RegisterFormState {
  form: { terms_service: boolean };
  errors: Record<string, string>;
  loading: boolean;
  set: (key: "terms_service", value: boolean) => void;
  submit: (e: FormEvent) => void;
  formRef: RefObject<HTMLFormElement | null>;
}

/**
 * A registration form: its own fields, then the terms row and the sign-up button, enabled once nothing is `missing`
 * (the labels' translation keys); until then a line under it says what is still needed, not a grey button alone.
 */
export function RegisterForm({
  idPrefix,
  state,
  missing,
  children,
}: {
  idPrefix: string;
  state: RegisterFormState;
  missing: readonly string[];
  children: ReactNode;
}) {
  useSignals();
  const { form, errors, loading, set, submit, formRef } = state;
  const needs = `${idPrefix}-needs`;
  return (
    <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
      {children}
      <TermsRow idPrefix={idPrefix} checked={form.terms_service} onChange={(v) => set("terms_service", v)} error={errors.terms_service} />
      <Button type="submit" block disabled={loading || missing.length > 0} aria-describedby={missing.length ? needs : undefined}>
        {loading ? t("register.submitting") : t("register.submit")}
      </Button>
      {missing.length > 0 && (
        <p id={needs} className={needsCss}>
          {t("register.needs.text", { list: listOf(missing.map((k) => t(k))) })}
        </p>
      )}
    </form>
  );
}

const needsCss = css`margin: -4px 0 0; font-size: 14px; color: var(--muted); text-align: center;`;

/** "a, b and c" in the app's language. */
const listOf = (items: string[]) => new Intl.ListFormat(lang.value, { type: "conjunction" }).format(items);

/** The new password, or during a Google sign-up the notice that none is needed (with a way back to a password). */
export function PasswordOrGoogle({
  idPrefix,
  state,
}: {
  idPrefix: string;
  state: {
    form: { password: string; oauth_ticket?: string };
    errors: Record<string, string>;
    set: (key: "password", value: string) => void;
    dropGoogle: () => void;
  };
}) {
  const { form, errors, set, dropGoogle } = state;
  if (form.oauth_ticket) return <GoogleSignupNotice onCancel={dropGoogle} />;
  return <NewPasswordField idPrefix={idPrefix} value={form.password} error={errors.password} onChange={(v) => set("password", v)} />;
}

/** Shows the outcome of a sign-up call (SPEC.md section 8) and returns the server's field errors on failure. */
export async function runRegistration(call: () => Promise<RegisterAnswer>, successTo: string, succeeded?: () => void): Promise<Record<string, string> | null> {
  try {
    const { message, session } = await call();
    succeeded?.();
    // The server speaks English; an Arabic reader gets the same news in Arabic.
    authToast({ key: "register.success", message: lang.value === "en" ? message : null }, "success");
    // A Google sign-up is signed in at once and goes to the role's home (D3).
    if (session) enterHome(session);
    else navigate(successTo);
    return null;
  } catch (e) {
    const failure = await registerFailure(e);
    authToast({ key: "register.failed", message: failure.detail }, "error");
    return serverFieldErrors(failure.errors);
  }
}

/** Focuses the first field that shows an error, so a keyboard or screen-reader user lands on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
