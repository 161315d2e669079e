import { useSignals } from "@preact/signals-react/runtime";
import { paths, type ViewProps } from "../../routes";
import { t } from "../../signals/language";
import { AuthLayout, inlineLink, linkRow } from "./auth-layout";

/** /oauth/callback: social sign-in does not exist yet, so this says so plainly instead of pretending to sign in. */
export function OAuthCallbackView(_: ViewProps) {
  useSignals();
  return (
    <AuthLayout heading={t("recovery.oauth.heading")} prompt={t("recovery.oauth.text")}>
      <p className={linkRow}>
        <a className={inlineLink} href={`#${paths.login}`}>
          {t("auth.backToLogin")}
        </a>
      </p>
    </AuthLayout>
  );
}
