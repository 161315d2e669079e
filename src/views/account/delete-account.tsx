import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { deleteAccount, requestDeleteCode } from "../../api/account";
import { AccountSection, hintCss } from "../../components/account/parts";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { OtpInput } from "../../components/OtpInput";
import { PasswordField } from "../../components/PasswordField";
import { Button } from "../../components/ui";
import type { AccountProfile } from "../../contract/account";
import { OTP_LENGTH } from "../../contract/auth";
import { navigate } from "../../lib/hash-location";
import { paths } from "../../paths";
import { t } from "../../signals/language";
import { signOut } from "../../signals/session";
import { authToast, showToast } from "../../signals/toasts";
import { errorText, stack } from "../../styles/theme";
import { failureOf } from "./rules";

/**
 * Delete account, behind the delete-confirmation dialog: it asks for the password, or (an account without one) for a
 * code it has sent. Once deleted the session is cleared here too and the sign-in screen says so.
 */
export function DeleteAccountSection({ profile }: { profile: AccountProfile }) {
  useSignals();
  const hasPassword = profile.has_password !== false;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setPassword("");
    setCode("");
    setError(null);
    setOpen(true);
  };

  const sendCode = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await requestDeleteCode();
      setCodeSent(true);
      showToast({ key: "account.delete.codeSent", message: answer.message }, "success", { id: "account-delete" });
    } catch (err) {
      showToast({ key: "account.delete.codeFailed", message: (await failureOf(err)).detail }, "error", { id: "account-delete" });
    } finally {
      setSending(false);
    }
  };

  const confirm = async () => {
    const otp = code.replace(/\s/g, "");
    if (hasPassword && !password) return setError(t("account.delete.passwordRequired"));
    if (!hasPassword && !new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) return setError(t("account.errors.otp"));
    setError(null);
    let message: string | undefined;
    try {
      message = (await deleteAccount(hasPassword ? { password } : { otp })).message;
    } catch (err) {
      const failure = await failureOf(err);
      setError(failure.errors.password ?? failure.errors.otp ?? failure.detail ?? t("account.delete.failed"));
      // Keeps the dialog open and usable again, with what was typed.
      throw err;
    }
    setOpen(false);
    signOut();
    authToast({ key: "account.delete.done", message }, "success");
    navigate(paths.login, { replace: true });
  };

  return (
    <AccountSection id="profile-delete" title={t("account.delete.title")} testId="delete-section">
      <p className={hintCss}>{t("account.delete.hint")}</p>
      <Button variant="danger" onClick={start}>
        {t("account.delete.button")}
      </Button>
      <ConfirmDelete
        open={open}
        title={t("account.delete.confirmTitle")}
        confirmLabel={t("account.delete.confirm")}
        busyLabel={t("account.delete.busy")}
        what={
          <div className={stack}>
            <p className={css`margin: 0;`}>{t("account.delete.what")}</p>
            {hasPassword ? (
              <PasswordField
                id="delete-password"
                label={t("account.delete.password")}
                autoComplete="current-password"
                maxLength={1024}
                value={password}
                error={error}
                aria-describedby={error ? "delete-password-error" : undefined}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setError(null);
                }}
              />
            ) : (
              <>
                <p className={hintCss}>{t("account.delete.codeHint")}</p>
                <Button variant="secondary" disabled={sending} aria-busy={sending || undefined} onClick={() => void sendCode()}>
                  {sending ? t("account.contact.sending") : t(codeSent ? "account.delete.resendCode" : "account.delete.sendCode")}
                </Button>
                <OtpInput
                  id="delete-otp"
                  value={code}
                  onChange={(c) => {
                    setCode(c);
                    setError(null);
                  }}
                />
                {error && (
                  <p role="alert" className={errorText}>
                    {error}
                  </p>
                )}
              </>
            )}
          </div>
        }
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </AccountSection>
  );
}
