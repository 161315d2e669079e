// Calls of the job lifecycle after the report (issue 12; LOOP.md section 4): assignment, offers, the technician's
// moves and work report, the e-receipt, the technician's reports, the company's dashboard and home counts. Bodies are
// checked by the forms with the contract before they come here; answers are parsed loosely.
import { jobsResponse } from "../contract/issues";
import {
  type CompanySummary,
  type Dashboard,
  type Receipt,
  type TechReports,
  candidatesResponse,
  companySummaryResponse,
  dashboardResponse,
  receiptResponse,
  techReportsResponse,
} from "../contract/jobs";
import { type CompleteBody, mediaAnswer, moveAnswer } from "../contract/repairs";
import { compressPhoto } from "../lib/image-compress";
import { IDEMPOTENCY_HEADER, api } from "./client";
import { newKey } from "./repairs";

type JobMove = "assign" | "offer" | "accept" | "decline" | "start" | "hold" | "resume" | "complete";

/** POST /issue/<move>?issue_id=: one request, one idempotency key (D23); the answer carries the issue as it is now. */
async function move(name: JobMove, issueId: number, json?: unknown, key = newKey()) {
  return moveAnswer.parse(
    await api
      .post(`issue/${name}`, { searchParams: { issue_id: issueId }, ...(json === undefined ? {} : { json }), headers: { [IDEMPOTENCY_HEADER]: key } })
      .json(),
  );
}

/**
 * GET /issue/candidates?issue_id=: who the issue can be assigned to, best first (distance, then open jobs), and how many
 * of a manager's technicians the skill left out; `all`: a manager's every technician.
 */
export async function fetchCandidates(issueId: number, signal?: AbortSignal, all = false) {
  return candidatesResponse.parse(await api.get("issue/candidates", { searchParams: { issue_id: issueId, ...(all ? { all: 1 } : {}) }, signal }).json());
}

/** POST /issue/assign: to one of the candidates (a reassignment too). */
export const assignIssue = (issueId: number, techId: number) => move("assign", issueId, { tech_id: techId });
/** POST /issue/offer: the owner of a property no company runs offers the job to independent technicians. */
export const offerIssue = (issueId: number) => move("offer", issueId);
/** POST /issue/accept: the assigned technician takes the job, or an independent technician takes an offer (409 when someone was faster). */
export const acceptJob = (issueId: number, key?: string) => move("accept", issueId, undefined, key);
/** POST /issue/decline: with a reason; the job goes back to the managers. */
export const declineJob = (issueId: number, reason: string) => move("decline", issueId, { reason });
/** POST /issue/start: on the way or arrived, at the agreed visit. */
export const startJob = (issueId: number, key?: string) => move("start", issueId, undefined, key);
/** POST /issue/hold: with a reason. */
export const holdJob = (issueId: number, reason: string, key?: string) => move("hold", issueId, { reason }, key);
/** POST /issue/resume. */
export const resumeJob = (issueId: number, key?: string) => move("resume", issueId, undefined, key);
/** POST /issue/complete: the work report (after at least one after-photo is uploaded). */
export const completeJob = (issueId: number, report: CompleteBody, key?: string) => move("complete", issueId, report, key);

/**
 * POST /issue/media?issue_id=&phase=after|signature: an after-photo of the finished work (made smaller first, unless
 * `prepared`: already made smaller, so every attempt with `key` sends the same bytes), or the signature of whoever was
 * there (a PNG from the signature pad, one per issue: a new one replaces it).
 */
export async function uploadWorkMedia(issueId: number, file: File | Blob, phase: "after" | "signature", key = newKey(), prepared = false) {
  const body = phase === "after" && !prepared ? await compressPhoto(file) : file;
  const name = (body as File).name || (phase === "after" ? "after.jpg" : "signature.png");
  const headers = { "Content-Type": body.type || "image/png", "X-File-Name": encodeURIComponent(name), [IDEMPOTENCY_HEADER]: key };
  return mediaAnswer.parse(await api.post("issue/media", { searchParams: { issue_id: issueId, phase }, body, headers }).json()).data;
}

/** GET /issue/offers: the jobs offered to this independent technician that they may still take. */
export async function fetchOffers(page = 1, signal?: AbortSignal) {
  return jobsResponse.parse(await api.get("issue/offers", { searchParams: { page_num: page }, signal }).json());
}

/** GET /issue/receipt?issue_id=: the e-receipt (owners and the company's managers). */
export async function fetchReceipt(issueId: number, signal?: AbortSignal): Promise<Receipt> {
  return receiptResponse.parse(await api.get("issue/receipt", { searchParams: { issue_id: issueId }, signal }).json()).data;
}

/** GET /tech/reports?from=&to=: the technician's figures and work reports for the period (days included). */
export async function fetchTechReports(period: { from?: string; to?: string }, signal?: AbortSignal): Promise<TechReports> {
  const searchParams: Record<string, string> = {};
  if (period.from) searchParams.from = period.from;
  if (period.to) searchParams.to = period.to;
  return techReportsResponse.parse(await api.get("tech/reports", { searchParams, signal }).json()).data;
}

/** GET /company/dashboard?month=YYYY-MM. */
export async function fetchDashboard(month: string | undefined, signal?: AbortSignal): Promise<Dashboard> {
  return dashboardResponse.parse(await api.get("company/dashboard", { searchParams: month ? { month } : {}, signal }).json()).data;
}

/** GET /company/summary: the manager's /home counts. */
export async function fetchCompanySummary(signal?: AbortSignal): Promise<CompanySummary> {
  return companySummaryResponse.parse(await api.get("company/summary", { signal }).json()).data;
}
