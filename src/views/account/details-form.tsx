import { useSignals } from "@preact/signals-react/runtime";
import { AccountSection, CheckRow, SaveRow } from "../../components/account/parts";
import { LanguagesPicker } from "../../components/LanguagesPicker";
import { TextField } from "../../components/ui";
import { ACCOUNT_LIMITS, type AccountProfile } from "../../contract/account";
import { t } from "../../signals/language";
import { stack } from "../../styles/theme";
import { changed } from "./rules";
import { type SectionProps, useProfileForm } from "./use-profile-form";

interface DetailsForm extends Record<string, unknown> {
  name: string;
  languages: string[];
  include_whatsapp: boolean;
}

const from = (p: AccountProfile): DetailsForm => ({ name: p.name, languages: p.languages ?? [], include_whatsapp: p.include_whatsapp ?? false });
const build = (form: DetailsForm, initial: DetailsForm) => ({ body: changed(initial, form) });

/** Name, the languages the person speaks, and whether their mobile takes WhatsApp: every role. */
export function DetailsSection(props: SectionProps) {
  useSignals();
  const { form, set, errors, busy, dirty, submit, ref } = useProfileForm({ ...props, section: "details", from, build, failKey: "account.saveFailed" });
  return (
    <AccountSection id="profile-details" title={t("account.details.title")} testId="details-section">
      <form ref={ref} className={stack} noValidate onSubmit={submit}>
        <TextField
          id="profile-name"
          label={t("account.details.name")}
          autoComplete="name"
          maxLength={ACCOUNT_LIMITS.nameMax}
          required
          value={form.name}
          error={errors.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <LanguagesPicker
          id="profile-languages"
          label={t("account.details.languages")}
          value={form.languages}
          error={errors.languages}
          onChange={(languages) => set({ languages })}
        />
        <CheckRow
          id="profile-whatsapp"
          label={t("account.details.whatsapp")}
          checked={form.include_whatsapp}
          onChange={(include_whatsapp) => set({ include_whatsapp })}
        />
        <SaveRow busy={busy} dirty={dirty} />
      </form>
    </AccountSection>
  );
}
