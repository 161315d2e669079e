import { api } from "./client";
import { type Issue, type JobsResponse, type Slot, issueResponse, jobsResponse } from "../contract/issues";

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

/** PUT /issue/issue: acknowledges availability; 200 is success and the body is not read (SPEC.md section 7). */
export async function acknowledgeAvailability(issueId: number, techAvailable: Slot[]): Promise<void> {
  await api.put("issue/issue", { searchParams: { issue_id: issueId }, json: { tech_available: techAvailable } });
}
