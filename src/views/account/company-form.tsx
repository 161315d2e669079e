import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { uploadLogo } from "../../api/account";
import { AccountPicture, AccountSection, ltrCss, PicturePicker, pictureUrl, SaveRow } from "../../components/account/parts";
import { Field, TextField } from "../../components/ui";
import { ACCOUNT_LIMITS, type AccountProfile } from "../../contract/account";
import { amountProblem, formatMinor, parseMinor } from "../../contract/money";
import { currencyName } from "../../lib/currency";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { muted, stack } from "../../styles/theme";
import { pictureFailure } from "./photo-card";
import { decimalsOf, westernNumber } from "./rules";
import { type SectionProps, useProfileForm } from "./use-profile-form";

type Company = NonNullable<AccountProfile["company"]>;

interface CompanyForm extends Record<string, unknown> {
  name: string;
  reg_no: string;
  hourly_rate: string;
}

/** The hourly rate's message for what amountProblem finds; any other problem asks for the example's form. */
const RATE_ERRORS: Partial<Record<ReturnType<typeof amountProblem>, string>> = {
  negative: "account.errors.hourlyRate",
  comma: "account.errors.hourlyRateComma",
  tooLarge: "account.errors.hourlyRateMax",
};
/** The rate as the manager types it: minor units shown with the currency's decimals ("12.500" OMR, "12.50" AED). */
const rateText = (c: Company) => (Number.isSafeInteger(c.hourly_rate) ? formatMinor(c.hourly_rate, decimalsOf(c.currency)) : String(c.hourly_rate));
const from = (p: AccountProfile): CompanyForm => ({
  name: p.company?.name ?? "",
  reg_no: p.company?.reg_no ?? "",
  hourly_rate: p.company ? rateText(p.company) : "",
});

function builder(currency: string) {
  return (form: CompanyForm, initial: CompanyForm) => {
    const company: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    if (form.name !== initial.name) company.name = form.name;
    if (form.reg_no !== initial.reg_no) company.reg_no = form.reg_no;
    if (form.hourly_rate !== initial.hourly_rate) {
      const minor = parseMinor(westernNumber(form.hourly_rate), decimalsOf(currency));
      if (minor == null)
        errors["company.hourly_rate"] = RATE_ERRORS[amountProblem(westernNumber(form.hourly_rate), decimalsOf(currency))] ?? "account.errors.hourlyRateFormat";
      else if (minor > ACCOUNT_LIMITS.hourlyRateMax) errors["company.hourly_rate"] = "account.errors.hourlyRateMax";
      else company.hourly_rate = minor;
    }
    return { body: Object.keys(company).length ? { company } : {}, errors };
  };
}

const suffixRow = css`
  display: flex; align-items: stretch; gap: 8px;
  & input { flex: 1; min-width: 0; }
  & .code { display: flex; align-items: center; padding-inline: 12px; border-radius: 10px; background: var(--brand-soft); color: var(--brand-dark); font-weight: 700; }
`;
const logoRow = css`display: flex; align-items: center; gap: 14px; flex-wrap: wrap;`;

/** The company's logo, sent at once when picked. */
function Logo({ company, onSaved }: { company: Company; onSaved: SectionProps["onSaved"] }) {
  useSignals();
  const [busy, setBusy] = useState(false);
  const src = pictureUrl(company.logo);
  const pick = async (file: File) => {
    setBusy(true);
    try {
      const answer = await uploadLogo(file);
      onSaved(answer.data);
      showToast({ key: "account.company.logoSaved", message: answer.message }, "success", { id: "account-logo" });
    } catch (err) {
      showToast(await pictureFailure(err, "account.company.logoFailed"), "error", { id: "account-logo" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={logoRow}>
      <AccountPicture src={src} size={64} kind="logo" />
      <PicturePicker
        id="company-logo-file"
        changeLabel={t(src ? "account.company.changeLogo" : "account.company.addLogo")}
        busy={busy}
        onPick={(file) => void pick(file)}
      />
    </div>
  );
}

/** Managers: the company card (name, logo, registration number, hourly rate in the currency's decimals). */
export function CompanySection(props: SectionProps) {
  useSignals();
  const company = props.profile.company;
  const code = company?.currency ?? "";
  const currency = currencyName(code);
  const decimals = decimalsOf(code);
  const { form, set, errors, busy, dirty, submit, ref } = useProfileForm({
    ...props,
    section: "company",
    from,
    build: builder(code),
    failKey: "account.saveFailed",
    // Walked: saving the hourly rate said "Your profile has been saved."
    doneKey: "account.company.saved",
  });
  if (!company)
    return (
      <AccountSection id="profile-company" title={t("account.company.title")} testId="company-section">
        <p className={muted}>{t("account.company.none")}</p>
      </AccountSection>
    );
  const rateError = errors["company.hourly_rate"];
  const example = decimals > 0 ? formatMinor(125 * 10 ** (decimals - 1), decimals) : "12";
  return (
    <AccountSection id="profile-company" title={t("account.company.title")} testId="company-section">
      <Logo company={company} onSaved={props.onSaved} />
      <form ref={ref} className={stack} noValidate onSubmit={submit}>
        <TextField
          id="company-name"
          label={t("account.company.name")}
          autoComplete="organization"
          maxLength={ACCOUNT_LIMITS.nameMax}
          value={form.name}
          error={errors["company.name"]}
          onChange={(e) => set({ name: e.currentTarget.value }, "company.name")}
        />
        <TextField
          id="company-reg"
          label={t("account.company.regNo")}
          maxLength={ACCOUNT_LIMITS.regNoMax}
          dir="ltr"
          value={form.reg_no}
          error={errors["company.reg_no"]}
          onChange={(e) => set({ reg_no: e.currentTarget.value }, "company.reg_no")}
        />
        <Field id="company-rate" label={t("account.company.rate", { currency })} error={rateError} hint={t("account.company.rateHint", { decimals, example })}>
          <div className={suffixRow}>
            <input
              id="company-rate"
              type="text"
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              value={form.hourly_rate}
              aria-invalid={rateError ? true : undefined}
              aria-describedby={rateError ? "company-rate-error" : "company-rate-hint"}
              onChange={(e) => set({ hourly_rate: e.currentTarget.value }, "company.hourly_rate")}
            />
            <span className={`code ${ltrCss}`} aria-hidden="true">
              {currency}
            </span>
          </div>
        </Field>
        <SaveRow busy={busy} dirty={dirty} />
      </form>
    </AccountSection>
  );
}
