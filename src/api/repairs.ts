// Calls of reporting and following a repair (issue 11; LOOP.md section 4). Bodies are checked by the forms with the
// contract (src/contract/repairs.ts) before they come here; answers are parsed loosely.
import type { Issue } from "../contract/issues";
import { jobsResponse } from "../contract/issues";
import { type EditIssueBody, type ReportBody, type ReportSlot, commentAnswer, mediaAnswer, moveAnswer, timelineResponse } from "../contract/repairs";
import { compressPhoto } from "../lib/image-compress";
import { IDEMPOTENCY_HEADER, api } from "./client";

/** A fresh idempotency key (D23), made when the user presses the button, so ky may repeat that one request safely. */
export const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export type RepairsStatus = "open" | "closed";

/** GET /issue/issues: a page (10) of the repairs the caller may see (a tenant their units', an owner their properties', a manager their company's). */
export async function fetchRepairs(status: RepairsStatus, page = 1, signal?: AbortSignal, extra: Record<string, string | number> = {}) {
  const raw = await api.get("issue/issues", { searchParams: { status, page_num: page, ...extra }, signal }).json();
  return jobsResponse.parse(raw);
}

/** POST /issue/issue: a new report. The key makes a repeat (a dropped answer) create it once. */
export async function reportIssue(body: ReportBody, key = newKey()): Promise<{ message: string; issue: Issue | undefined }> {
  const a = moveAnswer.parse(await api.post("issue/issue", { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());
  return { message: a.message, issue: a.data };
}

/** PUT /issue/details?issue_id=: edits the report before the work starts. */
export async function editIssue(issueId: number, body: EditIssueBody) {
  return moveAnswer.parse(await api.put("issue/details", { searchParams: { issue_id: issueId }, json: body }).json());
}

/**
 * POST /issue/media?issue_id=[&event_id=]: one photo or video as the raw body (D21: one file per request). Photos are
 * made smaller first. `key` is kept by the caller across retries of the same file, so a repeat stores it once.
 */
export async function uploadIssueMedia(issueId: number, file: File | Blob, opts: { eventId?: number; key?: string } = {}) {
  const isVideo = (file.type || "").startsWith("video/");
  const name = (file as File).name || (isVideo ? "video.mp4" : "photo.jpg");
  const body = isVideo ? file : await compressPhoto(file);
  const searchParams: Record<string, number> = { issue_id: issueId };
  if (opts.eventId) searchParams.event_id = opts.eventId;
  const headers: Record<string, string> = {
    "Content-Type": body.type || "application/octet-stream",
    "X-File-Name": encodeURIComponent((body as File).name || name),
    [IDEMPOTENCY_HEADER]: opts.key ?? newKey(),
  };
  // No onUploadProgress: ky streams the body for it, which Chromium refuses over HTTP/1.1. Each file's own state
  // (waiting, sending, sent, failed) is the progress the screens show.
  return mediaAnswer.parse(await api.post("issue/media", { searchParams, body, headers }).json()).data;
}

/** DELETE /issue/media?media_id=: removes a photo or video from a report being edited. */
export async function deleteIssueMedia(mediaId: number) {
  return moveAnswer.parse(await api.delete("issue/media", { searchParams: { media_id: mediaId } }).json());
}

type Move = "cancel" | "reopen" | "pick_slot" | "request_slots" | "confirm";

async function move(name: Move, issueId: number, json: unknown, key = newKey()) {
  return moveAnswer.parse(await api.post(`issue/${name}`, { searchParams: { issue_id: issueId }, json, headers: { [IDEMPOTENCY_HEADER]: key } }).json());
}

/** POST /issue/cancel: with a reason (LOOP.md section 2). */
export const cancelIssue = (issueId: number, reason: string) => move("cancel", issueId, { reason });
/** POST /issue/reopen: within 72 hours of completion, with a reason. */
export const reopenIssue = (issueId: number, reason: string) => move("reopen", issueId, { reason });
/** POST /issue/pick_slot: one of the technician's proposed slots. */
export const pickSlot = (issueId: number, slot: ReportSlot, key?: string) => move("pick_slot", issueId, slot, key);
/** POST /issue/request_slots: none of the proposed times suit. */
export const requestSlots = (issueId: number, note = "", key?: string) => move("request_slots", issueId, { note }, key);
/** POST /issue/confirm: 1 to 5 stars and an optional comment; closes the issue. */
export const confirmIssue = (issueId: number, rating: number, comment = "", key?: string) => move("confirm", issueId, { rating, comment }, key);

/** GET /issue/timeline: the moves and comments of an issue, oldest first. */
export async function fetchTimeline(issueId: number, signal?: AbortSignal) {
  return timelineResponse.parse(await api.get("issue/timeline", { searchParams: { issue_id: issueId }, signal }).json()).data;
}

/** POST /issue/comment: the text; its photos follow with uploadIssueMedia(issueId, file, { eventId }). */
export async function postComment(issueId: number, body: string, key = newKey()) {
  return commentAnswer.parse(
    await api.post("issue/comment", { searchParams: { issue_id: issueId }, json: { body }, headers: { [IDEMPOTENCY_HEADER]: key } }).json(),
  ).data;
}
