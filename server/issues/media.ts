// Photos and videos of an issue and of its comments (D21): one file per request as the raw body, recognised by its
// bytes, stored under a random key, served only through links signed for someone who sees the issue. The finished
// work's photos (phase=after) and the customer's signature (phase=signature: one PNG or JPEG, a new one replaces the
// old) come from the technician who may complete the work.
import { Hono } from "hono";
import { MAX_AFTER_PHOTOS, MAX_COMMENT_PHOTOS, MAX_ISSUE_PHOTOS, MAX_ISSUE_VIDEOS } from "../../src/contract/repairs";
import type { Queryable } from "../db/db";
import { type AuthUser, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError } from "../lib/http";
import { jsonAnswer } from "../lib/raw-json";
import { msg, t } from "../lib/i18n";
import { idempotent } from "../lib/idempotency";
import { sendStored } from "../lib/serve-file";
import { checkFileLink, fileLinkSecret } from "../lib/signed-url";
import { UPLOAD_RULES, type UploadKind, type UploadRule, displayName, receiveUpload, uploadLimit } from "../lib/uploads";
import { idParam, optionalIdParam } from "./params";
import { type IssueRow, issueFor, issueRow, lockIssue, mediaOut } from "./queries";
import { assertMay } from "./stages";

const IMAGE_KINDS: readonly UploadKind[] = UPLOAD_RULES.photo.kinds;

/** The signature the app draws on a canvas: a PNG (or a JPEG), never a video. */
const SIGNATURE_RULE: UploadRule = { kinds: ["png", "jpeg"], maxBytes: UPLOAD_RULES.photo.maxBytes };

type Phase = "before" | "after" | "signature";

/** `phase` of the query: the report's photos ("before", the default), the finished work's ("after") or the signature. */
function phaseParam(value: string | undefined, eventId: number | undefined): Phase {
  if (value === undefined || value === "before") return "before";
  if ((value === "after" || value === "signature") && eventId === undefined) return value;
  throw new HttpError(422, msg("phaseInvalid"), { phase: msg("phaseInvalid") });
}

/**
 * Whether the caller may add to this issue (action upload; after-photos: the technician who may complete), or to this
 * comment (its author); throws 403/404/409.
 */
async function assertMayAdd(q: Queryable, issue: IssueRow, u: AuthUser, eventId: number | undefined, phase: Phase, now: number) {
  if (phase !== "before") return assertMay("complete", issue, issue.rel, now);
  if (eventId === undefined) return assertMay("upload", issue, issue.rel, now);
  const { rows } = await q.query<{ actor_id: number | null }>("select actor_id from issue_events where event_id = $1 and issue_id = $2 and kind = 'comment'", [
    eventId,
    issue.issue_id,
  ]);
  if (!rows[0]) throw new HttpError(404, msg("commentMissing"));
  if (rows[0].actor_id !== u.user_id) throw new HttpError(403, msg("notYourComment"));
}

