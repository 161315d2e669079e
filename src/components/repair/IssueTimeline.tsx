import { useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchTimeline } from "../../api/repairs";
import type { Issue } from "../../contract/issues";
import type { TimelineEntry } from "../../contract/repairs";
import { useResource } from "../../lib/use-resource";
import { CommentBox } from "./CommentBox";
import { TimelineSection } from "./Timeline";

/**
 * An issue's timeline with its comment box (when the server allows `comment`), read afresh when `version` changes (a
 * move just made) and after a comment is posted. Kept on the phone (D23): offline, the repair's story still shows.
 * The customer's repair screen and the technician's job both show it: a note or comment is for everyone concerned.
 */
export function IssueTimeline({ issue, version = 0 }: { issue: Issue; version?: number }) {
  useSignals();
  const [posted, setPosted] = useState(0);
  const id = issue.issue_id;
  const timeline = useResource((signal) => fetchTimeline(id, signal), [id, version, posted], { keep: `timeline:${id}` });
  // A refresh keeps the events on screen until the new list arrives, rather than flashing a spinner.
  const shown = useRef<TimelineEntry[] | undefined>(undefined);
  if (timeline.data) shown.current = timeline.data;
  return (
    <TimelineSection entries={shown.current} loading={timeline.loading} failed={timeline.error != null} retry={timeline.retry}>
      {issue.actions?.includes("comment") && <CommentBox issueId={id} onPosted={() => setPosted((n) => n + 1)} />}
    </TimelineSection>
  );
}
