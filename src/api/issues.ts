import { IDEMPOTENCY_HEADER, api } from "./client";
import { type Issue, type JobsResponse, type Slot, issueResponse, issueSchema, jobsResponse } from "../contract/issues";

export type JobsStatus = "open" | "closed";

/** GET /issue/jobs: one page (10, newest first) of the signed-in technician's issues (D4). */
export async function fetchJobs(status: JobsStatus, page = 1, signal?: AbortSignal): Promise<JobsResponse> {
  const raw = await api.get("issue/jobs", { searchParams: { status, page_num: page }, signal }).json();
  return jobsResponse.parse(raw);
}

/** GET /issue/issue: one issue, for screens opened without navigation state (D4). */
export async function fetchIssue(issueId: number, signal?: AbortSignal): Promise<Issue> {
  const raw = await api.get("issue/issue", { searchParams: { issue_id: issueId }, signal }).json();
  return issueResponse.parse(raw).data;
}

/** The body of PUT /issue/issue: the technician's slots, and `propose` when they are a proposal. */
export const ackBody = (techAvailable: Slot[], propose = false) =>
  propose ? { tech_available: techAvailable, propose: true } : { tech_available: techAvailable };

/**
 * PUT /issue/issue: acknowledges availability (SPEC.md section 7: 200 is success). `propose` sends the technician's
 * own times although the tenant gave some (issue 11: none of them suits; the tenant then picks one). Resolves with the
 * issue as it is now when the server sends it (issue 11's `data`), else undefined: SPEC.md's server sends no body.
 */
export async function acknowledgeAvailability(issueId: number, techAvailable: Slot[], propose = false, key?: string): Promise<Issue | undefined> {
  const json = ackBody(techAvailable, propose);
  // With a key (made at the press, D23) a repeat after a lost answer acknowledges once; the outbox sends the same.
  const response = await api.put("issue/issue", { searchParams: { issue_id: issueId }, json, ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}) });
  // The body is optional (SPEC.md's server sends none): an empty or non-JSON body is a success without an issue.
  const raw: unknown = await response.json().catch(() => undefined);
  const data = raw && typeof raw === "object" ? (raw as { data?: unknown }).data : undefined;
  const parsed = issueSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
