import { useEffect, useState } from "react";
import { fetchIssue } from "../../api/issues";
import { type Issue, issueSchema } from "../../contract/issues";
import { useHashSearch } from "../../lib/hash-location";

export type IssueState = { kind: "loading" } | { kind: "ready"; issue: Issue } | { kind: "error" };

/** The issue from navigation state (D4); when the state is missing or for another issue, GET it by ?issue_id=. */
export function useIssue(): IssueState {
  const search = useHashSearch();
  const id = Number(new URLSearchParams(search).get("issue_id"));
  const fromState = () => {
    const parsed = issueSchema.safeParse(history.state);
    return parsed.success && (!id || parsed.data.issue_id === id) ? parsed.data : null;
  };
  const [state, setState] = useState<IssueState>(() => {
    const issue = fromState();
    return issue ? { kind: "ready", issue } : { kind: "loading" };
  });
  useEffect(() => {
    const issue = fromState();
    if (issue) {
      setState({ kind: "ready", issue });
      return;
    }
    if (!Number.isInteger(id) || id <= 0) {
      setState({ kind: "error" });
      return;
    }
    let live = true;
    setState({ kind: "loading" });
    fetchIssue(id).then(
      (issue) => live && setState({ kind: "ready", issue }),
      () => live && setState({ kind: "error" }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
