// The technician's moves and how a job looks while some of them wait in the outbox (D23): shared by the job's screen
// and the job list, apart from the job's buttons so the list does not load them.
import type { Issue } from "../../contract/issues";
import type { OutboxItem } from "../../signals/outbox";

/** The moves this section offers, in the order the buttons stand. */
export const JOB_MOVES = ["accept", "start", "resume", "complete", "hold", "decline"] as const;
export type JobMove = (typeof JOB_MOVES)[number];

/** The job's moves the server allows now, in button order. */
export const jobMovesOf = (issue: Pick<Issue, "actions">): JobMove[] => JOB_MOVES.filter((m) => issue.actions?.includes(m));

/** The moves that wait in the outbox when the network is gone (D23); decline needs the network (the job leaves the technician). */
export const QUEUED_MOVES: readonly JobMove[] = ["accept", "start", "hold", "resume"];

/**
 * What the job looks like once a queued move goes through, shown meanwhile where it is safe: the stage and buttons
 * the server's table gives the technician next (server/issues/stages.ts). An offer is not assumed taken: another
 * technician may be faster, so it only says it waits.
 */
export function optimisticMove(name: JobMove, issue: Issue, body: { reason?: string } | undefined, now = new Date()): Issue | null {
  const at = now.toISOString();
  if (name === "accept") return issue.offered || issue.stage === "reported" ? null : { ...issue, stage: "accepted", actions: ["acknowledge", "comment"] };
  if (name === "start") return { ...issue, stage: "in_progress", started_at: at, held_at: null, actions: ["hold", "complete", "comment"] };
  if (name === "hold") return { ...issue, held_at: at, hold_reason: body?.reason ?? null, actions: ["resume", "comment"] };
  if (name === "resume") return { ...issue, held_at: null, hold_reason: null, actions: ["hold", "complete", "comment"] };
  return null;
}

/**
 * `issue` as it will be once its moves waiting in the outbox go through, each as it looked when it was pressed
 * (optimisticMove, at the press's time). The screen shows a queued move at once; after a reload (offline, D23) the
 * issue comes back as the phone last read it, and without this a queued Start showed the job as Scheduled again, with
 * Start offered a second time (two starts sent, the second refused for good) and Complete out of reach.
 */
export function withQueuedMoves(issue: Issue, items: readonly OutboxItem[]): Issue {
  let next = issue;
  for (const item of items) {
    const move = item.kind as JobMove;
    if (item.issueId !== issue.issue_id || (item.state !== "waiting" && item.state !== "sending") || !QUEUED_MOVES.includes(move)) continue;
    // Already shown so (the screen's own guess, or the server's answer).
    const shown = move === "accept" ? next.stage === "accepted" : move === "start" ? next.stage === "in_progress" : move === "hold" && !!next.held_at;
    if (!shown) next = optimisticMove(move, next, { reason: item.reason }, new Date(item.createdAt)) ?? next;
  }
  return next;
}
