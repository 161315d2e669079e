// The files of a report still on their way (issue 11: "a report with a file still uploading says so and finishes on
// its own"): the report screen's upload queue keeps sending after the user leaves it, and the repair cards and the
// issue screen say "Sending photos: 1 of 2" meanwhile. In memory only: the outbox of issue 15 makes it survive a reload.
import { signal } from "@preact/signals-react";

export interface PendingUploads {
  sent: number;
  total: number;
}

const pending = signal<Readonly<Record<number, PendingUploads>>>({});
export const pendingUploads = pending;

/** Records the files of `issueId` still being sent; `null` (or nothing left to send) forgets it. */
export function setPendingUploads(issueId: number, progress: PendingUploads | null) {
  const { [issueId]: _, ...rest } = pending.value;
  pending.value = progress && progress.sent < progress.total ? { ...rest, [issueId]: progress } : rest;
}
