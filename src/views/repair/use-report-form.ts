// The state and the sending both report forms share (add and edit): the fields, the files, the errors at the fields,
// the failure sentence, busy; a change clears its own field's error; `send` checks with the contract's rules and the
// phone's clock, shows what is wrong at the fields (first one focused), and otherwise runs the call, showing a failed
// call's detail and field errors without losing anything typed.
import { useCallback, useRef, useState } from "react";
import { t } from "../../signals/language";
import { useCheckBanner } from "../../lib/use-check-banner";
import { failureOf } from "../property/failure";
import { focusFirstProblem } from "./report-fields";
import { errorTexts } from "../../lib/error-texts";
import type { EditIssueBody, ReportBody } from "../../contract/repairs";
import { localNow } from "../../lib/dates";
import { type PickedMedia, type ReportForm, checkReport } from "./report-rules";

/** What each mode sends: a new report names its property; an edit does not. */
interface Bodies {
  add: ReportBody;
  edit: EditIssueBody;
}

export function useReportForm<M extends keyof Bodies>(initial: () => ReportForm, mode: M) {
  const [form, setForm] = useState<ReportForm>(initial);
  const [files, setFiles] = useState<PickedMedia[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useCheckBanner(errors, failure, "report.add.check", () => setFailure(null));

  const set = useCallback((change: Partial<ReportForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setErrors((e) => {
      const keys = Object.keys(change).filter((k) => k in e);
      if (!keys.length) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  }, []);

  /**
   * Checks the form; when it passes, runs `call` with the body while busy. Resolves with the call's answer, or
   * undefined when the form had problems or the call failed (`failedKey` is the sentence when the server gave none).
   */
  async function send<T>(call: (body: Bodies[M]) => Promise<T>, failedKey: string): Promise<T | undefined> {
    const { errors: problems, body } = checkReport(form, localNow(), mode as "add") as { errors: Record<string, string>; body?: Bodies[M] };
    if (!body) {
      setErrors(problems);
      setFailure("report.add.check");
      focusFirstProblem(problems, formRef.current);
      return undefined;
    }
    setBusy(true);
    setFailure(null);
    try {
      return await call(body);
    } catch (err) {
      const f = await failureOf(err);
      setErrors(f.errors);
      setFailure(f.detail ?? failedKey);
      if (Object.keys(f.errors).length) focusFirstProblem(f.errors, formRef.current);
      else requestAnimationFrame(() => failureRef.current?.focus());
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { form, set, files, setFiles, errors: errorTexts(errors), failure: failure && errorTexts({ failure }).failure, busy, formRef, failureRef, send };
}
