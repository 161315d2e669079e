import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { PasswordField } from "../../components/PasswordField";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../paths";
import { loading, readResetToken, reset } from "../../signals/auth";
import { t } from "../../signals/language";
import { AuthForm, AuthLayout, BackToLogin, RequestCodeNotice } from "../auth/auth-layout";

/** /reset-password?email=: the new password twice; the reset_token kept by the verify step goes along. */
export function ResetPasswordView(_: ViewProps) {
  useSignals();
  const email = new URLSearchParams(useHashSearch()).get("email") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const busy = loading.value;
  const hasToken = !!readResetToken();
  /** What a press found wrong with each field, until it is typed in. */
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  // 8: contract/auth.ts's PASSWORD_MIN, written here: importing it would load that module's schemas with this screen.
  const problem = (value: string) => (!value ? t("recovery.reset.passwordRequired") : value.length < 8 ? t("recovery.reset.passwordShort") : null);

  const fields = [
    { id: "reset-password", label: t("recovery.reset.newPassword"), name: "new_password", value: password, set: setPassword },
    { id: "reset-confirm", label: t("recovery.reset.confirmPassword"), name: "confirm_password", value: confirm, set: setConfirm },
  ];

  return (
    <AuthLayout
      heading={t("recovery.reset.heading")}
      prompt={email ? t("recovery.reset.prompt", { email }) : undefined}
      onBack={() => navigate(paths.login)}
      backLabel={t("auth.backToLogin")}
    >
      {(!hasToken || !email) && <RequestCodeNotice text={t("recovery.reset.noToken")} link={t("recovery.reset.requestCode")} />}
      <AuthForm
        busy={busy}
        submit={t("recovery.reset.submit")}
        submitting={t("recovery.reset.submitting")}
        onSend={() => {
          const found = { "reset-password": problem(password), "reset-confirm": confirm ? null : t("recovery.reset.passwordRequired") };
          setErrors(found);
          const first = Object.entries(found).find(([, e]) => e)?.[0];
          if (first) document.getElementById(first)?.focus();
          else void reset(email, password, confirm);
        }}
      >
        {fields.map((f) => (
          <PasswordField
            key={f.id}
            id={f.id}
            label={f.label}
            name={f.name}
            autoComplete="new-password"
            minLength={8}
            required
            value={f.value}
            error={errors[f.id]}
            onChange={(e) => {
              f.set(e.currentTarget.value);
              setErrors((x) => ({ ...x, [f.id]: null }));
            }}
          />
        ))}
      </AuthForm>
      <BackToLogin />
    </AuthLayout>
  );
}
