import { useSignals } from "@preact/signals-react/runtime";
import { registerTechnician } from "../../api/register";
import { LanguagesPicker } from "../../components/LanguagesPicker";
import { SkillsPicker } from "../../components/SkillsPicker";
import { TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE } from "../../contract/common";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { MobileRow, PasswordOrGoogle, RegisterForm, RegisterFrame } from "./parts";
import { type TechnicianForm, technicianMissing, technicianComplete } from "./rules";
import { type AuthContract, useRegistrationForm } from "./use-registration-form";

const EMPTY: TechnicianForm = { name: "", email: "", cntry_code: DEFAULT_DIAL_CODE, mob_no: "", password: "", terms_service: false, skills: [], language: [] };

const options = {
  draftKey: "signup:technician",
  // One message for anything missing, the terms included (SPEC.md section 5).
  blocked: (form: TechnicianForm) => (technicianComplete(form) ? null : "register.required"),
  schema: (contract: AuthContract) => contract.techRegister,
  send: registerTechnician,
  body: (form: TechnicianForm) => {
    const email = form.email.trim();
    return {
      name: form.name.trim(),
      ...(email ? { email } : {}),
      cntry_code: form.cntry_code,
      mob_no: form.mob_no.trim(),
      password: form.password,
      terms_service: true as const,
      skills: form.skills,
      language: form.language,
    };
  },
};

/** /technician-register: SPEC.md sections 2, 3 and 5. */
export function TechnicianRegisterView({ title }: ViewProps) {
  useSignals();
  const state = useRegistrationForm(EMPTY, options);
  const { form, errors, set } = state;

  const p = "tech";
  return (
    <RegisterFrame title={t(title)} prompt={t("register.technician.prompt")} guard={state.guard}>
      <RegisterForm idPrefix={p} state={state} missing={technicianMissing(form)}>
        <TextField
          id={`${p}-name`}
          name="name"
          label={t("register.fields.name")}
          autoComplete="name"
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => set("name", e.target.value)}
        />
        <MobileRow
          idPrefix={p}
          dial={form.cntry_code}
          mobile={form.mob_no}
          onDial={(d) => set("cntry_code", d)}
          onMobile={(m) => set("mob_no", m)}
          errors={errors}
        />
        <TextField
          id={`${p}-email`}
          name="email"
          type="email"
          label={t("register.fields.emailOptional")}
          autoComplete="email"
          value={form.email}
          readOnly={!!form.oauth_ticket}
          error={errors.email}
          onChange={(e) => set("email", e.target.value)}
        />
        <SkillsPicker id={`${p}-skills`} label={t("register.fields.skills")} value={form.skills} onChange={(ids) => set("skills", ids)} error={errors.skills} />
        <LanguagesPicker
          id={`${p}-language`}
          label={t("register.fields.languages")}
          value={form.language}
          onChange={(codes) => set("language", codes)}
          error={errors.language}
        />
        <PasswordOrGoogle idPrefix={p} state={state} />
      </RegisterForm>
    </RegisterFrame>
  );
}
