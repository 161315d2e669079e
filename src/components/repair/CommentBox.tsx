import { css } from "goober";
import { useJustSent } from "../../lib/just-sent";
import { LimitNote } from "../LimitNote";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { newKey, postComment, uploadIssueMedia } from "../../api/repairs";
import { COMMENT_MAX, MAX_COMMENT_PHOTOS } from "../../contract/repairs";
import { compressPhoto } from "../../lib/image-compress";
import { type OutboxStep, fileOf, getOutbox, isNetworkFailure, patiently } from "../../lib/outbox";
import { online } from "../../signals/connectivity";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { cx, errorText, muted, stack } from "../../styles/theme";
import { useOutboxSent } from "../OutboxList";
import { Button, Field, IconButton } from "../ui";
import { typedDir } from "../../lib/typed-dir";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { DiscardChanges } from "../DiscardChanges";

type PhotoState = "waiting" | "sending" | "sent" | "failed";
interface Photo {
  id: string;
  file: File;
  /** Kept across retries of this photo, so a repeat after a lost answer stores it once (D23). */
  key: string;
  state: PhotoState;
  preview: string | null;
}

const preview = (file: File) => (typeof URL !== "undefined" && typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null);
const release = (p: Photo) => p.preview && URL.revokeObjectURL?.(p.preview);

