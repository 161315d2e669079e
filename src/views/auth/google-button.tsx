import { css } from "goober";
import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { googleConfigured, googleStartUrl } from "../../api/oauth";
import { writeGoogleSignup } from "../../lib/google-signup";
import { lang, t } from "../../signals/language";

const googleCss = css`
  display: flex; align-items: center; justify-content: center; gap: 10px; width: 100%; min-height: 48px;
  border: 1px solid var(--line); border-radius: 10px; background: #fff; font-weight: 600; color: var(--ink);
  text-decoration: none;
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

/**
 * SPEC.md's social sign-in logo on the login screen: "Continue with Google" when the server has a provider set up
 * (GET /oauth/config), which leaves the app for the provider and comes back through /oauth/callback. Without one, or
 * while asking, it stays dimmed; without one it says so.
 */
export function GoogleButton() {
  useSignals();
  const [state, setState] = useState<"asking" | "ready" | "off">("asking");
  useEffect(() => {
    const ctl = new AbortController();
    googleConfigured(ctl.signal).then(
      (on) => setState(on ? "ready" : "off"),
      () => !ctl.signal.aborted && setState("off"),
    );
    return () => ctl.abort();
  }, []);
  const content = (
    <>
      <GoogleLogo />
      <span>{t("login.google")}</span>
    </>
  );
  return (
    <div>
      {state === "ready" ? (
        // A half-finished Google sign-up of an earlier visit must not leak into this one.
        <a className={googleCss} href={googleStartUrl(lang.value)} onClick={() => writeGoogleSignup(null)}>
          {content}
        </a>
      ) : (
        <button type="button" className={googleCss} disabled aria-describedby={state === "off" ? "google-unavailable" : undefined}>
          {content}
        </button>
      )}
      {state === "off" && (
        <p id="google-unavailable" className={css`margin: 6px 0 0; text-align: center; font-size: 13px; color: var(--muted);`}>
          {t("google.unavailable")}
        </p>
      )}
    </div>
  );
}
