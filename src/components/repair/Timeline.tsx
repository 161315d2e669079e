import { css } from "goober";
import { type ReactNode, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type { TimelineEntry } from "../../contract/repairs";
import { lang, t } from "../../signals/language";
import { cx, errorText, muted } from "../../styles/theme";
import { mediaItemKind } from "../issues/Gallery";
import { mediaUrl } from "../../lib/media";
import { MediaViewer, type ViewerItem } from "../issues/MediaViewer";
import { section } from "../issues/styles";
import { Button, Spinner } from "../ui";
import { isStage } from "./StageBadge";
import { formatMoment } from "./visit";

/** Moves whose sentence this app knows (LOOP.md sections 2 and 4); any other kind reads as a move to its stage. */
const KNOWN = new Set([
  "reported",
  "assign",
  "offer",
  "accept",
  "decline",
  "acknowledge",
  "reschedule",
  "pick_slot",
  "request_slots",
  "start",
  "hold",
  "resume",
  "complete",
  "confirm",
  "reopen",
  "cancel",
  "comment",
  "edit",
  "report_again",
]);

/**
 * One event as a sentence in the user's language: "Salim reported the problem", "You picked a visit time". Arabic
 * conjugates the verb for "you", so the user's own events have sentences of their own rather than a name swapped in.
 */
export function eventSentence(e: Pick<TimelineEntry, "kind" | "to_stage" | "actor_name" | "mine" | "note">): string {
  if (e.kind === "auto_close") return t("repair.timeline.autoClose");
  const who = e.mine ? "mine" : "other";
  const name = e.actor_name || t("repair.timeline.someone");
  if ((e.kind === "acknowledge" || e.kind === "reschedule") && e.to_stage === "proposed") return t(`repair.timeline.${who}.${e.kind}_proposed`, { name });
  // The server notes whom an assignment went to: it belongs in the sentence, not under it.
  if (e.kind === "assign" && e.note) return t(`repair.timeline.${who}.assign_named`, { name, tech: e.note });
  if (KNOWN.has(e.kind)) return t(`repair.timeline.${who}.${e.kind}`, { name });
  const stage = isStage(e.to_stage) ? t(`repair.stage.${e.to_stage}`) : (e.to_stage ?? "");
  return t(`repair.timeline.${who}.moved`, { name, stage });
}

const listCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0;
  & > li { position: relative; padding-block: 0 14px; padding-inline-start: 22px; }
  & > li::before { content: ""; position: absolute; inset-inline-start: 5px; top: 6px; width: 10px; height: 10px; border-radius: 50%;
    background: var(--brand); }
  & > li:not(:last-child)::after { content: ""; position: absolute; inset-inline-start: 9px; top: 18px; bottom: 0; width: 2px; background: var(--line); }
  & .what { margin: 0; font-weight: 600; }
  & .when { display: block; }
  & .note { margin: 6px 0 0; padding: 8px 10px; border-radius: 10px; background: var(--bg); white-space: pre-wrap; overflow-wrap: anywhere; }
  & .comment::before { background: #b45309; }
`;
const photosCss = css`
  display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 0; padding: 0; list-style: none;
  & button { width: 72px; height: 72px; padding: 0; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; background: #e5e7eb; cursor: pointer; }
  & img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

/** The events of an issue, oldest first: each a sentence with its time, comments with their text and photos. */
export function TimelineList({ entries }: { entries: TimelineEntry[] }) {
  useSignals();
  const locale = lang.value;
  const [open, setOpen] = useState<ViewerItem | null>(null);
  if (!entries.length) return <p className={cx(muted, css`margin: 0;`)}>{t("repair.timeline.empty")}</p>;
  return (
    <>
      <ol className={listCss} data-testid="timeline-list">
        {entries.map((e) => {
          let photoNo = 0;
          return (
            <li key={e.event_id} className={e.kind === "comment" ? "comment" : undefined} data-kind={e.kind}>
              <p className="what">{eventSentence(e)}</p>
              <time className={cx("when", muted)} dateTime={e.created_at}>
                {formatMoment(e.created_at, locale)}
              </time>
              {e.note && e.kind !== "assign" && (
                <p className="note" dir="auto">
                  {e.note}
                </p>
              )}
              {e.images.length > 0 && (
                <ul className={photosCss}>
                  {e.images.map((m) => {
                    const url = mediaUrl(m);
                    const kind = mediaItemKind(m) ?? "image";
                    const name = t("gallery.image", { n: ++photoNo });
                    return (
                      <li key={m.media_id ?? url}>
                        <button type="button" aria-label={t("gallery.open", { name })} onClick={() => setOpen({ kind, url, name })}>
                          {kind === "image" ? (
                            <img src={url} alt="" loading="lazy" />
                          ) : (
                            <video src={`${url}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />
                          )}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {open && <MediaViewer item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** The timeline section: loading, a failed load with a retry, or the events; `children` is the comment box. */
export function TimelineSection({
  entries,
  loading,
  failed,
  retry,
  children,
}: {
  entries: TimelineEntry[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  children?: ReactNode;
}) {
  useSignals();
  return (
    <section className={section} aria-labelledby="timeline-title" data-testid="timeline" aria-busy={loading}>
      <h2 id="timeline-title">{t("repair.timeline.title")}</h2>
      {failed ? (
        <div className={css`display: flex; flex-direction: column; gap: 8px; align-items: flex-start;`}>
          <p role="alert" className={errorText}>
            {t("repair.timeline.loadError")}
          </p>
          <Button variant="secondary" onClick={retry}>
            {t("repair.timeline.retry")}
          </Button>
        </div>
      ) : entries ? (
        <TimelineList entries={entries} />
      ) : (
        loading && (
          <div className={css`display: flex; justify-content: center; padding: 8px;`}>
            <Spinner />
          </div>
        )
      )}
      {children}
    </section>
  );
}