export function mediaRoutes() {
  const app = new Hono<Env>();

  // A retried upload carries the same Idempotency-Key: stored once (D23).
  app.post("/issue/media", requireAuth(), idempotent(), uploadLimit(UPLOAD_RULES.media), async (c) => {
    const u = c.var.user;
    const issueId = idParam(c, "issue_id");
    const eventId = optionalIdParam(c, "event_id");
    const phase = phaseParam(c.req.query("phase"), eventId);
    const { db, storage } = c.var;
    // Checked before the bytes are read, and again under the lock below.
    const seen = await issueRow(db, u, issueId);
    if (!seen) throw new HttpError(404, msg("issueMissing"));
    await assertMayAdd(db, seen, u, eventId, phase, clock.now());
    const rule = phase === "signature" ? SIGNATURE_RULE : eventId === undefined && phase === "before" ? UPLOAD_RULES.media : UPLOAD_RULES.photo;
    const stored = await receiveUpload(c, rule, storage, `issue-files/${issueId}`);
    const kind = IMAGE_KINDS.includes(stored.kind) ? "image" : "video";
    const fileName = displayName(c) ?? `${kind}.${stored.key.split(".").pop()}`;
    let row: { media_id: number; file_name: string; path: string };
    // The signature this one replaces: its file goes once the new row is in.
    let replaced: string[] = [];
    try {
      row = await db.tx(async (q) => {
        const now = clock.now();
        const issue = await lockIssue(q, u, issueId);
        await assertMayAdd(q, issue, u, eventId, phase, now);
        if (phase === "signature") {
          const { rows: old } = await q.query<{ storage_key: string | null }>(
            "delete from issue_media where issue_id = $1 and phase = 'signature' returning storage_key",
            [issueId],
          );
          replaced = old.flatMap((m) => (m.storage_key ? [m.storage_key] : []));
        }
        const { rows: n } = await q.query<{ same: number; next: number }>(
          `select count(*) filter (where kind = $3)::int as same, coalesce(max(position) + 1, 0)::int as next
             from issue_media where issue_id = $1 and event_id is not distinct from $2 and phase = $4`,
          [issueId, eventId ?? null, kind, phase],
        );
        if (phase === "after" && n[0].same >= MAX_AFTER_PHOTOS) throw new HttpError(422, msg("tooManyAfterPhotos", { max: MAX_AFTER_PHOTOS }));
        if (eventId !== undefined && n[0].same >= MAX_COMMENT_PHOTOS) throw new HttpError(422, msg("tooManyCommentPhotos", { max: MAX_COMMENT_PHOTOS }));
        if (phase === "before" && eventId === undefined && kind === "image" && n[0].same >= MAX_ISSUE_PHOTOS)
          throw new HttpError(422, msg("tooManyPhotos", { max: MAX_ISSUE_PHOTOS }));
        if (eventId === undefined && kind === "video" && n[0].same >= MAX_ISSUE_VIDEOS)
          throw new HttpError(422, msg("tooManyVideos", { max: MAX_ISSUE_VIDEOS }));
        const { rows } = await q.query<{ media_id: number; file_name: string; path: string }>(
          `insert into issue_media (issue_id, event_id, kind, file_name, path, position, storage_key, content_type, size, uploader_id, created_at, phase)
           values ($1, $2, $3, $4, '', $5, $6, $7, $8, $9, $10, $11) returning media_id, file_name, path`,
          [issueId, eventId ?? null, kind, fileName, n[0].next, stored.key, stored.contentType, stored.size, u.user_id, new Date(now), phase],
        );
        if (eventId === undefined) await q.query("update issues set updated_at = $2 where issue_id = $1", [issueId, new Date(now)]);
        return rows[0];
      });
    } catch (e) {
      // No row, no file: nothing half-written is left behind.
      await storage.delete(stored.key).catch(() => undefined);
      throw e;
    }
    for (const key of replaced)
      await storage.delete(key).catch((e) => c.var.log({ msg: "stored file not removed", key, error: String((e as Error)?.message ?? e) }));
    const item = mediaOut(await fileLinkSecret(db), u.user_id, clock.now())({ ...row, private: true });
    return c.json({ message: t(c, msg("fileUploaded")), data: { ...item, kind, phase } }, 201);
  });

  // Removing a photo or video from the report (action edit), or a photo from one's own comment.
  app.delete("/issue/media", requireAuth(), async (c) => {
    const u = c.var.user;
    const mediaId = idParam(c, "media_id");
    const { issueId, key } = await c.var.db.tx(async (q) => {
      const now = clock.now();
      const { rows } = await q.query<{ issue_id: number; event_id: number | null; storage_key: string | null; uploader_id: number | null; phase: Phase }>(
        "select issue_id, event_id, storage_key, uploader_id, phase from issue_media where media_id = $1",
        [mediaId],
      );
      const m = rows[0];
      const issue = m ? await issueRow(q, u, m.issue_id, true) : null;
      if (!m || !issue) throw new HttpError(404, msg("notFound"));
      // An after-photo or the signature: while the work may still be completed.
      if (m.phase !== "before") assertMay("complete", issue, issue.rel, now);
      else if (m.event_id === null) assertMay("edit", issue, issue.rel, now);
      else if (m.uploader_id !== u.user_id) throw new HttpError(403, msg("notYourComment"));
      await q.query("delete from issue_media where media_id = $1", [mediaId]);
      await q.query("update issues set updated_at = $2 where issue_id = $1", [m.issue_id, new Date(now)]);
      return { issueId: m.issue_id, key: m.storage_key };
    });
    if (key) await c.var.storage.delete(key).catch((e) => c.var.log({ msg: "stored file not removed", key, error: String((e as Error)?.message ?? e) }));
    return jsonAnswer(c, { message: t(c, msg("fileDeleted")), status: 1, data: await issueFor(c.var.db, u, issueId) });
  });

  // Public: the signed link is the credential (an <img> or <video> sends no bearer header). The user it was made for
  // must still see the issue now.
  app.get("/issue/file/:media_id", async (c) => {
    const whole = (v: string | undefined) => (/^\d{1,9}$/.test(v ?? "") ? Number(v) : 0);
    const mediaId = whole(c.req.param("media_id"));
    const userId = whole(c.req.query("u"));
    const exp = Number(c.req.query("exp"));
    const sig = c.req.query("sig") ?? "";
    if (mediaId < 1 || userId < 1) throw new HttpError(404, msg("notFound"));
    const { db } = c.var;
    if (!checkFileLink(await fileLinkSecret(db), mediaId, userId, exp, sig, clock.now(), "issue")) throw new HttpError(403, msg("issueLinkInvalid"));
    const { rows } = await db.query<{ issue_id: number; storage_key: string | null; user: AuthUser | null }>(
      `select m.issue_id, m.storage_key,
              (select row_to_json(x) from (select user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob
                                             from users where user_id = $2 and not disabled) x) as "user"
         from issue_media m where m.media_id = $1`,
      [mediaId, userId],
    );
    const file = rows[0];
    if (!file?.user || !file.storage_key) throw new HttpError(404, msg("notFound"));
    if (!(await issueRow(db, file.user, file.issue_id))) throw new HttpError(404, msg("notFound"));
    return sendStored(c, c.var.storage, file.storage_key);
  });

  return app;
}
