import { css } from "goober";
import type { FormEvent, ReactNode } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { Logo } from "../../components/Logo";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { BackIcon, Button, IconButton } from "../../components/ui";
import { paths } from "../../paths";
import { t } from "../../signals/language";
import { notice } from "../../styles/theme";

export const authPage = css`
  max-width: 480px; margin-inline: auto; min-height: 100vh; padding: 16px 20px 32px;
  display: flex; flex-direction: column; gap: 16px;
`;
export const topRow = css`display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 44px;`;
export const headingCss = css`
  display: flex; flex-direction: column; gap: 6px;
  & h1 { font-size: 24px; margin: 0; }
  & p { margin: 0; color: var(--muted); }
`;
export const formCss = css`display: flex; flex-direction: column; gap: 14px;`;
export const linkRow = css`display: flex; justify-content: center; align-items: baseline; gap: 6px; flex-wrap: wrap; font-size: 15px; margin: 0;`;
// Inline links are touch targets too: at least 44 px tall (a bare line of text was about 27 px).
export const inlineLink = css`font-weight: 600; display: inline-flex; align-items: center; min-height: 44px; min-width: 44px;`;

/** The frame of the sign-in and recovery screens: optional back button, logo, language switch, heading. */
export function AuthLayout({
  heading,
  prompt,
  onBack,
  backLabel,
  children,
}: {
  heading: string;
  prompt?: ReactNode;
  onBack?: () => void;
  backLabel?: string;
  children: ReactNode;
}) {
  useSignals();
  return (
    <main className={authPage}>
      <div className={topRow}>
        {onBack ? (
          <IconButton label={backLabel ?? t("common.back")} onClick={onBack}>
            <BackIcon />
          </IconButton>
        ) : (
          <Logo size={40} />
        )}
        <LanguageSwitch />
      </div>
      <div className={headingCss}>
        <h1>{heading}</h1>
        {prompt && <p>{prompt}</p>}
      </div>
      {children}
    </main>
  );
}

/**
 * The form of a sign-in or recovery screen: its fields, then a full-width submit button that reads `submitting`
 * while busy. Submitting calls `onSend` unless busy; `disabled` defaults to `busy`.
 */
export function AuthForm({
  busy,
  disabled = busy,
  submit,
  submitting,
  onSend,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  submit: string;
  submitting: string;
  onSend: () => void;
  children: ReactNode;
}) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSend();
  };
  return (
    // The screens say what is missing in the app's language (the browser's own bubble speaks the phone's).
    <form className={formCss} onSubmit={onSubmit} noValidate>
      {children}
      <Button type="submit" block disabled={disabled}>
        {busy ? submitting : submit}
      </Button>
    </form>
  );
}

/** A status notice that something is missing, with a link to ask for a new code. */
export function RequestCodeNotice({ text, link }: { text: string; link: string }) {
  return (
    <p className={notice} role="status">
      {text}{" "}
      <a className={inlineLink} href={`#${paths.forgot}`}>
        {link}
      </a>
    </p>
  );
}

/** The 'Back to sign in' link row at the foot of the recovery screens. */
export function BackToLogin() {
  useSignals();
  return (
    <p className={linkRow}>
      <a className={inlineLink} href={`#${paths.login}`}>
        {t("auth.backToLogin")}
      </a>
    </p>
  );
}
