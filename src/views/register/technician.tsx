import { type FormEvent, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { registerTechnician } from "../../api/register";
import { LanguagesPicker } from "../../components/LanguagesPicker";
import { PasswordField } from "../../components/PasswordField";
import { SkillsPicker } from "../../components/SkillsPicker";
import { Button, TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE, stripNumber } from "../../contract/auth";
import { paths, type ViewProps } from "../../routes";
import { t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { focusFirstError, formCss, hintCss, MobileRow, RegisterFrame, runRegistration, TermsRow } from "./parts";
import { fieldProblems, type TechnicianForm, technicianCanSubmit, technicianComplete } from "./rules";

const EMPTY: TechnicianForm = { name: "", email: "", cntry_code: DEFAULT_DIAL_CODE, mob_no: "", password: "", terms_service: false, skills: [], language: [] };

/** /technician-register: SPEC.md sections 2, 3 and 5. */
export function TechnicianRegisterView({ title }: ViewProps) {
  useSignals();
  const [form, setForm] = useState<TechnicianForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof TechnicianForm>(key: K, value: TechnicianForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    if (!technicianComplete(form)) {
      authToast(t("register.required"), "error");
      return;
    }
    const problems = fieldProblems(form);
    if (Object.keys(problems).length) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)])));
      focusFirstError(formRef.current);
      return;
    }
    setLoading(true);
    const email = form.email.trim();
    const fieldErrors = await runRegistration(
      () =>
        registerTechnician({
          name: form.name.trim(),
          ...(email ? { email } : {}),
          cntry_code: form.cntry_code,
          mob_no: stripNumber(form.mob_no.trim()),
          password: form.password,
          terms_service: true,
          skills: form.skills,
          language: form.language,
        }),
      // SPEC.md sends technicians to /jobs after sign-up, but signing up does not sign in, and /jobs would only
      // bounce a signed-out user to /login; so go to /login directly, and sign-in then lands them on /jobs (D3).
      paths.login,
    );
    setLoading(false);
    if (fieldErrors) {
      setErrors(fieldErrors);
      focusFirstError(formRef.current);
    }
  };

  const p = "tech";
  return (
    <RegisterFrame title={t(title)} prompt={t("register.technician.prompt")}>
      <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
        <TextField id={`${p}-name`} name="name" label={t("register.fields.name")} autoComplete="name" required value={form.name} error={errors.name} onChange={(e) => set("name", e.target.value)} />
        <MobileRow idPrefix={p} dial={form.cntry_code} mobile={form.mob_no} onDial={(d) => set("cntry_code", d)} onMobile={(m) => set("mob_no", m)} errors={errors} />
        <TextField id={`${p}-email`} name="email" type="email" label={t("register.fields.emailOptional")} autoComplete="email" value={form.email} error={errors.email} onChange={(e) => set("email", e.target.value)} />
        <SkillsPicker id={`${p}-skills`} label={t("register.fields.skills")} value={form.skills} onChange={(ids) => set("skills", ids)} error={errors.skills} />
        <LanguagesPicker id={`${p}-language`} label={t("register.fields.languages")} value={form.language} onChange={(codes) => set("language", codes)} error={errors.language} />
        <PasswordField
          id={`${p}-password`}
          name="password"
          label={t("register.fields.password")}
          autoComplete="new-password"
          required
          minLength={8}
          aria-describedby={errors.password ? `${p}-password-error` : `${p}-password-hint`}
          value={form.password}
          error={errors.password}
          onChange={(e) => set("password", e.target.value)}
        />
        {!errors.password && (
          <p id={`${p}-password-hint`} className={hintCss}>
            {t("register.fields.passwordHint")}
          </p>
        )}
        <TermsRow idPrefix={p} checked={form.terms_service} onChange={(v) => set("terms_service", v)} error={errors.terms_service} />
        <Button type="submit" block disabled={loading || !technicianCanSubmit(form)}>
          {loading ? t("register.submitting") : t("register.submit")}
        </Button>
      </form>
    </RegisterFrame>
  );
}
