import { type FormEvent, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { registerCustomer } from "../../api/register";
import { PasswordField } from "../../components/PasswordField";
import { Button, TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE, stripNumber } from "../../contract/auth";
import { paths, type ViewProps } from "../../routes";
import { t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { focusFirstError, formCss, hintCss, MobileRow, RegisterFrame, runRegistration, TermsRow } from "./parts";
import { type CustomerForm, customerCanSubmit, fieldProblems } from "./rules";

const EMPTY: CustomerForm = { name: "", email: "", cntry_code: DEFAULT_DIAL_CODE, mob_no: "", password: "", terms_service: false };

/** /register: a property owner or tenant (D6): name, email, dial code and mobile, password, terms. */
export function CustomerRegisterView({ title }: ViewProps) {
  useSignals();
  const [form, setForm] = useState<CustomerForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof CustomerForm>(key: K, value: CustomerForm[K]) => {
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
    if (!customerCanSubmit(form)) {
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
        registerCustomer({
          name: form.name.trim(),
          email: form.email.trim(),
          cntry_code: form.cntry_code,
          mob_no: stripNumber(form.mob_no.trim()),
          password: form.password,
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

  const p = "customer";
  return (
    <RegisterFrame title={t(title)} prompt={t("register.customer.prompt")}>
      <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
        <TextField id={`${p}-name`} name="name" label={t("register.fields.name")} autoComplete="name" required value={form.name} error={errors.name} onChange={(e) => set("name", e.target.value)} />
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
        <Button type="submit" block disabled={loading || !customerCanSubmit(form)}>
          {loading ? t("register.submitting") : t("register.submit")}
        </Button>
      </form>
    </RegisterFrame>
  );
}
