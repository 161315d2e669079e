import { useSignals } from "@preact/signals-react/runtime";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { AuthLayout, BackToLogin } from "./auth-layout";

/** /oauth/callback: social sign-in does not exist yet, so this says so plainly instead of pretending to sign in. */
export function OAuthCallbackView(_: ViewProps) {
  useSignals();
  return (
    <AuthLayout heading={t("recovery.oauth.heading")} prompt={t("recovery.oauth.text")}>
      <BackToLogin />
    </AuthLayout>
  );
}
