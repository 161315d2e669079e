import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type GoogleSignup, readGoogleSignup, writeGoogleSignup } from "../lib/google-signup";
import { t } from "../signals/language";

const box = css`
  background: var(--brand-soft); color: var(--brand-dark); border-radius: 10px; padding: 12px 14px; margin: 0;
  display: flex; flex-direction: column; gap: 6px; font-size: 14px;
  & strong { overflow-wrap: anywhere; font-size: 16px; }
  & .email { overflow-wrap: anywhere; font-weight: 600; }
  & button { align-self: flex-start; background: none; border: 0; padding: 0; min-height: 44px; color: var(--brand-dark); font-weight: 600; text-decoration: underline; cursor: pointer; }
`;

/**
 * Shown on the role picker and the registration forms while a Google sign-up is under way: who is signing up (name and
 * email from Google), that no password is needed, and a way to sign up with a password instead.
 */
export function GoogleSignupNotice({ onCancel }: { onCancel?: () => void }) {
  useSignals();
  const [signup, setSignup] = useState<GoogleSignup | null>(readGoogleSignup);
  if (!signup) return null;
  return (
    <div className={box} role="note" data-testid="google-signup">
      <span>{t("google.signingUpAs")}</span>
      {signup.name && <strong>{signup.name}</strong>}
      <span className="email">
        <bdi>{signup.email}</bdi>
      </span>
      <span>{t("google.noPassword")}</span>
      <button
        type="button"
        onClick={() => {
          writeGoogleSignup(null);
          setSignup(null);
          onCancel?.();
        }}
      >
        {t("google.usePassword")}
      </button>
    </div>
  );
}
