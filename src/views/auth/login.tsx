import { css } from "goober";
import { useEffect, useState } from "react";
import { lazyOf } from "../../lib/load-again";
import { useSignals } from "@preact/signals-react/runtime";
import { PasswordField } from "../../components/PasswordField";
import { AfterFirstScreen } from "../../components/AfterFirstScreen";
import { afterFirstScreen } from "../../lib/first-screen";
import { TextField } from "../../components/ui";
import { paths, type ViewProps } from "../../paths";
import { loading } from "../../signals/auth-state";
import { t } from "../../signals/language";
import { AuthForm, AuthLayout, inlineLink, linkRow } from "./auth-layout";

// The sign-in action (and the API client with it) is fetched once the screen is up (src/lib/first-screen.ts), not
// before it can be shown; a press before then fetches it itself.
const loadAuth = () => import("../../signals/auth");

// "Continue with Google" asks the server whether it is set up, through the API client: both come once the screen is
// up, in a box of the button's size so nothing moves when it arrives.
const GoogleButton = lazyOf(() => import("./google-button").then((m) => m.GoogleButton));
const googleSlot = css`min-height: 48px;`;

const forgotRow = css`display: flex; justify-content: flex-end; margin-top: -4px;`;
const divider = css`
  display: flex; align-items: center; gap: 10px; color: var(--muted); font-size: 14px;
  &::before, &::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
`;
/** /login (and / once onboarding is done): identifier and password, then the role's home (D3). */
export function LoginView(_: ViewProps) {
  useSignals();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  /** Which empty field a press named: shown until that field is typed in. */
  const [missing, setMissing] = useState<{ identifier?: boolean; password?: boolean }>({});
  const busy = loading.value;
  useEffect(() => afterFirstScreen(() => void loadAuth()), []);

  return (
    <AuthLayout heading={t("login.heading")} prompt={t("login.prompt")}>
      <AuthForm
        busy={busy}
        submit={t("login.submit")}
        submitting={t("login.submitting")}
        onSend={() => {
          if (identifier.trim() && password) void loadAuth().then((m) => m.login(identifier, password));
          else {
            setMissing({ identifier: !identifier.trim(), password: !password });
            document.getElementById(identifier.trim() ? "login-password" : "login-identifier")?.focus();
          }
        }}
      >
        <TextField
          id="login-identifier"
          label={t("login.identifier")}
          type="text"
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          // The contract's limit: a paste of thousands of characters was answered "Please enter your email…".
          maxLength={254}
          value={identifier}
          error={missing.identifier ? t("login.identifierRequired") : null}
          onChange={(e) => {
            setIdentifier(e.currentTarget.value);
            setMissing((m) => ({ ...m, identifier: false }));
          }}
        />
        <PasswordField
          id="login-password"
          label={t("login.password")}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={missing.password ? t("login.passwordRequired") : null}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setMissing((m) => ({ ...m, password: false }));
          }}
        />
        <div className={forgotRow}>
          <a className={inlineLink} href={`#${paths.forgot}`}>
            {t("login.forgot")}
          </a>
        </div>
      </AuthForm>
      <div className={divider}>{t("login.or")}</div>
      <AfterFirstScreen fallback={<div className={googleSlot} />}>
        <GoogleButton />
      </AfterFirstScreen>
      <p className={linkRow}>
        <span>{t("login.noAccount")}</span>
        <a className={inlineLink} href={`#${paths.getRole}`}>
          {t("login.createAccount")}
        </a>
      </p>
    </AuthLayout>
  );
}
