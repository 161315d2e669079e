import { css } from "goober";
import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { OTP_LENGTH, OtpInput } from "../../components/OtpInput";
import { Button } from "../../components/ui";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../paths";
import { loading, resend, verify } from "../../signals/auth";
import { canResend, formatCountdown, pauseCountdown, remaining, resumeCountdown } from "../../signals/countdown";
import { t } from "../../signals/language";
import { AuthForm, AuthLayout, BackToLogin, RequestCodeNotice } from "../auth/auth-layout";

const resendRow = css`
  display: flex; flex-direction: column; align-items: center; gap: 4px; text-align: center;
  & p { margin: 0; color: var(--muted); font-size: 14px; }
`;

/** /verify-code?email=: six boxes, Verify once all are filled, and a resend that waits out the countdown. */
export function VerifyCodeView(_: ViewProps) {
  useSignals();
  const email = new URLSearchParams(useHashSearch()).get("email") ?? "";
  const [code, setCode] = useState("");
  const busy = loading.value;
  const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

  useEffect(() => {
    resumeCountdown();
    return pauseCountdown;
  }, []);

  const waiting = !canResend.value;
  return (
    <AuthLayout
      heading={t("recovery.verify.heading")}
      prompt={email ? t("recovery.verify.prompt", { email }) : t("recovery.verify.promptNoEmail")}
      onBack={() => navigate(paths.forgot)}
    >
      {!email && <RequestCodeNotice text={t("recovery.verify.missingEmail")} link={t("recovery.verify.requestCode")} />}
      <AuthForm
        busy={busy}
        disabled={busy || !complete || !email}
        submit={t("recovery.verify.submit")}
        submitting={t("recovery.verify.submitting")}
        onSend={() => {
          if (complete && email) void verify(email, code);
        }}
      >
        <OtpInput value={code} onChange={setCode} />
      </AuthForm>
      <div className={resendRow}>
        <p data-testid="countdown">{waiting ? t("auth.countdown.wait", { time: formatCountdown(remaining.value) }) : t("auth.countdown.ready")}</p>
        <Button variant="ghost" disabled={waiting || busy || !email} onClick={() => void resend(email)}>
          {t("recovery.verify.resend")}
        </Button>
      </div>
      <BackToLogin />
    </AuthLayout>
  );
}
