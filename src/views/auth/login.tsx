import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { PasswordField } from "../../components/PasswordField";
import { TextField } from "../../components/ui";
import { paths, type ViewProps } from "../../paths";
import { loading, login } from "../../signals/auth";
import { t } from "../../signals/language";
import { AuthForm, AuthLayout, inlineLink, linkRow } from "./auth-layout";

const forgotRow = css`display: flex; justify-content: flex-end; margin-top: -4px;`;
const divider = css`
  display: flex; align-items: center; gap: 10px; color: var(--muted); font-size: 14px;
  &::before, &::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
`;
const googleCss = css`
  display: flex; align-items: center; justify-content: center; gap: 10px; width: 100%; min-height: 48px;
  border: 1px solid var(--line); border-radius: 10px; background: #fff; font-weight: 600; color: var(--ink);
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

function GoogleLogo() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
      <path fill="#FBBC05" d="M10.6 28.6A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.1 1.4-4.9 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

/** /login (and / once onboarding is done): identifier and password, then the role's home (D3). */
export function LoginView(_: ViewProps) {
  useSignals();
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const busy = loading.value;

  return (
    <AuthLayout heading={t("login.heading")} prompt={t("login.prompt")}>
      <AuthForm
        busy={busy}
        submit={t("login.submit")}
        submitting={t("login.submitting")}
        onSend={() => {
          if (identifier.trim() && password) void login(identifier, password);
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
          value={identifier}
          onChange={(e) => setIdentifier(e.currentTarget.value)}
        />
        <PasswordField
          id="login-password"
          label={t("login.password")}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <div className={forgotRow}>
          <a className={inlineLink} href={`#${paths.forgot}`}>
            {t("login.forgot")}
          </a>
        </div>
      </AuthForm>
      <div className={divider}>{t("login.or")}</div>
      <div>
        <button type="button" className={googleCss} disabled aria-describedby="google-unavailable">
          <GoogleLogo />
          <span>{t("login.google")}</span>
        </button>
        <p id="google-unavailable" className={css`margin: 6px 0 0; text-align: center; font-size: 13px; color: var(--muted);`}>
          {t("login.googleUnavailable")}
        </p>
      </div>
      <p className={linkRow}>
        <span>{t("login.noAccount")}</span>
        <a className={inlineLink} href={`#${paths.getRole}`}>
          {t("login.createAccount")}
        </a>
      </p>
    </AuthLayout>
  );
}
