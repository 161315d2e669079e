import { type Issue, issueSchema } from "../../contract/issues";
import { useOutboxSent } from "../OutboxList";

/**
 * Calls `onIssue` with the issue as the server has it once something of this issue waiting in the outbox (a move, a
 * completion, a comment) has gone through: a screen that showed the guess meanwhile, or the server's older copy it
 * read while the entry still waited (a reload offline, then the network back), shows what was done.
 */
export function useIssueSent(issueId: number, onIssue: (issue: Issue) => void) {
  useOutboxSent(
    (item) => {
      const next = issueSchema.safeParse((item.answer as { data?: unknown } | null)?.data);
      if (next.success) onIssue(next.data);
    },
    { issueId },
  );
}
