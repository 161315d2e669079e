import { css } from "goober";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { readFailure } from "../api/failure";
import { createEmployee } from "../api/company";
import { DEFAULT_DIAL_CODE } from "../contract/common";
import type { StaffRecord } from "../contract/staff";
import { t } from "../signals/language";
import { showToast } from "../signals/toasts";
import { loadOnce } from "../lib/load-again";
import { stack } from "../styles/theme";
import { DialCodePicker } from "./DialCodePicker";
import { LanguagesPicker } from "./LanguagesPicker";
import { Overlay } from "./Overlay";
import { DiscardChanges } from "./DiscardChanges";
import { useDiscardGuard } from "../lib/use-discard-guard";
import { SkillsPicker } from "./SkillsPicker";
import type { EmployeeForm, FieldName } from "./staff/employee-rules";
import { Button, SelectField, TextField } from "./ui";

const emptyForm = (): EmployeeForm => ({ name: "", role: "", skills: [], languages: [], cntry_code: DEFAULT_DIAL_CODE, mob_no: "", email: "" });

/** The form's rules, loaded with the sheet's first opening (the phone metadata is about 34 KB of gzip). */
let loadedRules: Rules | undefined;
type Rules = typeof import("./staff/employee-rules");
export const loadEmployeeRules = loadOnce(() => import("./staff/employee-rules").then((m) => (loadedRules = m)));

const actions = css`display: flex; gap: 12px; margin-top: 4px; & > * { flex: 1; }`;
const phoneRow = css`display: grid; grid-template-columns: minmax(7.5rem, 2fr) 3fr; gap: 8px; align-items: start;`;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Called after the server accepted the employee, with the new staff record and their invitation link when it sent them. */
  onCreated: (record: StaffRecord | undefined, inviteUrl?: string | null) => void;
}

/**
 * The add-employee bottom sheet (SPEC.md sections 2, 4 and 5): validated on every change; closes and resets on
 * success or cancel. Submitting an incomplete form shows every field's message and keeps what was typed, rather than
 * a button that is silently disabled (issue 9).
 */
export function AddEmployeeSheet({ open, onClose, onCreated }: Props) {
  useSignals();
  const [form, setForm] = useState(emptyForm);
  const [rules, setRules] = useState<Rules | undefined>(loadedRules);
  // A field shows its message once the user has changed it or tried to submit.
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (open && !rules) loadEmployeeRules().then((m) => setRules(() => m));
  }, [open, rules]);
  const { errors } = rules ? rules.checkEmployee(form) : { errors: {} as Partial<Record<FieldName, string>> };
  // The server's errors by field (an email or number already registered, D8), shown at the field until it changes.
  const [refused, setRefused] = useState<Partial<Record<FieldName, string>>>({});
  const message = (field: FieldName) => refused[field] ?? (touched[field] && errors[field] ? t(errors[field]) : null);

  const set = <K extends FieldName>(field: K, value: EmployeeForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((tc) => ({ ...tc, [field]: true }));
    setRefused((r) => (field in r ? { ...r, [field]: undefined } : r));
  };
  // Something typed and not sent: closing the sheet, the phone's back and the bottom bar ask first (LOOP.md section 3).
  const guard = useDiscardGuard(open && JSON.stringify(form) !== JSON.stringify(emptyForm()));
  const close = () => {
    if (submitting) return;
    guard.leave(() => {
      setForm(emptyForm());
      setTouched({});
      setRefused({});
      onClose();
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    const loaded = rules ?? (await loadEmployeeRules());
    if (!rules) setRules(() => loaded);
    const { data } = loaded.checkEmployee(form);
    if (!data) {
      setTouched({ name: true, role: true, cntry_code: true, mob_no: true, email: true, skills: true, languages: true });
      // The first field in error takes the focus, so a keyboard or screen-reader user lands on its message.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      const res = await createEmployee(data);
      showToast({ key: "pages.employee.add.success" }, "success", { id: "add-employee" });
      setForm(emptyForm());
      setTouched({});
      setSubmitting(false);
      onCreated(res.data, res.invite_url);
      onClose();
    } catch (err) {
      // The form keeps what was typed, so the user can correct the one field the server named: its error at the field
      // and the focus on it (walked: only a toast said the email was taken, the field showed nothing).
      const failure = await readFailure(err);
      const atFields = Object.fromEntries(Object.entries(failure.errors).filter(([k]) => k in emptyForm())) as Partial<Record<FieldName, string>>;
      setSubmitting(false);
      if (Object.keys(atFields).length) {
        setRefused(atFields);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      } else showToast({ key: "pages.employee.add.error", message: failure.detail }, "error", { id: "add-employee" });
    }
  }

  const technician = form.role === "4";
  return (
    <Overlay open={open} kind="sheet" title={t("pages.employee.add.title")} onClose={close}>
      <form ref={formRef} className={stack} onSubmit={submit} noValidate>
        <TextField
          id="employee-name"
          label={t("pages.employee.add.name")}
          autoComplete="off"
          value={form.name}
          error={message("name")}
          onChange={(e) => set("name", e.currentTarget.value)}
        />
        <SelectField
          id="employee-role"
          label={t("pages.employee.add.role")}
          value={form.role}
          error={message("role")}
          onChange={(e) => set("role", e.currentTarget.value as EmployeeForm["role"])}
        >
          <option value="">{t("pages.employee.add.selectRole")}</option>
          <option value="3">{t("pages.employee.add.manager")}</option>
          <option value="4">{t("pages.employee.add.technician")}</option>
        </SelectField>
        {technician && (
          <>
            <SkillsPicker
              id="employee-skills"
              label={t("pages.employee.add.skills")}
              value={form.skills}
              error={message("skills") ?? undefined}
              onChange={(v) => set("skills", v)}
            />
            <LanguagesPicker
              id="employee-languages"
              label={t("pages.employee.add.languages")}
              value={form.languages}
              error={message("languages") ?? undefined}
              onChange={(v) => set("languages", v)}
            />
          </>
        )}
        <div className={phoneRow}>
          <DialCodePicker
            id="employee-cntry-code"
            label={t("pages.employee.add.countryCode")}
            value={form.cntry_code}
            error={message("cntry_code")}
            onChange={(v) => set("cntry_code", v)}
          />
          <TextField
            id="employee-mob-no"
            label={t("pages.employee.add.mobNo")}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            value={form.mob_no}
            error={message("mob_no")}
            onChange={(e) => set("mob_no", e.currentTarget.value)}
          />
        </div>
        <TextField
          id="employee-email"
          label={t("pages.employee.add.email")}
          type="email"
          autoComplete="off"
          dir="ltr"
          value={form.email}
          error={message("email")}
          onChange={(e) => set("email", e.currentTarget.value)}
        />
        <div className={actions}>
          <Button variant="secondary" onClick={close} disabled={submitting}>
            {t("pages.employee.add.cancel")}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t("pages.employee.add.submitting") : t("pages.employee.add.submit")}
          </Button>
        </div>
      </form>
      <DiscardChanges guard={guard} />
    </Overlay>
  );
}
