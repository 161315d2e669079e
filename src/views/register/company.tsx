import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { registerCompany } from "../../api/register";
import { TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE } from "../../contract/common";
import { useHashSearch } from "../../lib/hash-location";
import { companyPrefill } from "../../lib/jwt";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { MobileRow, PasswordOrGoogle, noticeCss, RegisterForm, RegisterFrame } from "./parts";
import { type CompanyForm, companyCanSubmit, companyMissing } from "./rules";
import { type AuthContract, termsThenRequired, useRegistrationForm } from "./use-registration-form";

const EMPTY: CompanyForm = { name: "", email: "", cntry_code: DEFAULT_DIAL_CODE, mob_no: "", password: "", reg_no: "", terms_service: false };

const options = {
  draftKey: "signup:company",
  blocked: termsThenRequired(companyCanSubmit),
  schema: (contract: AuthContract) => contract.companyRegister,
  send: registerCompany,
  body: (form: CompanyForm) => ({
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    mob_no: form.mob_no.trim(),
    cntry_code: form.cntry_code,
    reg_no: form.reg_no.trim(),
    terms_service: true as const,
  }),
};

/** /mc-register: SPEC.md sections 2, 4 and 5; `?user_info=JWT` prefills name, email, mob_no and cntry_code (D7). */
export function CompanyRegisterView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  // Read once: the token fills the form in when the screen opens; what the user types afterwards wins.
  const [prefill] = useState(() => companyPrefill(new URLSearchParams(search).get("user_info")));
  const state = useRegistrationForm<CompanyForm, AuthContract["companyRegister"]>(() => ({ ...EMPTY, ...prefill }), options);
  const { form, errors, set } = state;

  const p = "company";
  return (
    <RegisterFrame title={t(title)} prompt={t("register.company.prompt")} guard={state.guard}>
      {Object.keys(prefill).length > 0 && (
        <p className={noticeCss} role="status">
          {t("register.company.prefilled")}
        </p>
      )}
      <RegisterForm idPrefix={p} state={state} missing={companyMissing(form)}>
        <TextField
          id={`${p}-name`}
          name="name"
          label={t("register.fields.companyName")}
          autoComplete="organization"
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => set("name", e.target.value)}
        />
        <TextField
          id={`${p}-reg_no`}
          name="reg_no"
          label={t("register.fields.regNo")}
          autoComplete="off"
          required
          value={form.reg_no}
          error={errors.reg_no}
          onChange={(e) => set("reg_no", e.target.value)}
        />
        <TextField
          id={`${p}-email`}
          name="email"
          type="email"
          label={t("register.fields.email")}
          autoComplete="email"
          required
          value={form.email}
          readOnly={!!form.oauth_ticket}
          error={errors.email}
          onChange={(e) => set("email", e.target.value)}
        />
        <MobileRow
          idPrefix={p}
          dial={form.cntry_code}
          mobile={form.mob_no}
          onDial={(d) => set("cntry_code", d)}
          onMobile={(m) => set("mob_no", m)}
          errors={errors}
        />
        <PasswordOrGoogle idPrefix={p} state={state} />
      </RegisterForm>
    </RegisterFrame>
  );
}
