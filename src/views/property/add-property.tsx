import { css } from "goober";
import { useDraft } from "../../lib/use-draft";
import { PROPERTY_DRAFT } from "../../lib/kept";
import { DraftRestored } from "../../components/DraftRestored";
import { type FormEvent, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FileKind, addProperty, handOver } from "../../api/property-edit";
import { DiscardChanges } from "../../components/DiscardChanges";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Button, TextField } from "../../components/ui";
import { addProperty as addPropertySchema, handOver as handOverSchema } from "../../contract/property";
import { navigate } from "../../lib/hash-location";
import { goBack } from "../../lib/go-back";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { role } from "../../signals/session";
import { showToast } from "../../signals/toasts";
import { errorText, muted, page, stack } from "../../styles/theme";
import { failureOf, focusFirstError, saveFailure } from "./failure";
import { check } from "./form-rules";
import {
  emptyProperty,
  emptyUnits,
  FilePickers,
  type PickedFile,
  type PropertyForm,
  PropertyFields,
  propertyBody,
  sectionCss,
  type UnitsState,
  UnitsFields,
  UploadList,
  unitsFrom,
  useUploads,
  restoredFiles,
} from "./property-fields";

export const formCss = css`display: flex; flex-direction: column; gap: 18px;`;
export const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;

/** Buildings and offices get a range of units; a villa or townhouse one. */
const modeFor = (type: string): UnitsState["mode"] => (type === "villa" || type === "townhouse" ? "single" : "range");

/**
 * /property/add-property (roles 0, 2): the property, its units (one or a generated range), photos and documents, access
 * notes and, for an owner, the company that runs it. Creates it, hands it over, sends each file on its own (a failed
 * file can be tried again without losing the property), then opens the property page.
 */
/** What the form's draft keeps beside its files. */
interface PropertyDraft {
  form: PropertyForm;
  units: UnitsState;
  company: string;
}

