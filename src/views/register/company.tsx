import { type FormEvent, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { registerCompany } from "../../api/register";
import { PasswordField } from "../../components/PasswordField";
import { Button, TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE, stripNumber } from "../../contract/auth";
import { useHashSearch } from "../../lib/hash-location";
import { companyPrefill } from "../../lib/jwt";
import { paths, type ViewProps } from "../../routes";
import { t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { focusFirstError, formCss, hintCss, MobileRow, noticeCss, RegisterFrame, runRegistration, TermsRow } from "./parts";
import { type CompanyForm, companyCanSubmit, fieldProblems } from "./rules";

const EMPTY: CompanyForm = { name: "", email: "", cntry_code: DEFAULT_DIAL_CODE, mob_no: "", password: "", reg_no: "", terms_service: false };

/** /mc-register: SPEC.md sections 2, 4 and 5; `?user_info=JWT` prefills name, email, mob_no and cntry_code (D7). */
export function CompanyRegisterView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  // Read once: the token fills the form in when the screen opens; what the user types afterwards wins.
  const [prefill] = useState(() => companyPrefill(new URLSearchParams(search).get("user_info")));
  const [form, setForm] = useState<CompanyForm>(() => ({ ...EMPTY, ...prefill }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof CompanyForm>(key: K, value: CompanyForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    if (!form.terms_service) {
      authToast(t("register.termsRequired"), "error");
      return;
    }
    if (!companyCanSubmit(form)) {
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
    const fieldErrors = await runRegistration(
      () =>
        registerCompany({
          name: form.name.trim(),
          email: form.email.trim(),
          password: form.password,
          mob_no: stripNumber(form.mob_no.trim()),
          cntry_code: form.cntry_code,
          reg_no: form.reg_no.trim(),
          terms_service: true,
        }),
      paths.login,
    );
    setLoading(false);
    if (fieldErrors) {
      setErrors(fieldErrors);
      focusFirstError(formRef.current);
    }
  };

  const p = "company";
  return (
    <RegisterFrame title={t(title)} prompt={t("register.company.prompt")}>
      {Object.keys(prefill).length > 0 && (
        <p className={noticeCss} role="status">
          {t("register.company.prefilled")}
        </p>
      )}
      <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
        <TextField id={`${p}-name`} name="name" label={t("register.fields.companyName")} autoComplete="organization" required value={form.name} error={errors.name} onChange={(e) => set("name", e.target.value)} />
        <TextField id={`${p}-reg_no`} name="reg_no" label={t("register.fields.regNo")} autoComplete="off" required value={form.reg_no} error={errors.reg_no} onChange={(e) => set("reg_no", e.target.value)} />
        <TextField id={`${p}-email`} name="email" type="email" label={t("register.fields.email")} autoComplete="email" required value={form.email} error={errors.email} onChange={(e) => set("email", e.target.value)} />
        <MobileRow idPrefix={p} dial={form.cntry_code} mobile={form.mob_no} onDial={(d) => set("cntry_code", d)} onMobile={(m) => set("mob_no", m)} errors={errors} />
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
        <Button type="submit" block disabled={loading || !companyCanSubmit(form)}>
          {loading ? t("register.submitting") : t("register.submit")}
        </Button>
      </form>
    </RegisterFrame>
  );
}
