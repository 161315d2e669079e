import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { TextField } from "../../components/ui";
import { isEmail } from "../../contract/email";
import { navigate } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../paths";
import { forgot, loading } from "../../signals/auth";
import { t } from "../../signals/language";
import { AuthForm, AuthLayout, BackToLogin } from "../auth/auth-layout";

/** /forgetpassword: asks for the account's email and sends a code. */
export function ForgotPasswordView(_: ViewProps) {
  useSignals();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<"required" | "format" | null>(null);
  const busy = loading.value;

  return (
    <AuthLayout
      heading={t("recovery.forgot.heading")}
      prompt={t("recovery.forgot.prompt")}
      onBack={() => navigate(paths.login)}
      backLabel={t("auth.backToLogin")}
    >
      <AuthForm
        busy={busy}
        submit={t("recovery.forgot.submit")}
        submitting={t("recovery.forgot.submitting")}
        onSend={() => {
          if (!email.trim()) return setInvalid("required");
          // The one email rule (src/contract/email.ts), the server's: a@b..com is named here, not sent.
          if (!isEmail(email)) return setInvalid("format");
          void forgot(email);
        }}
      >
        <TextField
          id="forgot-email"
          label={t("recovery.forgot.email")}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={invalid === "required" ? t("recovery.forgot.emailRequired") : invalid ? t("recovery.forgot.emailInvalid") : null}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setInvalid(null);
          }}
        />
      </AuthForm>
      <BackToLogin />
    </AuthLayout>
  );
}
