// The state and submit flow the three registration forms share: values, per-field errors, the busy flag, a setter
// that clears the field's error, and submit: the form's own checks (a toast) -> field checks -> the sign-up call
// -> server field errors, focusing the first field in error.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import type * as z from "zod/mini";
import type { RegisterAnswer } from "../../api/register";
import { readGoogleSignup } from "../../lib/google-signup";
import { loadOnce } from "../../lib/load-again";
import { paths } from "../../paths";
import { t } from "../../signals/language";
import { authToast } from "../../signals/toasts";
import { focusFirstError, runRegistration } from "./parts";
import { checkRegistration } from "./rules";

interface BaseForm {
  name: string;
  email: string;
  mob_no: string;
  password: string;
  terms_service: boolean;
  oauth_ticket?: string;
}

/**
 * What was typed, kept in this tab (sessionStorage: nobody is signed in to own an IndexedDB draft) until the sign-up
 * succeeds or is discarded, so a reload or a step back and forward loses nothing. Never the password, nor a Google
 * ticket: those are typed or given again.
 */
function readDraft<F>(key: string): Partial<F> | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Partial<F>) : null;
  } catch {
    return null;
  }
}
function writeDraft(key: string, form: BaseForm | null) {
  try {
    if (!form) sessionStorage.removeItem(key);
    else {
      const { password: _, oauth_ticket: __, ...kept } = form;
      sessionStorage.setItem(key, JSON.stringify(kept));
    }
  } catch {
    // Storage full or off (a private window): the discard prompt still guards what is typed.
  }
}

export interface RegistrationOptions<F extends BaseForm, S extends z.ZodMiniType> {
  /** Where this form's draft is kept in the tab (`signup:customer`). */
  draftKey: string;
  /** The translation key of the toast that blocks submitting, or null when the form may go on to the field checks. */
  blocked: (form: F) => string | null;
  /**
   * The contract schema of the body, the one the server validates it with, from the accounts contract: loaded when the
   * person first goes into the form, or at the first submit, since its mobile rule costs about 30 KB of gzip (issue 16).
   */
  schema: (contract: AuthContract) => S;
  /** The body the form sends, before the contract's checks. */
  body: (form: F) => z.input<S>;
  /** The sign-up call with the checked body; resolves to the server's message (and a session for a Google sign-up). */
  send: (body: z.output<S>) => Promise<RegisterAnswer>;
}

export type AuthContract = typeof import("../../contract/auth");
const loadContract = loadOnce(() => import("../../contract/auth"));

export function useRegistrationForm<F extends BaseForm, S extends z.ZodMiniType>(
  initial: F | (() => F),
  { draftKey, blocked, schema, body, send }: RegistrationOptions<F, S>,
) {
  // The form as it opened: what counts as nothing typed yet.
  const [start] = useState<F>(() => {
    const base = typeof initial === "function" ? initial() : initial;
    // A Google sign-up under way (the role picker came first) fills in the verified name and email and its ticket.
    const google = readGoogleSignup();
    return google ? { ...base, name: google.name || base.name, email: google.email, oauth_ticket: google.register_ticket } : base;
  });
  const [form, setForm] = useState<F>(() => {
    const kept = readDraft<F>(draftKey);
    // The Google sign-up's verified email stays its own.
    return kept ? { ...start, ...kept, ...(start.oauth_ticket ? { email: start.email } : {}) } : start;
  });
  const [done, setDone] = useState(false);
  const dirty = !done && changed(form, start);
  useEffect(() => writeDraft(draftKey, dirty ? form : null), [draftKey, dirty, form]);
  // Back (the arrow, the phone's), a link or a reload asks before what was typed is lost (as every form does).
  const guard = useDiscardGuard(dirty, () => writeDraft(draftKey, null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Ready before the first submit: asked for when the person first goes into the form (a tap in a field, a tab), which
  // comes seconds before any submit; not while the screen loads, where its 30 KB would compete with the screen.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const warm = () => void loadContract().catch(() => undefined);
    form.addEventListener("focusin", warm, { once: true });
    return () => form.removeEventListener("focusin", warm);
  }, []);

  const set = <K extends keyof F>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key as string]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const block = blocked(form);
    if (block) {
      authToast({ key: block }, "error");
      return;
    }
    setLoading(true);
    let contract: AuthContract;
    try {
      contract = await loadContract();
    } catch {
      // Offline before the rules came: nothing is lost, the form stays as typed.
      setLoading(false);
      authToast({ key: "register.checkFailed" }, "error");
      return;
    }
    const { errors: problems, data } = checkRegistration(schema(contract), withTicket(body(form), form.oauth_ticket));
    if (data === undefined) {
      setLoading(false);
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)])));
      focusFirstError(formRef.current);
      return;
    }
    // SPEC.md sends technicians to /jobs after sign-up, but signing up does not sign in, and /jobs would only
    // bounce a signed-out user to /login; so every form goes to /login, and sign-in then lands them home (D3).
    const fieldErrors = await runRegistration(
      () => send(data),
      paths.login,
      () => {
        // Signed up: nothing left to keep or to ask about.
        setDone(true);
        writeDraft(draftKey, null);
      },
    );
    setLoading(false);
    if (fieldErrors) {
      setErrors(fieldErrors);
      focusFirstError(formRef.current);
    }
  };

  /** Leaves the Google sign-up for a password of one's own (the notice's "Use a password instead"). */
  const dropGoogle = () => setForm(({ oauth_ticket: _, ...rest }) => rest as F);

  // A name of spaces alone looks filled but keeps Sign up off: the field says why (nothing did).
  const shown = form.name && !form.name.trim() && !errors.name ? { ...errors, name: t("register.errors.nameBlank") } : errors;
  return { form, errors: shown, loading, set, submit, formRef, dropGoogle, guard };
}

/** Whether anything was typed or picked since the form opened (the password included). */
function changed<F extends BaseForm>(form: F, start: F) {
  return (Object.keys({ ...start, ...form }) as (keyof F)[]).some((k) => JSON.stringify(form[k]) !== JSON.stringify(start[k]));
}

/** A Google sign-up sends its ticket instead of a password (the server checks the ticket's email is the form's). */
function withTicket<B>(body: B, ticket: string | undefined): B {
  if (!ticket) return body;
  const { password: _, ...rest } = body as B & { password?: string };
  return { ...rest, oauth_ticket: ticket } as B;
}

/** Customer and company: the terms first ('You must accept the terms…'), then every required field. */
export const termsThenRequired =
  <F extends BaseForm>(canSubmit: (f: F) => boolean) =>
  (f: F): string | null =>
    !f.terms_service ? "register.termsRequired" : !canSubmit(f) ? "register.required" : null;
