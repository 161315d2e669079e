// One section of the profile saved with PUT /user/profile (issue 14): its fields start from the profile answer, Save
// sends only what changed (checked with the contract first), the answer becomes the new starting point, and a refusal
// keeps what was typed with the server's sentence under each field it names.
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { updateProfile } from "../../api/account";
import { type AccountProfile, profileUpdate } from "../../contract/account";
import { showToast } from "../../signals/toasts";
import { check, failureOf } from "./rules";

export { focusFirstError } from "./form-check";
import { errorTexts } from "../../lib/error-texts";
import { focusFirstError } from "./form-check";

export interface SectionProps {
  profile: AccountProfile;
  /** A write answered with the profile as it is now. */
  onSaved: (p: AccountProfile) => void;
  /** The section has (or no longer has) unsaved edits: the screen's discard guard holds while any has. */
  onDirty: (section: string, dirty: boolean) => void;
}

interface Options<F> extends SectionProps {
  section: string;
  from: (p: AccountProfile) => F;
  /** The PUT body of the edits, and the translation keys of fields that cannot be sent as typed. */
  build: (form: F, initial: F) => { body: Record<string, unknown>; errors?: Record<string, string> };
  failKey: string;
  /** The success sentence of this section, when the server's ("Your profile has been saved.") is not what it saved. */
  doneKey?: string;
}

export function useProfileForm<F extends Record<string, unknown>>({ profile, onSaved, onDirty, section, from, build, failKey, doneKey }: Options<F>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `from` is a module function
  const initial = useMemo(() => from(profile), [profile]);
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reports this section's state only
  useEffect(() => onDirty(section, dirty), [dirty]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on leaving only
  useEffect(() => () => onDirty(section, false), []);

  const set = (change: Partial<F>, ...alsoClear: string[]) => {
    setForm((f) => ({ ...f, ...change }));
    setErrors((e) => {
      const keys = [...Object.keys(change), ...alsoClear];
      if (!keys.some((k) => k in e)) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !dirty) return;
    const built = build(form, initial);
    const checked = check(profileUpdate, built.body);
    const problems = { ...checked.errors, ...built.errors };
    if (!checked.data || Object.keys(problems).length) {
      setErrors(problems);
      focusFirstError(ref.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await updateProfile(checked.data);
      setForm(from(answer.data));
      setErrors({});
      onSaved(answer.data);
      showToast(doneKey ? { key: doneKey } : { key: "account.saved", message: answer.message }, "success", { id: "account-save" });
    } catch (err) {
      const failure = await failureOf(err);
      setErrors(failure.errors);
      showToast({ key: failKey, message: failure.detail }, "error", { id: "account-save" });
      focusFirstError(ref.current);
    } finally {
      setBusy(false);
    }
  };

  return { form, set, errors: errorTexts(errors), busy, dirty, submit, ref };
}