export function AddPropertyView({ title }: ViewProps) {
  useSignals();
  const [form, setForm] = useState<PropertyForm>(emptyProperty);
  const [units, setUnits] = useState<UnitsState>(() => emptyUnits());
  const [unitsTouched, setUnitsTouched] = useState(false);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [company, setCompany] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** Set once the property exists: the form is done, what is left is its files and hand-over. */
  const [created, setCreated] = useState<{ property_id: number; name: string } | null>(null);
  const [handOverError, setHandOverError] = useState<string | null>(null);
  const uploads = useUploads();
  const formRef = useRef<HTMLFormElement>(null);
  const owner = role.value === 0;

  const blank = emptyProperty();
  const dirty =
    !created &&
    (JSON.stringify(form) !== JSON.stringify(blank) ||
      files.length > 0 ||
      company.trim() !== "" ||
      JSON.stringify(units) !== JSON.stringify(emptyUnits(units.mode)));
  // Kept on the phone while it has changes: a reload or a tab the phone closed loses nothing typed or picked.
  const draft = useDraft<PropertyDraft>(PROPERTY_DRAFT, { done: !!created, dirty, form: { form, units, company }, files }, (kept) => {
    setForm(kept.form.form);
    setUnits(kept.form.units);
    setCompany(kept.form.company);
    setFiles(restoredFiles(kept.files));
  });
  // Discarding forgets the draft too.
  const guard = useDiscardGuard(dirty, draft.forget);

  const clear = (...keys: string[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  const set = (change: Partial<PropertyForm>) => {
    setForm((f) => ({ ...f, ...change }));
    // A villa or townhouse has its one unit named for it ("Villa"), which the owner may change; a building a range.
    if (change.type && !unitsTouched) {
      const mode = modeFor(change.type);
      setUnits((u) => ({ ...u, mode, single: mode === "single" ? t(`propertyForms.types.${change.type}`) : "" }));
    }
    clear(
      ...Object.keys(change),
      ...(change.addrs ? Object.keys(change.addrs).map((k) => `addrs.${k}`) : []),
      ...(change.location !== undefined ? ["location", "addres"] : []),
    );
  };
  const setUnitsInput = (u: UnitsState) => {
    setUnits(u);
    setUnitsTouched(true);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("units"))));
  };

  const finish = (name: string) => {
    showToast({ key: "propertyForms.add.done" }, "success", { id: "property-form" });
    navigate(paths.property(name), { replace: true });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || created) return;
    const fromUnits = unitsFrom(units);
    const unitErrors = "errors" in fromUnits ? fromUnits.errors : {};
    const { errors: problems, data } = check(addPropertySchema, { ...propertyBody(form), units: "units" in fromUnits ? fromUnits.units : ["-"] });
    const companyText = owner ? company.trim() : "";
    const companyProblems = companyText ? check(handOverSchema, { company: companyText }).errors : {};
    const all: Record<string, string> = { ...Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)])), ...unitErrors };
    if (companyProblems.company) all.company = t(companyProblems.company);
    if (!data || Object.keys(all).length) {
      setErrors(all);
      focusFirstError(formRef.current);
      return;
    }
    setBusy(true);
    let made: { property_id: number; name: string };
    try {
      made = await addProperty(data);
    } catch (err) {
      setErrors(await saveFailure(err, "propertyForms.add.failed"));
      setBusy(false);
      focusFirstError(formRef.current);
      return;
    }
    setCreated(made);
    let ok = true;
    // Files first: once the company runs the property, the owner may no longer add to it (the server answers 403).
    if (files.length) ok = await uploads.sendAll(made.property_id, files);
    if (companyText) {
      if (ok) ok = await runHandOver(made.property_id, companyText);
      else setHandOverError(t("propertyForms.handOver.afterFiles"));
    }
    setBusy(false);
    if (ok) finish(made.name);
  }

  async function runHandOver(propertyId: number, companyText: string) {
    setHandOverError(null);
    try {
      await handOver(propertyId, companyText);
      return true;
    } catch (err) {
      const failure = await failureOf(err);
      setHandOverError(failure.errors.company ?? failure.detail ?? t("propertyForms.handOver.failed"));
      return false;
    }
  }

  if (created) {
    const left = uploads.items.some((u) => u.state !== "done") || handOverError;
    return (
      <main className={page}>
        <ScreenTitle title={t(title)} onBack={() => navigate(paths.property(created.name), { replace: true })} />
        <div className={stack}>
          <p role="status">{t("propertyForms.add.created", { name: created.name })}</p>
          <UploadList items={uploads.items} onRetry={(u) => void uploads.retry(created.property_id, u)} />
          {handOverError && (
            <div className={stack}>
              <p role="alert" className={errorText}>
                {handOverError}
              </p>
              {/* What was typed, to correct before trying again (a mistyped company failed the same way each time). */}
              <TextField
                id="prop-company-again"
                label={t("propertyForms.handOver.company")}
                autoComplete="off"
                value={company}
                onChange={(e) => setCompany(e.currentTarget.value)}
              />
              <Button
                variant="secondary"
                disabled={busy || !company.trim()}
                onClick={() => {
                  setBusy(true);
                  void runHandOver(created.property_id, company.trim()).finally(() => setBusy(false));
                }}
              >
                {t("propertyForms.handOver.retry")}
              </Button>
            </div>
          )}
          {busy ? (
            <p className={muted}>{t("propertyForms.upload.wait")}</p>
          ) : (
            <Button onClick={() => (left ? navigate(paths.property(created.name), { replace: true }) : finish(created.name))}>
              {t("propertyForms.add.openProperty")}
            </Button>
          )}
        </div>
      </main>
    );
  }

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} onBack={() => guard.leave(() => goBack(paths.home))} />
      <form ref={formRef} className={formCss} noValidate onSubmit={submit}>
        {draft.restored && <DraftRestored text={t("propertyForms.add.restored")} />}
        <PropertyFields form={form} errors={errors} set={set} />
        <fieldset className={sectionCss}>
          <legend>{t("propertyForms.units.title")}</legend>
          <UnitsFields value={units} onChange={setUnitsInput} errors={errors} />
        </fieldset>
        <FilePickers files={files} onChange={setFiles} />
        {owner && (
          <fieldset className={sectionCss}>
            <legend>{t("propertyForms.handOver.title")}</legend>
            <TextField
              id="prop-company"
              label={t("propertyForms.handOver.company")}
              hint={t("propertyForms.handOver.optionalHint")}
              autoComplete="off"
              value={company}
              error={errors.company}
              onChange={(e) => {
                setCompany(e.currentTarget.value);
                clear("company");
              }}
            />
          </fieldset>
        )}
        <div className={actionsCss}>
          <Button variant="secondary" onClick={() => guard.leave(() => goBack(paths.home))} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("propertyForms.add.submitting") : t("propertyForms.add.submit")}
          </Button>
        </div>
      </form>
      <DiscardChanges guard={guard} />
    </main>
  );
}
