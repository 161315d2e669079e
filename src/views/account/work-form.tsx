import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { updateProfile } from "../../api/account";
import { AccountSection, CheckRow, hintCss, SaveRow } from "../../components/account/parts";
import { LocationSearch } from "../../components/LocationSearch";
import { SkillsPicker } from "../../components/SkillsPicker";
import { TextField } from "../../components/ui";
import type { AccountProfile } from "../../contract/account";
import { LIMITS, type Place } from "../../contract/profile";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { stack } from "../../styles/theme";
import { failureOf, numberOf } from "./rules";
import { type SectionProps, useProfileForm } from "./use-profile-form";

interface WorkForm extends Record<string, unknown> {
  skills: number[];
  area_range: string;
  respond_time: string;
  addres: string;
  location: { lat: number; lng: number } | null;
  /** City and country of a place chosen here, for the structured address. */
  place: { city: string; country: string } | null;
}

const text = (n: number | null | undefined) => (n == null ? "" : String(n));
const from = (p: AccountProfile): WorkForm => ({
  skills: p.skills ?? [],
  area_range: text(p.area_range),
  respond_time: text(p.respond_time),
  addres: p.addres ?? "",
  location: p.location ? { lat: p.location.lat, lng: p.location.lng } : null,
  place: null,
});

/** "Muscat, Oman" → city and country. */
function partsOf(formatted: string): { city: string; country: string } {
  const at = formatted.lastIndexOf(", ");
  return at < 0 ? { city: formatted, country: "" } : { city: formatted.slice(0, at), country: formatted.slice(at + 2) };
}

function build(form: WorkForm, initial: WorkForm) {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  if (JSON.stringify(form.skills) !== JSON.stringify(initial.skills)) body.skills = form.skills;
  if (form.area_range !== initial.area_range) {
    const km = numberOf(form.area_range);
    if (km == null || Number.isNaN(km) || km <= 0) errors.area_range = "account.errors.areaRange";
    else if (km > LIMITS.areaRangeMaxKm) errors.area_range = "account.errors.areaRangeMax";
    else body.area_range = km;
  }
  if (form.respond_time !== initial.respond_time) {
    const days = numberOf(form.respond_time);
    if (days == null || Number.isNaN(days) || days < 1 || !Number.isInteger(days)) errors.respond_time = "account.errors.respondTime";
    else if (days > LIMITS.respondTimeMaxDays) errors.respond_time = "account.errors.respondTimeMax";
    else body.respond_time = days;
  }
  if (form.addres !== initial.addres || JSON.stringify(form.location) !== JSON.stringify(initial.location)) {
    if (!form.location || !form.addres.trim()) errors.addres = "account.errors.placeFromList";
    else {
      body.addres = form.addres;
      body.location = form.location;
      body.addrs = { block: "", no: "", street: "", city: form.place?.city ?? "", state: "", zipcode: "", country: form.place?.country ?? "" };
    }
  }
  return { body, errors };
}

/** "Taking jobs now": off, no new job reaches the technician. Acts at once. */
function TakingJobs({ profile, onSaved }: Pick<SectionProps, "profile" | "onSaved">) {
  useSignals();
  const [busy, setBusy] = useState(false);
  const on = profile.taking_jobs ?? true;
  const toggle = async (next: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await updateProfile({ taking_jobs: next });
      onSaved(answer.data);
      showToast({ key: next ? "account.work.takingOn" : "account.work.takingOff", message: answer.message }, "success", { id: "account-taking" });
    } catch (err) {
      showToast({ key: "account.saveFailed", message: (await failureOf(err)).detail }, "error", { id: "account-taking" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={stack}>
      <CheckRow
        id="profile-taking-jobs"
        label={t("account.work.taking")}
        asSwitch
        checked={on}
        disabled={busy}
        describedBy="profile-taking-jobs-hint"
        onChange={(next) => void toggle(next)}
      />
      <p id="profile-taking-jobs-hint" className={hintCss}>
        {t(on ? "account.work.takingHintOn" : "account.work.takingHintOff")}
      </p>
    </div>
  );
}

/** The technician's work: taking jobs now, skills, service area and its range, and how soon they answer. */
export function WorkSection(props: SectionProps) {
  useSignals();
  const { form, set, errors, busy, dirty, submit, ref } = useProfileForm({ ...props, section: "work", from, build, failKey: "account.saveFailed" });
  return (
    <AccountSection id="profile-work" title={t("account.work.title")} testId="work-section">
      {props.profile.taking_jobs !== undefined && <TakingJobs profile={props.profile} onSaved={props.onSaved} />}
      <form ref={ref} className={stack} noValidate onSubmit={submit}>
        <SkillsPicker id="profile-skills" label={t("account.work.skills")} value={form.skills} error={errors.skills} onChange={(skills) => set({ skills })} />
        <LocationSearch
          id="profile-area"
          label={t("account.work.area")}
          value={form.addres}
          hint={t("verify.searchHint")}
          error={errors.addres}
          onInput={(addres) => set({ addres, location: null, place: null })}
          onSelect={(p: Place) =>
            set({ addres: p.formatted_address, location: { lat: p.geometry.location.lat, lng: p.geometry.location.lng }, place: partsOf(p.formatted_address) })
          }
          onClear={() => set({ addres: "", location: null, place: null })}
        />
        <TextField
          id="profile-range"
          label={t("account.work.range")}
          type="text"
          inputMode="decimal"
          dir="ltr"
          value={form.area_range}
          error={errors.area_range}
          onChange={(e) => set({ area_range: e.currentTarget.value })}
        />
        <TextField
          id="profile-respond"
          label={t("account.work.respond")}
          type="text"
          inputMode="numeric"
          dir="ltr"
          value={form.respond_time}
          error={errors.respond_time}
          onChange={(e) => set({ respond_time: e.currentTarget.value })}
        />
        <SaveRow busy={busy} dirty={dirty} />
      </form>
    </AccountSection>
  );
}
