import { css } from "goober";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { cancelIssue, deleteIssueMedia, editIssue } from "../../api/repairs";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DiscardChanges } from "../../components/DiscardChanges";
import { DraftRestored } from "../../components/DraftRestored";
import { useIssue } from "../../components/issues/use-issue";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Button, Spinner } from "../../components/ui";
import type { Issue } from "../../contract/issues";
import { navigate } from "../../lib/hash-location";
import { goBack, returnTo } from "../../lib/go-back";
import { issueEditDraftKey } from "../../lib/kept";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { useDraft } from "../../lib/use-draft";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { showToast, type ToastWords } from "../../signals/toasts";
import { card, errorText, muted, page, stack } from "../../styles/theme";
import { failureOf } from "../property/failure";
import { formCss, linkButton, FormFooter, ReportFields, type SentMedia, sectionCss } from "./report-fields";
import { type ReportForm, changed, issueToForm, restoredMedia } from "./report-rules";
import { UploadProgress, useIssueUploads } from "./report-uploads";
import { unitName } from "../../components/repair/unit-text";
import { useReportForm } from "./use-report-form";

/**
 * /property/edit-issue?issue_id= (roles 0, 2, 3; LOOP.md section 3): the report form filled in from the issue, while
 * the server's `actions` hold "edit" (before the work starts). Existing photos can be removed, new ones follow the
 * saved changes one by one; "Cancel this repair" (action "cancel") asks for a reason in the delete-confirmation dialog.
 */
export function EditIssueView({ title }: ViewProps) {
  useSignals();
  const state = useIssue();
  if (state.kind !== "ready")
    return (
      <main className={page}>
        <ScreenTitle title={t(title)} onBack={() => goBack(paths.repair)} />
        {state.kind === "loading" ? (
          <Spinner />
        ) : (
          <div className={stack}>
            <p role="alert">{t("report.edit.loadFailed")}</p>
            {state.retry && (
              <Button variant="secondary" onClick={state.retry}>
                {t("common.retry")}
              </Button>
            )}
            <a className={linkButton} data-variant="secondary" href={`#${paths.repair}`}>
              {t("report.done.repairs")}
            </a>
          </div>
        )}
      </main>
    );
  const issue = state.issue;
  if (!issue.actions?.includes("edit"))
    return (
      <main className={page}>
        <ScreenTitle title={t(title)} onBack={() => goBack(paths.issueView(issue.issue_id))} />
        <div className={stack}>
          <p role="alert">{t("report.edit.notAllowed")}</p>
          <a className={linkButton} data-variant="secondary" href={`#${paths.issueView(issue.issue_id)}`}>
            {t("report.edit.toIssue")}
          </a>
        </div>
      </main>
    );
  return <EditForm key={issue.issue_id} issue={issue} title={t(title)} />;
}

const whereText = css`margin: 0; & strong { font-weight: 700; }`;

