import { fetchIssue } from "../../api/issues";
import { type Issue, issueSchema } from "../../contract/issues";
import { isThisPages, useHashSearch } from "../../lib/hash-location";
import { useResource } from "../../lib/use-resource";

export type IssueState =
  | { kind: "loading" }
  | { kind: "ready"; issue: Issue; savedAt?: number | null }
  | { kind: "error"; retry?: () => void; error?: unknown };

/**
 * The issue from navigation state (D4: no call); when the state is missing or for another issue, GET it by ?issue_id=,
 * kept on the phone (D23) so that a job opened by a link still shows offline, with the time it was saved. A state that a
 * browser kept from an earlier page load (a reload, a back across one) is not navigation state: it shows while the
 * issue loads, which replaces it (it may be stages behind, its buttons offering what the server refuses); offline it
 * stays rather than an older kept copy.
 */
export function useIssue(issueId?: number): IssueState {
  const search = useHashSearch();
  // The issue of the address (?issue_id=), or `issueId` (the report form's earlier repair, ?again_of=).
  const id = issueId ?? Number(new URLSearchParams(search).get("issue_id"));
  // Only a state that carries an issue is parsed: the issue's schema is built at its first use, about 10 ms on a cheap
  // phone, and the report form (which asks for its earlier repair) mostly opens with none (issue 16).
  const state: unknown = history.state;
  const parsed = state !== null && typeof state === "object" && "issue_id" in state ? issueSchema.safeParse(state) : undefined;
  const fromState = parsed?.success && (!id || parsed.data.issue_id === id) ? parsed.data : null;
  const handed = fromState && isThisPages(state) ? fromState : null;
  const valid = Number.isInteger(id) && id > 0;
  const loaded = useResource((signal) => fetchIssue(id, signal), [id], { enabled: !handed && valid, keep: `issue:${id}` });
  if (handed) return { kind: "ready", issue: handed };
  if (loaded.data && (loaded.savedAt == null || !fromState)) return { kind: "ready", issue: loaded.data, savedAt: loaded.savedAt };
  if (fromState) return { kind: "ready", issue: fromState };
  if (!valid) return { kind: "error" };
  return loaded.error != null ? { kind: "error", retry: loaded.retry, error: loaded.error } : { kind: "loading" };
}
