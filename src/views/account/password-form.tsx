import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { changePassword } from "../../api/account";
import { AccountSection, actionsCss, hintCss } from "../../components/account/parts";
import { PasswordField } from "../../components/PasswordField";
import { Button } from "../../components/ui";
import { passwordChange } from "../../contract/account";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../contract/messages";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { stack } from "../../styles/theme";
import { check, failureOf } from "./rules";
import { focusFirstError, type SectionProps } from "./use-profile-form";
import { errorTexts } from "../../lib/error-texts";
import { dropError } from "./form-check";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };

/** The password: the current one (unless the account has none, Google sign-in), the new one and its confirmation. */
export function PasswordSection({ profile, onSaved, onDirty }: SectionProps) {
  useSignals();
  const hasPassword = profile.has_password !== false;
  const [form, setForm] = useState(EMPTY);
  const [errorKeys, setErrors] = useState<Record<string, string>>({});
  const errors = errorTexts(errorKeys);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const dirty = Object.values(form).some(Boolean);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reports this section's state only
  useEffect(() => onDirty("password", dirty), [dirty]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on leaving only
  useEffect(() => () => onDirty("password", false), []);

  const set = (field: keyof typeof EMPTY, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(dropError(field));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = hasPassword ? form : { new_password: form.new_password, confirm_password: form.confirm_password };
    const checked = check(passwordChange, body);
    const problems = { ...checked.errors };
    if (hasPassword && !form.current_password) problems.current_password = "account.errors.currentRequired";
    if (!checked.data || Object.keys(problems).length) {
      setErrors(problems);
      focusFirstError(ref.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await changePassword(checked.data);
      setForm(EMPTY);
      setErrors({});
      if (!hasPassword) onSaved(answer.data ?? { ...profile, has_password: true });
      showToast({ key: "account.password.changed", message: answer.message }, "success", { id: "account-password" });
    } catch (err) {
      const failure = await failureOf(err);
      setErrors(failure.errors);
      showToast({ key: "account.password.failed", message: failure.detail }, "error", { id: "account-password" });
      focusFirstError(ref.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection id="profile-password" title={t(hasPassword ? "account.password.title" : "account.password.setTitle")} testId="password-section">
      {!hasPassword && <p className={hintCss}>{t("account.password.none")}</p>}
      <form ref={ref} className={stack} noValidate onSubmit={submit}>
        {hasPassword && (
          <PasswordField
            id="password-current"
            label={t("account.password.current")}
            autoComplete="current-password"
            maxLength={1024}
            aria-describedby={errors.current_password ? "password-current-error" : undefined}
            value={form.current_password}
            error={errors.current_password}
            onChange={(e) => set("current_password", e.currentTarget.value)}
          />
        )}
        <PasswordField
          id="password-new"
          label={t("account.password.new")}
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby={errors.new_password ? "password-new-error" : "password-new-hint"}
          value={form.new_password}
          error={errors.new_password}
          onChange={(e) => set("new_password", e.currentTarget.value)}
        />
        {!errors.new_password && (
          <p id="password-new-hint" className={hintCss}>
            {t("account.password.hint", { min: PASSWORD_MIN })}
          </p>
        )}
        <PasswordField
          id="password-confirm"
          label={t("account.password.confirm")}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-describedby={errors.confirm_password ? "password-confirm-error" : undefined}
          value={form.confirm_password}
          error={errors.confirm_password}
          onChange={(e) => set("confirm_password", e.currentTarget.value)}
        />
        <div className={actionsCss}>
          <Button type="submit" disabled={busy || !dirty} aria-busy={busy || undefined}>
            {busy ? t("account.saving") : t(hasPassword ? "account.password.submit" : "account.password.setSubmit")}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
