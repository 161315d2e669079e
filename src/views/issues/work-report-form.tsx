// The work report (issue 12, LOOP.md section 2): what the technician fills in to complete a job, on the job's screen
// once they press Complete. Notes (required), after-photos (at least one, sent one by one through the upload queue,
// D21), parts with quick-add chips for the kind of work and prices typed as decimals of the property's currency, the
// time on site (from the start to now, editable), other costs, follow-up needed, damage caused by the occupant, and
// an optional signature. Checked with the contract before anything is sent; then the photos go up, then the
// signature, then the report. A failure says why at the fields and keeps everything typed. Without network (offline
// at the press, or a request that gets no answer) the rest of the completion goes to the outbox (D23): the photos not
// sent yet (made smaller once, so every attempt sends the same bytes under its key), the signature, then the report;
// the form closes as after a success and the job says it waits to be sent.
import { DraftRestored } from "../../components/DraftRestored";
import { LimitNote } from "../../components/LimitNote";
import { css } from "goober";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { completeJob, uploadWorkMedia } from "../../api/jobs";
import { DiscardChanges } from "../../components/DiscardChanges";
import { ScreenTitle } from "../../components/ScreenTitle";
import { mediaUrl } from "../../lib/media";
import { SignaturePad, type SignaturePadHandle } from "../../components/repair/SignaturePad";
import { timeOnSite } from "../../lib/duration";
import { Button, Field } from "../../components/ui";
import { typedDir } from "../../lib/typed-dir";
import type { Issue } from "../../contract/issues";
import { formatMinor } from "../../contract/money";
import { COST_LABEL_MAX, MAX_AFTER_PHOTOS, MAX_EXTRA_COSTS, MAX_PARTS, NOTES_MAX, PART_NAME_MAX } from "../../contract/repairs";
import { deleteIssueMedia, newKey } from "../../api/repairs";
import { fetchIssue } from "../../api/issues";
import { currencyName } from "../../lib/currency";
import { compressPhoto } from "../../lib/image-compress";
import { type OutboxStep, fileOf, getOutbox, isNetworkFailure, moveStep, patiently } from "../../lib/outbox";
import { useUploadQueue } from "../../lib/upload-queue";
import { online } from "../../signals/connectivity";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { useCheckBanner } from "../../lib/use-check-banner";
import { lang, t } from "../../signals/language";
import { showToast, type ToastWords } from "../../signals/toasts";
import { workDraftKey } from "../../lib/kept";
import { useDraft } from "../../lib/use-draft";
import { cx, errorText, muted, page } from "../../styles/theme";
import { failureOf } from "../property/failure";
import { FormFooter, chipCss, fileButtons, formCss, sectionCss } from "../repair/report-fields";
import { type PickedMedia, kindOf } from "../repair/report-rules";
import { uploadError } from "../repair/report-uploads";
import {
  type CostRow,
  type PartRow,
  type WorkForm,
  amountOf,
  checkWork,
  commonPartsOf,
  emptyWork,
  minutesSince,
  moneyOfIssue,
  rowId,
  runningTotal,
  wholeOf,
  workChanged,
} from "./work-report-rules";

type Errors = Record<string, string>;

