// The files of a report, after the report itself: each sent on its own through the upload queue (D21), its state
// shown ("2 of 3 photos sent"), a failed one tried again alone. Shared by the report and edit screens.
import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { newKey, uploadIssueMedia } from "../../api/repairs";
import { Button } from "../../components/ui";
import type { ReportBody } from "../../contract/repairs";
import { MediaError, compressPhoto } from "../../lib/image-compress";
import { type OutboxItem, type OutboxStep, fileOf, getOutbox } from "../../lib/outbox";
import { isNetworkFailure } from "../../lib/use-resource";
import { online } from "../../signals/connectivity";
import { type QueueItem, useUploadQueue } from "../../lib/upload-queue";
import { setPendingUploads } from "../../signals/pending-uploads";
import { t } from "../../signals/language";
import { cx, errorText } from "../../styles/theme";
import { failureOf } from "../property/failure";
import type { PickedMedia } from "./report-rules";
import { sectionCss } from "./report-fields";

/** The sentence a failed file shows: why the phone could not use it, or the server's detail, or a plain failure. */
export async function uploadError(e: unknown): Promise<string> {
  if (e instanceof MediaError) return t(e.key, e.params);
  return (await failureOf(e)).detail ?? t("report.upload.fileFailed");
}

/** A picked file as the outbox keeps it: a photo made smaller now, as its upload would. */
async function keptFile(f: PickedMedia) {
  const blob = f.kind === "photo" ? await compressPhoto(f.file) : f.file;
  return fileOf(blob, f.kind === "photo" ? "photo.jpg" : "video.mp4");
}

/** What a file's send resolves with when the network failed and the file went to the outbox instead. */
const KEPT = { kept: true } as const;
/** Whether a sent item of the queue went to the outbox (kept on the phone) rather than to the server. */
export const keptOnPhone = (i: Pick<QueueItem<PickedMedia>, "state" | "result">) => i.state === "sent" && i.result === KEPT;

/**
 * Sends one file of a report now; when the network fails (before or during it), the file goes to the outbox under
 * the same key, sent by itself when the network is back, even after a reload (D23). Walked: a connection cut during
 * the second photo left it "Not sent" on a screen the tenant left, and it was never sent.
 */
async function uploadOrKeep(issueId: number, f: PickedMedia, key: string, label: string) {
  if (online.peek()) {
    try {
      return await uploadIssueMedia(issueId, f.file, { key });
    } catch (e) {
      if (!isNetworkFailure(e)) throw e;
    }
  }
  const file = await keptFile(f);
  await getOutbox().add(
    { kind: "photos", label, issueId, steps: [{ method: "post", path: "issue/media", query: { issue_id: issueId }, file, key }] },
    { later: true },
  );
  return KEPT;
}

/** The upload queue of a screen, sending each picked file to `issueId` with its own kept key. */
export function useIssueUploads() {
  const q = useUploadQueue<PickedMedia>({ idOf: (f) => f.id, errorOf: uploadError });
  const send = (issueId: number, files: PickedMedia[], label: string) => {
    const ids = q.queue.add(files, (f, key) => uploadOrKeep(issueId, f, key, label));
    // Told to the repair cards and the issue screen while any of them is waiting or on its way, even after leaving.
    const track = () => {
      const mine = q.queue.items.filter((i) => ids.includes(i.id));
      const busy = mine.some((i) => i.state === "waiting" || i.state === "sending");
      setPendingUploads(issueId, busy ? { sent: mine.filter((i) => i.state === "sent").length, total: mine.length } : null);
      if (!busy) stop();
    };
    const stop = q.queue.subscribe(track);
    track();
    return ids;
  };
  return { ...q, send };
}

/**
 * No network: the report and its files go to the outbox as one entry (D23): POST /issue/issue with the key of the
 * press, then each file (photos made smaller now) under its own key, to the issue the report's answer names.
 */
export async function queueReport(body: ReportBody, key: string, files: readonly PickedMedia[]): Promise<OutboxItem> {
  const steps: OutboxStep[] = [{ method: "post", path: "issue/issue", json: body, key }];
  for (const f of files) {
    steps.push({
      method: "post",
      path: "issue/media",
      from: { issue_id: { step: 0, field: "data.issue_id" } },
      file: await keptFile(f),
      key: newKey(),
      // A server that answers the report without the issue (SPEC.md's) has nowhere to put them.
      optional: true,
    });
  }
  return getOutbox().add({ kind: "report", label: body.title, steps }, { later: true });
}

const list = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;
  & li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; min-height: 48px; padding-block: 6px; padding-inline: 10px;
    border: 1px solid var(--line); border-radius: 10px; background: #fff; }
  & .name { flex: 1; min-width: 8rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & .state { font-size: 14px; font-weight: 600; }
  & [data-state="sent"] .state { color: var(--ok); }
  & [data-state="failed"] .state { color: var(--danger); }
  & .error { flex-basis: 100%; margin: 0; }
`;

/** Each file's state, "2 of 3 photos sent", Try again (and Remove) on a failed one. */
export function UploadProgress({
  items,
  onRetry,
  onRemove,
}: {
  items: readonly QueueItem<PickedMedia>[];
  onRetry: (id: string) => void;
  onRemove?: (id: string) => void;
}) {
  useSignals();
  if (!items.length) return null;
  const kept = items.filter(keptOnPhone).length;
  const sent = items.filter((i) => i.state === "sent").length - kept;
  const busy = items.some((i) => i.state === "waiting" || i.state === "sending");
  const onlyPhotos = items.every((i) => i.file.kind === "photo");
  const progress = t(onlyPhotos ? "report.upload.progressPhotos" : "report.upload.progressFiles", { done: sent, total: items.length });
  const after = busy
    ? ` ${t("report.upload.keepsGoing")}`
    : kept
      ? ` ${t("report.upload.keptNote", { n: kept })}`
      : sent === items.length
        ? ` ${t("report.upload.allSent")}`
        : "";
  return (
    <section className={sectionCss} aria-labelledby="report-uploads-title">
      <h2 id="report-uploads-title">{t("report.upload.title")}</h2>
      <p role="status" data-testid="upload-progress">
        {progress}
        {after}
      </p>
      <ul className={list}>
        {items.map((i) => (
          <li key={i.id} data-state={i.state} data-testid="upload-item">
            <span className="name">
              <bdi>{i.file.file.name || t("report.media.file")}</bdi>
            </span>
            <span className="state">{t(keptOnPhone(i) ? "report.upload.kept" : `report.upload.${i.state}`)}</span>
            {i.state === "failed" && (
              <>
                <Button variant="secondary" onClick={() => onRetry(i.id)} aria-label={t("report.upload.retryNamed", { name: i.file.file.name })}>
                  {t("common.retry")}
                </Button>
                {onRemove && (
                  <Button variant="ghost" onClick={() => onRemove(i.id)} aria-label={t("report.upload.removeNamed", { name: i.file.file.name })}>
                    {t("report.upload.remove")}
                  </Button>
                )}
              </>
            )}
            {i.error && <p className={cx(errorText, "error")}>{i.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
