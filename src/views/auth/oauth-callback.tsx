import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { exchangeTicket } from "../../api/oauth-session";
import { errorDetail } from "../../api/client";
import { OAUTH_ERRORS } from "../../contract/oauth";
import { writeGoogleSignup } from "../../lib/google-signup";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../paths";
import { enterHome } from "../../signals/auth";
import { t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { notice } from "../../styles/theme";
import { AuthLayout, BackToLogin } from "./auth-layout";

type Reason = (typeof OAUTH_ERRORS)[number];
const reasonOf = (raw: string | null): Reason => ((OAUTH_ERRORS as readonly string[]).includes(raw ?? "") ? (raw as Reason) : "failed");

/**
 * /oauth/callback (SPEC.md section 2): the server sends the browser here after Google with a single-use ticket, or
 * with why it failed. A known person is signed in and goes to their home (D3); a new one goes to the role picker with
 * their name and email kept for the registration form.
 */
export function OAuthCallbackView(_: ViewProps) {
  useSignals();
  const params = new URLSearchParams(useHashSearch());
  const ticket = params.get("ticket");
  // Why the server sent no ticket comes in the link; why a ticket was refused comes from the server.
  const [refused, setRefused] = useState<string | null>(null);
  const failure = ticket ? refused : t(`google.errors.${reasonOf(params.get("error"))}`);

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    exchangeTicket(ticket).then(
      (outcome) => {
        if (!live) return;
        if (outcome.kind === "signed_in") {
          authToast({ key: "login.success" }, "success");
          enterHome(outcome.session);
        } else {
          writeGoogleSignup({ name: outcome.name, email: outcome.email, register_ticket: outcome.register_ticket });
          navigate(paths.getRole, { replace: true });
        }
      },
      async (e) => {
        if (live) setRefused((await errorDetail(e)) || t("google.errors.failed"));
      },
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  return (
    <AuthLayout heading={failure ? t("google.failedHeading") : t("titles.oauth")}>
      {failure ? (
        <p className={notice} role="alert">
          {failure}
        </p>
      ) : (
        <p role="status">{t("google.signingIn")}</p>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}
