import { fetchIssue } from "../../api/issues";
import { type Issue, issueSchema } from "../../contract/issues";
import { useHashSearch } from "../../lib/hash-location";
import { useResource } from "../../lib/use-resource";

export type IssueState = { kind: "loading" } | { kind: "ready"; issue: Issue; savedAt?: number | null } | { kind: "error"; retry?: () => void };

/**
 * The issue from navigation state (D4); when the state is missing or for another issue, GET it by ?issue_id=, kept on
 * the phone (D23) so that a job opened by a link still shows offline, with the time it was saved.
 */
export function useIssue(): IssueState {
  const search = useHashSearch();
  const id = Number(new URLSearchParams(search).get("issue_id"));
  const parsed = issueSchema.safeParse(history.state);
  const fromState = parsed.success && (!id || parsed.data.issue_id === id) ? parsed.data : null;
  const valid = Number.isInteger(id) && id > 0;
  const loaded = useResource((signal) => fetchIssue(id, signal), [id], { enabled: !fromState && valid, keep: `issue:${id}` });
  if (fromState) return { kind: "ready", issue: fromState };
  if (!valid) return { kind: "error" };
  if (loaded.data) return { kind: "ready", issue: loaded.data, savedAt: loaded.savedAt };
  return loaded.error != null ? { kind: "error", retry: loaded.retry } : { kind: "loading" };
}
