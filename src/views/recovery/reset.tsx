import { type FormEvent, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { PasswordField } from "../../components/PasswordField";
import { Button } from "../../components/ui";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../routes";
import { loading, readResetToken, reset } from "../../signals/auth";
import { t } from "../../signals/language";
import { AuthLayout, formCss, inlineLink, linkRow, notice } from "../auth/auth-layout";

/** /reset-password?email=: the new password twice; the reset_token kept by the verify step goes along. */
export function ResetPasswordView(_: ViewProps) {
  useSignals();
  const email = new URLSearchParams(useHashSearch()).get("email") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const busy = loading.value;
  const hasToken = !!readResetToken();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void reset(email, password, confirm);
  };

  return (
    <AuthLayout
      heading={t("recovery.reset.heading")}
      prompt={email ? t("recovery.reset.prompt", { email }) : undefined}
      onBack={() => navigate(paths.login)}
      backLabel={t("auth.backToLogin")}
    >
      {(!hasToken || !email) && (
        <p className={notice} role="status">
          {t("recovery.reset.noToken")}{" "}
          <a className={inlineLink} href={`#${paths.forgot}`}>
            {t("recovery.reset.requestCode")}
          </a>
        </p>
      )}
      <form className={formCss} onSubmit={submit}>
        <PasswordField
          id="reset-password"
          label={t("recovery.reset.newPassword")}
          name="new_password"
          autoComplete="new-password"
          minLength={8}
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordField
          id="reset-confirm"
          label={t("recovery.reset.confirmPassword")}
          name="confirm_password"
          autoComplete="new-password"
          minLength={8}
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? t("recovery.reset.submitting") : t("recovery.reset.submit")}
        </Button>
      </form>
      <p className={linkRow}>
        <a className={inlineLink} href={`#${paths.login}`}>
          {t("auth.backToLogin")}
        </a>
      </p>
    </AuthLayout>
  );
}
