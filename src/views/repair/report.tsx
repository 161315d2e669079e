import { css } from "goober";
import { DraftRestored } from "../../components/DraftRestored";
import { useDraft } from "../../lib/use-draft";
import { REPORT_DRAFT } from "../../lib/kept";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { useIssue } from "../../components/issues/use-issue";
import { newKey, reportIssue } from "../../api/repairs";
import type { ReportBody } from "../../contract/repairs";
import { isNetworkFailure, patiently } from "../../lib/outbox";
import { online } from "../../signals/connectivity";
import { DiscardChanges } from "../../components/DiscardChanges";
import { PushPrompt } from "../../components/PushPrompt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { goBack, inPlace } from "../../lib/go-back";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { page, stack } from "../../styles/theme";
import { FormFooter, formCss, linkButton, ReportFields } from "./report-fields";
import { COMMON_AREAS, type ReportForm, admit, changed, emptyReport, issueToForm, restoredMedia } from "./report-rules";
import { UploadProgress, queueReport, useIssueUploads } from "./report-uploads";
import { ReportWhere, type Where } from "./report-where";
import { useReportForm } from "./use-report-form";

const doneCss = css`
  display: flex; flex-direction: column; gap: 6px; padding: 16px; border-radius: 12px; background: var(--brand-soft); color: var(--brand-dark);
  & h2 { margin: 0; font-size: 20px; }
  & p { margin: 0; color: var(--ink); }
`;

const againCss = css`
  display: flex; flex-direction: column; gap: 4px; padding: 12px; border-radius: 12px; background: #fef3c7; color: #78350f;
  & h2 { margin: 0; font-size: 17px; }
  & p { margin: 0; }
`;

const positive = (s: string | null) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /property/addissues (roles 0, 2, 3; LOOP.md section 3): one screen, where (preset from ?property_id=&unit_id=), the
 * kind of problem, title, description, photos and a video, emergency, presence and two to four times. The report is
 * sent first, with an idempotency key made at the press and kept for a repeat after a failure; then each file follows
 * on its own, and the screen says "Reported" at once while the files finish.
 */