function EditForm({ issue, title }: { issue: Issue; title: string }) {
  useSignals();
  const initial = useMemo(() => issueToForm(issue), [issue]);
  const { form, set, files, setFiles, errors, failure, busy, formRef, failureRef, send } = useReportForm(() => initial, "edit");
  const [photos, setPhotos] = useState<SentMedia[]>(issue.issue_images);
  const [videos, setVideos] = useState<SentMedia[]>(issue.issue_videos);
  const [removing, setRemoving] = useState<number | null>(null);
  const [saved, setSaved] = useState<ToastWords | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const uploads = useIssueUploads();
  const can = (a: string) => issue.actions?.includes(a) ?? false;
  const toIssue = paths.issueView(issue.issue_id);

  const dirty = saved == null && (changed(form, initial) || files.length > 0);
  // Kept on the phone as a new report's draft is: a reload or a closed tab loses nothing typed over the issue.
  const draft = useDraft<ReportForm>(issueEditDraftKey(issue.issue_id), { done: saved != null, dirty, form, files }, (kept) => {
    set(kept.form);
    setFiles((now) => restoredMedia(now, kept.files, { photos: photos.length, videos: videos.length }));
  });
  const guard = useDiscardGuard(dirty, draft.forget);
  const back = () => guard.leave(() => goBack(toIssue));

  const unit = unitName(issue);

  // Saved, and every new file arrived: back to the issue.
  const allSent = uploads.items.length > 0 && uploads.progress.sent === uploads.items.length;
  useEffect(() => {
    if (saved == null || !allSent) return;
    showToast(saved, "success", { id: "report" });
    returnTo(toIssue);
  }, [saved, allSent, toIssue]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy || saved != null) return;
    const answer = await send((body) => editIssue(issue.issue_id, body), "report.edit.failed");
    if (!answer) return;
    const message = { key: "report.edit.done", message: answer.message };
    // Forgotten now, not when `saved` renders: the form goes in the same commit (back to the issue) and would write it back.
    draft.forget();
    setSaved(message);
    if (files.length) uploads.send(issue.issue_id, files, issue.title);
    else {
      showToast(message, "success", { id: "report" });
      returnTo(toIssue);
    }
  }

  async function removeMedia(m: SentMedia) {
    if (m.media_id == null || removing != null) return;
    setRemoving(m.media_id);
    try {
      await deleteIssueMedia(m.media_id);
      const gone = (list: SentMedia[]) => list.filter((x) => x.media_id !== m.media_id);
      setPhotos(gone);
      setVideos(gone);
      showToast({ key: "report.media.removed" }, "success", { id: "report-media" });
    } catch (err) {
      showToast({ key: "report.media.removeFailed", message: (await failureOf(err)).detail }, "error", { id: "report-media" });
    } finally {
      setRemoving(null);
    }
  }

  async function cancelRepair(reason: string) {
    setCancelError(null);
    let message: ToastWords;
    try {
      message = { key: "report.edit.cancelled", message: (await cancelIssue(issue.issue_id, reason)).message };
    } catch (err) {
      setCancelError((await failureOf(err)).detail ?? t("report.edit.cancelFailed"));
      throw err;
    }
    setCancelling(false);
    showToast(message, "success", { id: "report" });
    returnTo(toIssue);
  }

  if (saved != null && uploads.items.length)
    return (
      <main className={page}>
        <ScreenTitle title={title} onBack={() => navigate(toIssue, { replace: true })} />
        <div className={stack}>
          <p role="status">{t("report.edit.savedFiles")}</p>
          <UploadProgress items={uploads.items} onRetry={(id) => void uploads.queue.retry(id)} onRemove={(id) => uploads.queue.remove(id)} />
          <a className={linkButton} data-variant="secondary" href={`#${toIssue}`}>
            {t("report.edit.toIssue")}
          </a>
        </div>
      </main>
    );

  return (
    <main className={page}>
      <ScreenTitle title={title} onBack={back} />
      <div className={formCss}>
        <form ref={formRef} className={formCss} noValidate onSubmit={save} aria-busy={busy || undefined}>
          {draft.restored && <DraftRestored text={t("report.edit.restored")} />}
          <fieldset className={sectionCss}>
            <legend>{t("report.where.title")}</legend>
            <p className={whereText}>
              <strong>{t("report.where.property")}: </strong>
              <bdi>{issue.name}</bdi>
            </p>
            {unit && (
              <p className={whereText}>
                <strong>{t("report.where.unit")}: </strong>
                <bdi>{unit}</bdi>
              </p>
            )}
          </fieldset>
          <ReportFields
            form={form}
            set={set}
            errors={errors}
            files={files}
            setFiles={setFiles}
            existing={{ photos, videos, onRemove: can("edit") ? (m) => void removeMedia(m) : undefined, removing }}
            canUpload={can("upload") || can("edit")}
            idPrefix="edit"
          />
          <FormFooter
            failure={failure}
            failureRef={failureRef}
            onCancel={back}
            busy={busy}
            label={busy ? t("report.edit.submitting") : t("report.edit.submit")}
          />
        </form>
        {can("cancel") && (
          <section className={`${card} ${stack}`} aria-labelledby="cancel-title">
            <h2 id="cancel-title" className={css`font-size: 17px; margin: 0;`}>
              {t("report.edit.cancel")}
            </h2>
            <p className={muted}>{t("report.edit.cancelHint")}</p>
            <Button
              variant="danger"
              onClick={() => {
                setCancelError(null);
                setCancelling(true);
              }}
            >
              {t("report.edit.cancel")}
            </Button>
          </section>
        )}
      </div>
      <ConfirmDelete
        open={cancelling}
        title={t("report.edit.cancelTitle")}
        what={
          <>
            <p className={css`margin: 0;`}>{t("report.edit.cancelWhat", { title: issue.title })}</p>
            {cancelError && (
              <p role="alert" className={errorText}>
                {cancelError}
              </p>
            )}
          </>
        }
        reason="required"
        reasonLabel={t("report.edit.cancelReason")}
        confirmLabel={t("report.edit.cancelConfirm")}
        onCancel={() => setCancelling(false)}
        onConfirm={cancelRepair}
      />
      <DiscardChanges guard={guard} />
    </main>
  );
}
