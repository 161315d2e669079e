import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { PasswordField } from "../../components/PasswordField";
import { TextField } from "../../components/ui";
import { paths, type ViewProps } from "../../paths";
import { loading, login } from "../../signals/auth";
import { t } from "../../signals/language";
import { AuthForm, AuthLayout, inlineLink, linkRow } from "./auth-layout";
import { GoogleButton } from "./google-button";

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
      <GoogleButton />
      <p className={linkRow}>
        <span>{t("login.noAccount")}</span>
        <a className={inlineLink} href={`#${paths.getRole}`}>
          {t("login.createAccount")}
        </a>
      </p>
    </AuthLayout>
  );
}
