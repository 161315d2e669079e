import { useSignals } from "@preact/signals-react/runtime";
import { registerCustomer } from "../../api/register";
import { TextField } from "../../components/ui";
import { DEFAULT_DIAL_CODE } from "../../contract/common";
import type { ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { MobileRow, PasswordOrGoogle, RegisterForm, RegisterFrame } from "./parts";
import { type CustomerForm, customerCanSubmit, customerMissing } from "./rules";
import { type AuthContract, termsThenRequired, useRegistrationForm } from "./use-registration-form";

const EMPTY: CustomerForm = { name: "", email: "", cntry_code: DEFAULT_DIAL_CODE, mob_no: "", password: "", terms_service: false };

const options = {
  draftKey: "signup:customer",
  blocked: termsThenRequired(customerCanSubmit),
  schema: (contract: AuthContract) => contract.customerRegister,
  send: registerCustomer,
  body: (form: CustomerForm) => ({
    name: form.name.trim(),
    email: form.email.trim(),
    cntry_code: form.cntry_code,
    mob_no: form.mob_no.trim(),
    password: form.password,
    terms_service: true as const,
  }),
};

/** /register: a property owner or tenant (D6): name, email, dial code and mobile, password, terms. */
export function CustomerRegisterView({ title }: ViewProps) {
  useSignals();
  const state = useRegistrationForm(EMPTY, options);
  const { form, errors, set } = state;

  const p = "customer";
  return (
    <RegisterFrame title={t(title)} prompt={t("register.customer.prompt")} guard={state.guard}>
      <RegisterForm idPrefix={p} state={state} missing={customerMissing(form)}>
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
