import { type FormEvent, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button, TextField } from "../../components/ui";
import { navigate } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../routes";
import { forgot, loading } from "../../signals/auth";
import { t } from "../../signals/language";
import { AuthLayout, formCss, inlineLink, linkRow } from "../auth/auth-layout";

/** /forgetpassword: asks for the account's email and sends a code. */
export function ForgotPasswordView(_: ViewProps) {
  useSignals();
  const [email, setEmail] = useState("");
  const busy = loading.value;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !email.trim()) return;
    void forgot(email);
  };

  return (
    <AuthLayout heading={t("recovery.forgot.heading")} prompt={t("recovery.forgot.prompt")} onBack={() => navigate(paths.login)} backLabel={t("auth.backToLogin")}>
      <form className={formCss} onSubmit={submit}>
        <TextField
          id="forgot-email"
          label={t("recovery.forgot.email")}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? t("recovery.forgot.submitting") : t("recovery.forgot.submit")}
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