const chips = css`display: flex; flex-wrap: wrap; gap: 8px; border: 0; padding: 0; margin: 0; min-width: 0;`;
const rowsCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;
  & > li { display: flex; flex-direction: column; gap: 8px; padding: 10px; border: 1px solid var(--line); border-radius: 12px; background: #fff; }
  & .cells { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 8px; align-items: start; }
  & .cells > .wide { grid-column: 1 / -1; }
  & .foot { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
  & .line { font-weight: 600; }
`;
const totalCss = css`
  display: flex; justify-content: space-between; gap: 8px; padding: 12px; border-radius: 10px; background: var(--brand-soft);
  font-weight: 700;
`;
const switchRow = css`
  display: flex; align-items: center; gap: 12px; min-height: 48px; cursor: pointer; font-weight: 600;
  & input { width: 22px; height: 22px; flex: none; accent-color: var(--brand); margin: 0; }
`;
const thumbs = css`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  & li { display: flex; flex-direction: column; gap: 4px; }
  & .pic { position: relative; aspect-ratio: 1; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; background: #e5e7eb; }
  & img { width: 100%; height: 100%; object-fit: cover; display: block; }
  & .pic button { position: absolute; inset-block-start: 2px; inset-inline-end: 2px; width: 44px; height: 44px; border-radius: 50%; border: 0;
    background: rgba(0, 0, 0, 0.6); color: #fff; font-size: 22px; line-height: 1; cursor: pointer; }
  & .state { font-size: 13px; font-weight: 600; }
  & [data-state="sent"] .state { color: var(--ok); }
  & [data-state="failed"] .state { color: var(--danger); }
`;

/** A picked photo's preview (an object URL, freed when it goes). */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function") return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? <img src={url} alt="" decoding="async" /> : null;
}

/** A line or total with an amount that does not read (the field says why once the report is sent). */
const UNREADABLE = "—";

const ErrorLine = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p id={id} role="alert" className={errorText}>
      {error}
    </p>
  ) : null;

export interface WorkReportFormProps {
  issue: Issue;
  /** Leaves the form (after the discard guard agreed). */
  onCancel: () => void;
  /** The report went through: the server's sentence and the issue as it is now (completed). */
  onDone: (next: Issue | undefined, message: ToastWords) => void;
}

/** The work report form of a job in progress: Complete on /property/open-issues opens it. */
export function WorkReportForm({ issue, onCancel, onDone }: WorkReportFormProps) {
  useSignals();
  const locale = lang.value;
  const money = moneyOfIssue(issue);
  const currency = currencyName(money.currency);
  const initial = useMemo(() => emptyWork(issue), [issue]);
  const [form, setForm] = useState<WorkForm>(initial);
  const [photos, setPhotos] = useState<PickedMedia[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  useCheckBanner(errors, failure, t("work.check"), () => setFailure(null));
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState(false);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const pad = useRef<SignaturePadHandle>(null);
  // The signature's idempotency key, kept across retries of the same drawing; a new stroke or Clear makes a new one.
  const signature = useRef<{ key: string; sent: boolean }>({ key: newKey(), sent: false });
  const uploads = useUploadQueue<PickedMedia>({ idOf: (f) => f.id, errorOf: uploadError });
  // Each photo made smaller once: a repeat under the same key must send the same bytes (the server refuses others).
  const prepared = useRef(new Map<string, Promise<Blob>>());
  // The photos whose last attempt got no answer (no network), as opposed to a refusal.
  const unanswered = useRef(new Set<string>());
  // The report's key, kept while the body stays the same (a press again after a lost answer completes once).
  const completion = useRef<{ key: string; body: string } | null>(null);
  const stateOf = (id: string) => uploads.items.find((i) => i.id === id);
  // The form takes the job's screen: start at its top.
  // Braces: Chromium's scrollTo may return a promise, which React would take for a cleanup and call.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, []);

  // Photos sent by an earlier attempt that never completed (the phone died, the app was closed): kept, counted and
  // shown as sent; each can be removed (DELETE /issue/media, allowed while the job may still be completed).
  const [already, setAlready] = useState(() => issue.after_images ?? []);
  const [removing, setRemoving] = useState<number | null>(null);
  const room = MAX_AFTER_PHOTOS - already.length - photos.length;
  const dirty = !done && (workChanged(form, initial) || photos.length > 0 || signed);
  // Kept on the phone while it has changes (not the signature: it is drawn again).
  const draft = useDraft<WorkForm>(workDraftKey(issue.issue_id), { done, dirty, form, files: photos }, (kept) => {
    // What was typed before the page went (a reload, the phone closing the tab), unless something is typed already.
    setForm((now) => (now === initial ? kept.form : now));
    setPhotos((now) => (now.length ? now : kept.files.map(({ file }) => ({ id: `after-${rowId()}`, kind: "photo" as const, file }))));
  });
  // Discarding forgets the draft too.
  const guard = useDiscardGuard(dirty, draft.forget);
  const leave = () => guard.leave(onCancel);

  const clear = (...keys: string[]) =>
    setErrors((e) => {
      const hit = keys.filter((k) => k in e);
      if (!hit.length) return e;
      const next = { ...e };
      for (const k of hit) delete next[k];
      return next;
    });
  const set = (change: Partial<WorkForm>) => {
    setForm((f) => ({ ...f, ...change }));
    clear(...Object.keys(change));
  };
  /** Rows renumber when one goes: their errors would land on the wrong row, so they go too. */
  const dropRowErrors = (prefix: "parts" | "extra_costs") =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== prefix && !k.startsWith(`${prefix}.`))));
  const setPart = (i: number, change: Partial<PartRow>) => {
    setForm((f) => ({ ...f, parts: f.parts.map((p, j) => (j === i ? { ...p, ...change } : p)) }));
    const field = { name: "name", qty: "qty", price: "unit_price" } as const;
    clear(...Object.keys(change).map((k) => `parts.${i}.${field[k as keyof typeof field]}`), "parts");
  };
  const setCost = (i: number, change: Partial<CostRow>) => {
    setForm((f) => ({ ...f, costs: f.costs.map((c, j) => (j === i ? { ...c, ...change } : c)) }));
    clear(...Object.keys(change).map((k) => `extra_costs.${i}.${k}`), "extra_costs");
  };
  const focusLater = (selector: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const addPart = (name = "") => {
    const existing = name ? form.parts.findIndex((p) => p.name === name) : -1;
    if (existing >= 0) {
      const qty = wholeOf(form.parts[existing].qty) ?? 0;
      setPart(existing, { qty: String(qty > 0 ? qty + 1 : 1) });
      return;
    }
    if (form.parts.length >= MAX_PARTS) return;
    const row: PartRow = { id: rowId(), name, qty: "1", price: "" };
    setForm((f) => ({ ...f, parts: [...f.parts, row] }));
    clear("parts");
    focusLater(`#${row.id}-${name ? "price" : "name"}`);
  };
  const removePart = (i: number) => {
    setForm((f) => ({ ...f, parts: f.parts.filter((_, j) => j !== i) }));
    dropRowErrors("parts");
  };
  const addCost = () => {
    if (form.costs.length >= MAX_EXTRA_COSTS) return;
    const row: CostRow = { id: rowId(), label: "", amount: "" };
    setForm((f) => ({ ...f, costs: [...f.costs, row] }));
    clear("extra_costs");
    focusLater(`#${row.id}-label`);
  };
  const removeCost = (i: number) => {
    setForm((f) => ({ ...f, costs: f.costs.filter((_, j) => j !== i) }));
    dropRowErrors("extra_costs");
  };

  const pick = (list: FileList | null, input: HTMLInputElement) => {
    const picked = [...(list ?? [])];
    input.value = "";
    const accepted: PickedMedia[] = [];
    const left: string[] = [];
    let space = room;
    for (const file of picked) {
      if (kindOf(file) !== "photo") left.push(t("report.media.refused", { name: file.name, reason: t("work.photos.onlyPhotos") }));
      else if (space <= 0) left.push(t("report.media.refused", { name: file.name, reason: t("report.media.tooManyPhotos", { max: MAX_AFTER_PHOTOS }) }));
      else {
        space--;
        accepted.push({ id: `after-${rowId()}`, kind: "photo", file });
      }
    }
    setRefused(left);
    if (accepted.length) {
      setPhotos((p) => [...p, ...accepted]);
      clear("after_images");
    }
  };
  const removePhoto = (p: PickedMedia) => {
    uploads.queue.remove(p.id);
    prepared.current.delete(p.id);
    setPhotos((list) => list.filter((x) => x.id !== p.id));
    setRefused([]);
  };

  const removeSent = async (mediaId: number) => {
    if (removing != null) return;
    setRemoving(mediaId);
    try {
      await deleteIssueMedia(mediaId);
      setAlready((list) => list.filter((m) => m.media_id !== mediaId));
    } catch (err) {
      const f = await failureOf(err);
      showToast({ key: "work.photos.removeFailed", message: f.detail }, "error", { id: "work-photo" });
    } finally {
      setRemoving(null);
    }
  };

  const onSigned = (empty: boolean) => {
    setSigned(!empty);
    signature.current = { key: newKey(), sent: false };
    clear("signature");
  };

  const problem = (shown: Errors, sentence: string) => {
    setErrors(shown);
    setFailure(sentence);
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (first) first.focus();
      else failureRef.current?.focus();
    });
  };

  /** The photo made smaller (once; a failure is tried again next time). */
  const prepare = (p: PickedMedia) => {
    let blob = prepared.current.get(p.id);
    if (!blob) {
      blob = compressPhoto(p.file);
      blob.catch(() => prepared.current.delete(p.id));
      prepared.current.set(p.id, blob);
    }
    return blob;
  };
  const sendPhoto = async (p: PickedMedia, key: string) => {
    try {
      return await uploadWorkMedia(issue.issue_id, await prepare(p), "after", key, true);
    } catch (e) {
      if (isNetworkFailure(e)) unanswered.current.add(p.id);
      throw e;
    }
  };

  /**
   * Sends every picked photo not sent yet (a failed one again, with its key); resolves with whether all arrived, or
   * "offline" when those that did not got no answer at all.
   */
  async function sendPhotos(): Promise<boolean | "offline"> {
    unanswered.current.clear();
    const queued = new Set(uploads.queue.items.map((i) => i.id));
    for (const p of photos) {
      const item = uploads.queue.items.find((i) => i.id === p.id);
      if (!queued.has(p.id)) uploads.queue.add([p], sendPhoto);
      else if (item?.state === "failed") void uploads.queue.retry(p.id);
    }
    await uploads.queue.idle();
    const ids = new Set(photos.map((p) => p.id));
    const failed = uploads.queue.items.filter((i) => ids.has(i.id) && i.state !== "sent");
    if (!failed.length) return true;
    return failed.every((i) => unanswered.current.has(i.id)) ? "offline" : false;
  }

  const completeKey = (body: unknown) => {
    const text = JSON.stringify(body);
    if (completion.current?.body !== text) completion.current = { key: newKey(), body: text };
    return completion.current.key;
  };

  /**
   * No network: what is left of the completion goes to the outbox in order (photos not sent yet, the signature, the
   * report), each with the key its attempts here used; the form closes as after a success.
   */
  async function queueCompletion(body: NonNullable<ReturnType<typeof checkWork>["body"]>) {
    const steps: OutboxStep[] = [];
    try {
      for (const p of photos) {
        const item = uploads.queue.items.find((i) => i.id === p.id);
        if (item?.state === "sent") continue;
        steps.push({
          method: "post",
          path: "issue/media",
          query: { issue_id: issue.issue_id, phase: "after" },
          file: await fileOf(await prepare(p), "after.jpg"),
          key: item?.key ?? newKey(),
        });
      }
    } catch (err) {
      // A photo the phone cannot read: said at the photos, as when it is sent at once.
      const sentence = await uploadError(err);
      problem({ after_images: sentence }, sentence);
      return;
    }
    if (pad.current && !pad.current.empty && !signature.current.sent) {
      const png = await pad.current.toPng();
      if (png)
        steps.push({
          method: "post",
          path: "issue/media",
          query: { issue_id: issue.issue_id, phase: "signature" },
          file: await fileOf(png, "signature.png"),
          key: signature.current.key,
        });
    }
    steps.push(moveStep("complete", issue.issue_id, completeKey(body), body));
    await getOutbox().add({ kind: "complete", issueId: issue.issue_id, label: issue.title, steps }, { later: true });
    setDone(true);
    // Forgotten now, not when `done` renders: leaving the job may unmount the form first, which kept its last write.
    draft.forget();
    // What the job will be once it arrives (the server's table: completed, nothing more for the technician to do).
    onDone({ ...issue, stage: "completed", issue_status: 1, actions: [] }, { key: "outbox.queued.complete" });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || done) return;
    const { errors: problems, body } = checkWork(form, money, already.length + photos.length);
    if (!body) {
      problem(
        Object.fromEntries(
          Object.entries(problems).map(([k, key]) => [
            k,
            t(key, { max: MAX_AFTER_PHOTOS, currency, decimals: money.decimals, example: formatMinor(Math.round(2.5 * 10 ** money.decimals), money.decimals) }),
          ]),
        ),
        t("work.check"),
      );
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (!online.peek()) return await queueCompletion(body);
      const photosSent = await sendPhotos();
      if (photosSent === "offline") return await queueCompletion(body);
      if (!photosSent) {
        problem({ after_images: t("work.photos.notSent") }, t("work.photos.notSent"));
        return;
      }
      if (pad.current && !pad.current.empty && !signature.current.sent) {
        const png = await pad.current.toPng();
        if (png) {
          try {
            await uploadWorkMedia(issue.issue_id, png, "signature", signature.current.key);
            signature.current.sent = true;
          } catch (err) {
            if (isNetworkFailure(err)) return await queueCompletion(body);
            const f = await failureOf(err);
            problem({ signature: f.detail ?? t("work.signature.failed") }, f.detail ?? t("work.signature.failed"));
            return;
          }
        }
      }
      let answer: Awaited<ReturnType<typeof completeJob>>;
      try {
        answer = await patiently(completeJob(issue.issue_id, body, completeKey(body)));
      } catch (err) {
        if (isNetworkFailure(err)) return await queueCompletion(body);
        const f = await failureOf(err);
        problem(f.errors, f.detail ?? t("work.failed"));
        return;
      }
      setDone(true);
      draft.forget();
      const next = answer.data ?? (await fetchIssue(issue.issue_id).catch(() => undefined));
      onDone(next, { key: "work.done", message: answer.message });
    } finally {
      setBusy(false);
    }
  }

  const totals = runningTotal(form, money.decimals);
  // A price or cost that does not read as an amount: no line or total is shown for it (it read 0.000 until sent).
  const unreadable = [...form.parts.map((p) => p.price), ...form.costs.map((c) => c.amount)].some((a) => amountOf(a, money.decimals) == null);
  const amount = (minor: number) => t("work.amount", { amount: formatMinor(minor, money.decimals), currency });
  const placeholder = formatMinor(0, money.decimals);
  const minutesNow = minutesSince(issue.started_at);
  // As typed on either keyboard: "٣٠" is 30 (its hint went away).
  const typedMinutes = wholeOf(form.minutes) ?? null;
  const err = (k: string) => errors[k];
  const described = (id: string, k: string, hint?: string) => (err(k) ? `${id}-error` : hint);
  const common = commonPartsOf(issue.category);

  return (
    <main className={page}>
      <ScreenTitle title={t("work.title")} onBack={leave} />
      <form ref={formRef} className={formCss} noValidate onSubmit={submit} aria-busy={busy || undefined} data-testid="work-report-form">
        {draft.restored && <DraftRestored text={t("work.restored")} />}
        <p className={cx(muted, css`margin: 0;`)}>
          <bdi dir="auto">{issue.title}</bdi>
        </p>
        {issue.work_report && (
          <p className={cx(muted, css`margin: 0;`)} data-testid="work-from-earlier">
            {t("work.fromEarlier")}
          </p>
        )}

        <Field id="work-notes" label={t("work.notes.label")} hint={t("work.notes.hint")} error={err("notes")}>
          <textarea
            id="work-notes"
            rows={4}
            maxLength={NOTES_MAX}
            value={form.notes}
            dir={typedDir(form.notes)}
            aria-required
            aria-invalid={err("notes") ? true : undefined}
            aria-describedby={described("work-notes", "notes", "work-notes-hint")}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
          <LimitNote length={form.notes.length} max={NOTES_MAX} />
        </Field>

        <fieldset className={sectionCss} aria-describedby="work-photos-hint">
          <legend>{t("work.photos.title")}</legend>
          <p id="work-photos-hint" className={muted}>
            {t("work.photos.hint", { max: MAX_AFTER_PHOTOS })}
          </p>
          <div className={fileButtons}>
            <label aria-disabled={room <= 0 || undefined}>
              <input
                id="work-camera"
                type="file"
                accept="image/*"
                capture="environment"
                disabled={room <= 0 || busy}
                aria-invalid={err("after_images") ? true : undefined}
                aria-describedby={err("after_images") ? "work-photos-error" : undefined}
                onChange={(e) => pick(e.currentTarget.files, e.currentTarget)}
              />
              {t("work.photos.take")}
            </label>
            <label aria-disabled={room <= 0 || undefined}>
              <input
                id="work-gallery"
                type="file"
                accept="image/*"
                multiple
                disabled={room <= 0 || busy}
                onChange={(e) => pick(e.currentTarget.files, e.currentTarget)}
              />
              {t("work.photos.gallery")}
            </label>
          </div>
          {(already.length > 0 || photos.length > 0) && (
            <ul className={thumbs} aria-label={t("work.photos.chosen")}>
              {already.map((m, i) => {
                const name = t("work.photos.photo", { n: i + 1 });
                return (
                  <li key={m.media_id ?? m.path} data-state="sent" data-testid="sent-photo">
                    <div className="pic">
                      <img src={mediaUrl(m)} alt={name} />
                      {m.media_id != null && (
                        <button
                          type="button"
                          disabled={busy || removing != null}
                          aria-busy={removing === m.media_id || undefined}
                          aria-label={t("report.media.removeNamed", { name })}
                          onClick={() => void removeSent(m.media_id as number)}
                        >
                          ×
                        </button>
                      )}
                    </div>
                    <span className="state">{t("report.upload.sent")}</span>
                  </li>
                );
              })}
              {photos.map((p, i) => {
                const item = stateOf(p.id);
                const name = t("work.photos.photo", { n: already.length + i + 1 });
                return (
                  <li key={p.id} data-state={item?.state ?? "picked"} data-testid="after-photo">
                    <div className="pic">
                      <Preview file={p.file} />
                      {item?.state !== "sent" && item?.state !== "sending" && (
                        <button type="button" disabled={busy} aria-label={t("report.media.removeNamed", { name })} onClick={() => removePhoto(p)}>
                          ×
                        </button>
                      )}
                    </div>
                    {item && <span className="state">{t(`report.upload.${item.state}`)}</span>}
                    {item?.error && <span className={errorText}>{item.error}</span>}
                  </li>
                );
              })}
            </ul>
          )}
          {refused.map((r) => (
            <p key={r} role="alert" className={errorText}>
              {r}
            </p>
          ))}
          <ErrorLine id="work-photos-error" error={err("after_images")} />
        </fieldset>

        <fieldset className={sectionCss}>
          <legend>{t("work.parts.title")}</legend>
          <fieldset className={chips}>
            <legend className="sr-only">{t("work.parts.quick")}</legend>
            {common.map((c) => {
              const name = locale === "ar" ? c.ar : c.en;
              return (
                <button key={c.en} type="button" className={chipCss} disabled={busy} onClick={() => addPart(name)}>
                  + {name}
                </button>
              );
            })}
          </fieldset>
          {form.parts.length > 0 && (
            <ol className={rowsCss} data-testid="parts">
              {form.parts.map((p, i) => {
                const price = err(`parts.${i}.unit_price`);
                const line = runningTotal({ parts: [p], costs: [] }, money.decimals).parts;
                return (
                  <li key={p.id}>
                    <div className="cells">
                      <div className="wide">
                        <Field id={`${p.id}-name`} label={t("work.parts.name", { n: i + 1 })} error={err(`parts.${i}.name`)}>
                          <input
                            id={`${p.id}-name`}
                            maxLength={PART_NAME_MAX}
                            value={p.name}
                            autoComplete="off"
                            aria-invalid={err(`parts.${i}.name`) ? true : undefined}
                            aria-describedby={described(`${p.id}-name`, `parts.${i}.name`)}
                            onChange={(e) => setPart(i, { name: e.currentTarget.value })}
                          />
                        </Field>
                      </div>
                      <Field id={`${p.id}-qty`} label={t("work.parts.qty")} error={err(`parts.${i}.qty`)}>
                        <input
                          id={`${p.id}-qty`}
                          inputMode="numeric"
                          dir="ltr"
                          value={p.qty}
                          aria-invalid={err(`parts.${i}.qty`) ? true : undefined}
                          aria-describedby={described(`${p.id}-qty`, `parts.${i}.qty`)}
                          onChange={(e) => setPart(i, { qty: e.currentTarget.value })}
                        />
                      </Field>
                      <Field id={`${p.id}-price`} label={t("work.parts.price", { currency })} error={price}>
                        <input
                          id={`${p.id}-price`}
                          inputMode="decimal"
                          dir="ltr"
                          placeholder={placeholder}
                          value={p.price}
                          aria-invalid={price ? true : undefined}
                          aria-describedby={described(`${p.id}-price`, `parts.${i}.unit_price`)}
                          onChange={(e) => setPart(i, { price: e.currentTarget.value })}
                        />
                      </Field>
                    </div>
                    <div className="foot">
                      <span className="line" data-testid="part-line">
                        {amountOf(p.price, money.decimals) == null ? UNREADABLE : amount(line)}
                      </span>
                      <Button
                        variant="ghost"
                        disabled={busy}
                        onClick={() => removePart(i)}
                        aria-label={t("work.parts.removeNamed", { name: p.name || String(i + 1) })}
                      >
                        {t("work.remove")}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          {form.parts.length < MAX_PARTS && (
            <Button variant="secondary" disabled={busy} onClick={() => addPart()}>
              {t("work.parts.add")}
            </Button>
          )}
          <ErrorLine id="work-parts-error" error={err("parts")} />
        </fieldset>

        <Field
          id="work-minutes"
          label={t("work.minutes.label")}
          hint={
            typedMinutes != null && typedMinutes > 0
              ? t("work.minutes.hint", { time: timeOnSite(typedMinutes) })
              : minutesNow == null
                ? t("work.minutes.noStart")
                : undefined
          }
          error={err("minutes")}
        >
          <input
            id="work-minutes"
            inputMode="numeric"
            dir="ltr"
            value={form.minutes}
            aria-invalid={err("minutes") ? true : undefined}
            aria-describedby={described("work-minutes", "minutes", "work-minutes-hint")}
            onChange={(e) => set({ minutes: e.currentTarget.value })}
          />
        </Field>

        <fieldset className={sectionCss}>
          <legend>{t("work.costs.title")}</legend>
          <p className={muted}>{t("work.costs.hint")}</p>
          {form.costs.length > 0 && (
            <ol className={rowsCss} data-testid="costs">
              {form.costs.map((c, i) => (
                <li key={c.id}>
                  <div className="cells">
                    <Field id={`${c.id}-label`} label={t("work.costs.label", { n: i + 1 })} error={err(`extra_costs.${i}.label`)}>
                      <input
                        id={`${c.id}-label`}
                        maxLength={COST_LABEL_MAX}
                        value={c.label}
                        aria-invalid={err(`extra_costs.${i}.label`) ? true : undefined}
                        aria-describedby={described(`${c.id}-label`, `extra_costs.${i}.label`)}
                        onChange={(e) => setCost(i, { label: e.currentTarget.value })}
                      />
                    </Field>
                    <Field id={`${c.id}-amount`} label={t("work.costs.amount", { currency })} error={err(`extra_costs.${i}.amount`)}>
                      <input
                        id={`${c.id}-amount`}
                        inputMode="decimal"
                        dir="ltr"
                        placeholder={placeholder}
                        value={c.amount}
                        aria-invalid={err(`extra_costs.${i}.amount`) ? true : undefined}
                        aria-describedby={described(`${c.id}-amount`, `extra_costs.${i}.amount`)}
                        onChange={(e) => setCost(i, { amount: e.currentTarget.value })}
                      />
                    </Field>
                  </div>
                  <div className="foot">
                    <span />
                    <Button
                      variant="ghost"
                      disabled={busy}
                      onClick={() => removeCost(i)}
                      aria-label={t("work.costs.removeNamed", { name: c.label || String(i + 1) })}
                    >
                      {t("work.remove")}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          {form.costs.length < MAX_EXTRA_COSTS && (
            <Button variant="secondary" disabled={busy} onClick={addCost}>
              {t("work.costs.add")}
            </Button>
          )}
          <ErrorLine id="work-costs-error" error={err("extra_costs")} />
        </fieldset>

        <div className={totalCss} data-testid="work-total" aria-live="polite">
          <span>{t("work.total")}</span>
          {/* Its own direction, as each part's line: forced left to right, Arabic's "9.000 ر.ع." read "9.000 .ر.ع". */}
          <bdi>{unreadable ? UNREADABLE : amount(totals.total)}</bdi>
        </div>
        <p className={cx(muted, css`margin: -12px 0 0;`)}>{t("work.totalHint")}</p>

        <fieldset className={sectionCss}>
          <legend>{t("work.more")}</legend>
          <label className={switchRow}>
            <input type="checkbox" checked={form.follow_up} onChange={(e) => set({ follow_up: e.currentTarget.checked })} />
            {t("work.followUp")}
          </label>
          <label className={switchRow}>
            <input type="checkbox" checked={form.occupant_damage} onChange={(e) => set({ occupant_damage: e.currentTarget.checked })} />
            {t("work.damage")}
          </label>
        </fieldset>

        <fieldset className={sectionCss}>
          <legend>{t("repair.optional", { label: t("work.signature.title") })}</legend>
          <SignaturePad handle={pad} label={t("work.signature.label")} onChange={onSigned} />
          <ErrorLine id="work-signature-error" error={err("signature")} />
        </fieldset>

        <FormFooter failure={failure} failureRef={failureRef} onCancel={leave} busy={busy} label={busy ? t("work.submitting") : t("work.submit")} />
      </form>
      <DiscardChanges guard={guard} />
    </main>
  );
}