export function ReportIssueView({ title }: ViewProps) {
  useSignals();
  const search = useHashSearch();
  // The link's where is read once: the screen's own choices replace it.
  const [preset] = useState<Where & { again_of: number | null }>(() => {
    const q = new URLSearchParams(search);
    const property_id = positive(q.get("property_id"));
    const unit_id = q.get("unit_id") === "0" ? COMMON_AREAS : positive(q.get("unit_id"));
    return { property_id, unit_id: property_id ? unit_id : null, again_of: property_id ? positive(q.get("again_of")) : null };
  });
  const againOf = preset.again_of;
  const [blank, setBlank] = useState(emptyReport);
  const initial = () => ({ ...emptyReport(), property_id: preset.property_id, unit_id: preset.unit_id });
  const { form, set, files, setFiles, errors, failure, busy, formRef, failureRef, send: check } = useReportForm(initial, "add");
  // Report again (LOOP.md section 2): the earlier repair's kind, title and presence fill the form until the user
  // changes them; what happens now (description, emergency) and new times are asked for. Leaving the form as filled
  // loses nothing, so it asks nothing.
  // The earlier repair as issue details get theirs (useIssue): handed by the screen that linked here (D4: no call, and
  // offline too), else read and kept on the phone (D23).
  const earlierState = useIssue(againOf ?? Number.NaN);
  const earlier = againOf != null && earlierState.kind === "ready" ? earlierState.issue : undefined;
  const filled = useRef(false);
  useEffect(() => {
    const issue = earlier;
    if (!issue || filled.current) return;
    filled.current = true;
    if (changed(form, blank)) return;
    const { category, title, presence } = issueToForm(issue);
    setBlank({ ...blank, category, title, presence });
    set({ category, title, presence });
  }, [earlier, form, blank, set]);
  // `queued`: no network; the report waits in the outbox (D23) and goes when the phone is online.
  const [reported, setReported] = useState<{ issue_id: number | null; title: string; queued?: boolean } | null>(null);
  // One key per report: a press again after a failure (the first may have arrived) creates it once (D23).
  const key = useRef<string | null>(null);
  const uploads = useIssueUploads();

  const dirty = !reported && (changed(form, blank) || files.length > 0);
  // Kept on the phone while it has changes (a reload or a tab the phone closed loses nothing); a report again has its
  // form filled from the earlier repair instead.
  const draft = useDraft<ReportForm>(againOf == null ? REPORT_DRAFT : null, { done: !!reported, dirty, form, files }, (kept) => {
    // Where is chosen again as the screen opens (a tenant's one home, the link's property): the rest as it was typed.
    const { property_id: _property, unit_id: _unit, ...rest } = kept.form;
    set(rest);
    setFiles((now) => restoredMedia(now, kept.files, { photos: 0, videos: 0 }));
  });
  // Discarding forgets the draft too.
  const guard = useDiscardGuard(dirty, draft.forget);
  const back = () => guard.leave(() => goBack(paths.home));

  const setWhere = useCallback((w: Where) => set(w), [set]);
  // The fields below the where are not its: as the home and unit arrive and are chosen, they are not rendered again
  // (on a cheap phone, three renders of most of the form fewer while the screen loads; issue 16).
  const { property_id: _property, unit_id: _unit, ...fieldsForm } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's where is left out on purpose (above).
  const fields = useMemo(
    () => <ReportFields form={form} set={set} errors={errors} files={files} setFiles={setFiles} />,
    [...Object.values(fieldsForm), set, errors, files, setFiles],
  );
  // On a slow network the tenant may finish before her home and unit arrive: a send pressed meanwhile waits for them
  // (its button says so) and goes on by itself, rather than asking her to choose a unit that is about to be chosen.
  const [whereLoading, setWhereLoading] = useState(true);
  // No home or property to report for: only the way to add one (or the tenant's word) is shown, not a form that cannot
  // be sent.
  const [noPlace, setNoPlace] = useState(false);
  const [waiting, setWaiting] = useState(false);
  // The latest send, called by the effect below directly rather than through form.requestSubmit() (a press made
  // while the home was being chosen was lost on Preact that way).
  const sendRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (waiting && !whereLoading) {
      setWaiting(false);
      sendRef.current();
    }
  }, [waiting, whereLoading]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void send();
  }
  sendRef.current = () => void send();

  async function send() {
    if (busy || reported) return;
    if (whereLoading) return setWaiting(true);
    key.current ??= newKey();
    const sent = await check(async (checked: ReportBody) => {
      const k = key.current as string;
      const body: ReportBody = againOf != null ? { ...checked, again_of: againOf } : checked;
      if (online.peek()) {
        try {
          return { body, answer: await patiently(reportIssue(body, k)) };
        } catch (e) {
          if (!isNetworkFailure(e)) throw e;
        }
      }
      // No network, or no answer yet: the report and its files wait on the phone, under the same key (one report,
      // whenever it lands).
      await queueReport(body, k, files);
      return { body, answer: null };
    }, "report.add.failed");
    if (!sent) return;
    const { body, answer } = sent;
    if (!answer) {
      setReported({ issue_id: null, title: body.title, queued: true });
      showToast({ key: "outbox.queued.report" }, "info", { id: "report" });
      return;
    }
    const issue = answer.issue;
    setReported({ issue_id: issue?.issue_id ?? null, title: issue?.title ?? body.title });
    showToast({ key: "report.add.done", message: answer.message }, "success", { id: "report" });
    if (issue && files.length) uploads.send(issue.issue_id, files, issue.title ?? body.title);
  }

  if (reported)
    return (
      <main className={page}>
        <ScreenTitle title={t(title)} onBack={() => navigate(paths.repair, { replace: true })} />
        <div className={stack}>
          <section className={doneCss} role="status" aria-labelledby="report-done" data-queued={reported.queued || undefined}>
            <h2 id="report-done">{t(reported.queued ? "outbox.report.heading" : "report.done.heading")}</h2>
            <p>{t(reported.queued ? "outbox.report.text" : "report.done.text", { title: reported.title })}</p>
          </section>
          <PushPrompt />
          <UploadProgress items={uploads.items} onRetry={(id) => void uploads.queue.retry(id)} onRemove={(id) => uploads.queue.remove(id)} />
          {/* In place of the sent form: back from them went to an empty form, which looked as if the report was lost. */}
          {reported.issue_id != null && (
            <a className={linkButton} data-variant="primary" href={`#${paths.issueView(reported.issue_id)}`} onClick={inPlace}>
              {t("report.done.open")}
            </a>
          )}
          <a className={linkButton} data-variant="secondary" href={`#${paths.repair}`} onClick={inPlace}>
            {t("report.done.repairs")}
          </a>
        </div>
      </main>
    );

  return (
    <main className={page}>
      <ScreenTitle title={t(title)} onBack={back} />
      <form ref={formRef} className={formCss} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {draft.restored && <DraftRestored text={t("report.restored")} />}
        {againOf != null && (
          <section className={againCss} aria-labelledby="report-again" data-testid="report-again-of">
            <h2 id="report-again">{t("report.again.heading")}</h2>
            <p>
              {earlier ? t("report.again.text", { title: earlier.title }) : t(earlierState.kind === "error" ? "report.again.failed" : "report.again.loading")}
            </p>
          </section>
        )}
        <ReportWhere
          value={{ property_id: form.property_id, unit_id: form.unit_id }}
          onChange={setWhere}
          onLoading={setWhereLoading}
          onNone={setNoPlace}
          errors={errors}
          lockProperty={preset.property_id != null}
          lockUnit={againOf != null}
        />
        {!noPlace && (
          <>
            {fields}
            <FormFooter
              failure={failure}
              failureRef={failureRef}
              onCancel={back}
              busy={busy}
              waiting={waiting}
              label={waiting ? t("report.add.waitingWhere") : busy ? t("report.add.submitting") : t("report.add.submit")}
            />
          </>
        )}
      </form>
      <DiscardChanges guard={guard} />
    </main>
  );
}