const boxCss = css`
  border-top: 1px solid var(--line); padding-top: 12px; margin-top: 4px;
  & textarea { min-height: 88px; resize: vertical; }
`;
const pickCss = css`
  position: relative; display: inline-flex; align-items: center; gap: 8px; min-height: 44px; padding: 8px 14px; border-radius: 10px;
  border: 1px dashed var(--brand); color: var(--brand-dark); font-weight: 600; cursor: pointer; align-self: flex-start;
  & input { position: absolute; inset: 0; opacity: 0; width: 100%; cursor: pointer; }
  &:focus-within { outline: 3px solid #f59e0b; outline-offset: 2px; }
  &[aria-disabled="true"] { opacity: 0.5; cursor: not-allowed; }
`;
const photosCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 10px;
  & li { position: relative; width: 88px; display: flex; flex-direction: column; gap: 4px; font-size: 12px; }
  & .thumb { width: 88px; height: 88px; border-radius: 10px; object-fit: cover; background: #e5e7eb; border: 1px solid var(--line); }
  & .remove { position: absolute; top: -6px; inset-inline-end: -6px; background: #fff; border: 1px solid var(--line); }
  & .failed { color: var(--danger); font-weight: 600; }
`;

/**
 * A comment with up to 3 photos (LOOP.md section 3). The text goes first and names the comment (its event_id); each
 * photo follows on its own, made smaller on the phone (uploadIssueMedia), so a dropped photo loses only itself and is
 * sent again alone. `onPosted` refreshes the timeline once the comment is in, photos or not. Without network (offline
 * at the press, or the comment gets no answer) the comment and its photos wait in the outbox (D23) under their keys,
 * the photos to the comment its answer names; the timeline refreshes once they are sent.
 */
export function CommentBox({ issueId, onPosted }: { issueId: number; onPosted: () => void }) {
  useSignals();
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The comment already posted whose photos did not all arrive: they are retried against it, not posted again.
  const [posted, setPosted] = useState<number | null>(null);
  const commentKey = useRef(newKey());
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach(release), []);
  useOutboxSent(() => onPosted(), { kinds: ["comment"], issueId });

  const setState = (id: string, state: PhotoState) => setPhotos((all) => all.map((p) => (p.id === id ? { ...p, state } : p)));

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.currentTarget.files ?? [])].filter((f) => f.type.startsWith("image/") || /\.(jpe?g|png|webp|hei[cf])$/i.test(f.name));
    e.currentTarget.value = "";
    const room = MAX_COMMENT_PHOTOS - photos.length;
    setPhotoError(files.length > room ? t("repair.comment.tooManyPhotos", { n: MAX_COMMENT_PHOTOS }) : null);
    const added = files.slice(0, Math.max(0, room)).map((file) => ({ id: newKey(), file, key: newKey(), state: "waiting" as const, preview: preview(file) }));
    setPhotos((all) => [...all, ...added]);
  };
  const remove = (p: Photo) => {
    release(p);
    setPhotoError(null);
    setPhotos((all) => all.filter((x) => x.id !== p.id));
  };

  /** Sends each photo not yet sent, one after another; true when all arrived. */
  async function sendPhotos(eventId: number) {
    let ok = true;
    for (const p of photosRef.current) {
      if (p.state === "sent") continue;
      setState(p.id, "sending");
      try {
        await uploadIssueMedia(issueId, p.file, { eventId, key: p.key });
        setState(p.id, "sent");
      } catch {
        setState(p.id, "failed");
        ok = false;
      }
    }
    return ok;
  }

  /** The comment and its photos (made smaller now) as one outbox entry, each under the key it has here. */
  async function queueComment(body: string) {
    const steps: OutboxStep[] = [{ method: "post", path: "issue/comment", query: { issue_id: issueId }, json: { body }, key: commentKey.current }];
    for (const p of photosRef.current)
      steps.push({
        method: "post",
        path: "issue/media",
        query: { issue_id: issueId },
        from: { event_id: { step: 0, field: "data.event_id" } },
        file: await fileOf(await compressPhoto(p.file).catch(() => p.file), "photo.jpg"),
        key: p.key,
        optional: true,
      });
    await getOutbox().add({ kind: "comment", issueId, label: body.slice(0, 60), steps }, { later: true });
    finish();
    showToast({ key: "outbox.queued.move" }, "info", { id: "comment" });
  }

  const justSent = useJustSent();
  const finish = () => {
    justSent.mark();
    photosRef.current.forEach(release);
    setPhotos([]);
    setText("");
    setPosted(null);
    setPhotoError(null);
    commentKey.current = newKey();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = text.trim();
    if (posted == null && !body && justSent.recent()) return;
    if (posted == null && !body) {
      setError(t("repair.comment.required"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      let eventId = posted;
      if (eventId == null) {
        if (!online.peek()) return await queueComment(body);
        try {
          eventId = (await patiently(postComment(issueId, body, commentKey.current))).event_id;
        } catch (err) {
          if (isNetworkFailure(err)) return await queueComment(body);
          showToast({ key: "repair.comment.error" }, "error", { id: "comment" });
          return;
        }
        setPosted(eventId);
      }
      const ok = await sendPhotos(eventId);
      onPosted();
      if (ok) {
        finish();
        showToast({ key: "repair.comment.sent" }, "success", { id: "comment" });
      } else {
        showToast({ key: "repair.comment.photoFailed" }, "error", { id: "comment" });
      }
    } finally {
      setBusy(false);
    }
  }

  // A comment typed (or photos picked) and not sent yet: leaving asks first, as every form does (LOOP.md section 3).
  const guard = useDiscardGuard(!busy && posted == null && (text.trim() !== "" || photos.length > 0));

  const full = photos.length >= MAX_COMMENT_PHOTOS;
  return (
    <form className={cx(stack, boxCss)} onSubmit={submit} noValidate data-testid="comment-box">
      <DiscardChanges guard={guard} />
      <Field id="comment-body" label={t("repair.comment.label")} error={error}>
        <textarea
          id="comment-body"
          rows={3}
          maxLength={COMMENT_MAX}
          value={text}
          dir={typedDir(text)}
          disabled={busy || posted != null}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "comment-body-error" : undefined}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <LimitNote length={text.length} max={COMMENT_MAX} />
      </Field>
      {photos.length > 0 && (
        <ul className={photosCss} aria-label={t("repair.comment.photos")}>
          {photos.map((p, i) => (
            <li key={p.id} data-testid="comment-photo" data-state={p.state}>
              {p.preview ? <img className="thumb" src={p.preview} alt={t("repair.comment.photo", { n: i + 1 })} /> : <span className="thumb" />}
              {p.state === "waiting" && !busy && posted == null && (
                <IconButton label={t("repair.comment.removePhoto", { n: i + 1 })} className="remove" onClick={() => remove(p)}>
                  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                  </svg>
                </IconButton>
              )}
              <span className={p.state === "failed" ? "failed" : muted}>{t(`repair.comment.state.${p.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {posted == null && (
        <label className={pickCss} aria-disabled={full || busy || undefined}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h3l2-2h6l2 2h3v12H4zm8 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" fill="currentColor" />
          </svg>
          {t("repair.comment.addPhotos", { n: MAX_COMMENT_PHOTOS })}
          <input type="file" accept="image/*" multiple disabled={full || busy} onChange={pick} data-testid="comment-photos-input" />
        </label>
      )}
      {photoError && (
        <p role="alert" className={errorText}>
          {photoError}
        </p>
      )}
      <div className={css`display: flex; flex-wrap: wrap; gap: 8px;`}>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("repair.comment.sending") : posted != null ? t("repair.comment.retryPhotos") : t("repair.comment.send")}
        </Button>
        {posted != null && !busy && (
          <Button variant="ghost" onClick={finish}>
            {t("repair.comment.dropPhotos")}
          </Button>
        )}
      </div>
    </form>
  );
}
