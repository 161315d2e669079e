// What waits in the outbox (D23, issue 15), in three places: the list the header's indicator opens (every entry),
// the note on an issue's screen (that issue's entries), and the top of /repair (reports not sent yet). Each entry
// says what it is and where it is (waiting, sending "2 of 4 sent", refused with the server's sentence, sent), with
// "Send now" and "Drop" (asked twice: a dropped entry is gone).
import { css } from "goober";
import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { getOutbox } from "../lib/outbox";
import { t } from "../signals/language";
import { type OutboxItem, type OutboxKind, outboxItems } from "../signals/outbox";
import { cx, errorText, muted } from "../styles/theme";
import { Overlay } from "./Overlay";
import { Button } from "./ui";

const listCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;
  & > li { display: flex; flex-direction: column; gap: 6px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 12px;
    background: #fff; border-inline-start: 4px solid var(--warn); }
  & > li[data-state="refused"] { border-inline-start-color: var(--danger); }
  & > li[data-state="sent"] { border-inline-start-color: var(--ok); }
  & .head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 4px 12px; }
  & .what { font-weight: 600; overflow-wrap: anywhere; text-align: start; }
  & .state { font-size: 14px; font-weight: 700; color: var(--warn); }
  & [data-state="refused"] .state { color: var(--danger); }
  & [data-state="sent"] .state { color: var(--ok); }
  & p { margin: 0; }
  & .buttons { display: flex; flex-wrap: wrap; gap: 8px; }
  & .buttons > * { flex: 1 1 120px; }
`;
const noteCss = css`display: flex; flex-direction: column; gap: 6px; margin-bottom: 12px;`;
const dangerCss = css`color: var(--danger); border-color: var(--danger);`;

/** What an entry is: "Accept job: Kitchen sink leaking". */
export const describeEntry = (i: Pick<OutboxItem, "kind" | "label">) => {
  const kind = t(`outbox.kind.${i.kind}`);
  return i.label ? t("outbox.what", { kind, label: i.label }) : kind;
};

function Entry({ item }: { item: OutboxItem }) {
  useSignals();
  const [confirming, setConfirming] = useState(false);
  const refused = item.state === "refused";
  const idle = item.state === "waiting" || refused;
  const what = describeEntry(item);
  const sendNow = () => void (refused ? getOutbox().retry(item.id) : getOutbox().flush({ now: true }));
  return (
    <li data-state={item.state} data-testid="outbox-entry">
      <div className="head">
        <bdi className="what" dir="auto">
          {what}
        </bdi>
        <span className="state">
          {t(`outbox.state.${item.state}`)}
          {item.state === "sending" && item.total > 1 ? ` ${t("outbox.progress", { done: item.done, total: item.total })}` : ""}
        </span>
      </div>
      {item.files > 0 && item.state !== "sent" && <p className={muted}>{t("outbox.files", { n: item.files })}</p>}
      {refused && (
        <>
          <p className={errorText} dir="auto">
            {item.detail ?? t("outbox.refusedNoDetail")}
          </p>
          <p className={muted}>{t("outbox.refusedHint")}</p>
        </>
      )}
      {idle && (
        <div className="buttons">
          {confirming ? (
            <>
              <Button
                variant="secondary"
                className={dangerCss}
                onClick={() => void getOutbox().drop(item.id)}
                aria-label={`${t("outbox.dropConfirm")}: ${what}`}
              >
                {t("outbox.dropConfirm")}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t("outbox.keep")}
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={sendNow} aria-label={`${t("outbox.sendNow")}: ${what}`}>
                {t("outbox.sendNow")}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={`${t("outbox.drop")}: ${what}`}>
                {t("outbox.drop")}
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** The outbox's entries (those `show` keeps), oldest first; with `empty`, a sentence when there are none. */
export function OutboxList({ show, empty }: { show?: (item: OutboxItem) => boolean; empty?: boolean }) {
  useSignals();
  const items = show ? outboxItems.value.filter(show) : outboxItems.value;
  if (!items.length) return empty ? <p className={muted}>{t("outbox.empty")}</p> : null;
  return (
    <ul className={listCss} aria-label={t("outbox.title")} data-testid="outbox-list">
      {items.map((i) => (
        <Entry key={i.id} item={i} />
      ))}
    </ul>
  );
}

/** The bottom sheet the header's indicator opens: every entry. */
export function OutboxSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Overlay open={open} kind="sheet" title={t("outbox.title")} onClose={onClose}>
      <p className={cx(muted, css`margin: 0 0 12px;`)}>{t("outbox.hint")}</p>
      <OutboxList empty />
    </Overlay>
  );
}

/** On an issue's screen: what of this issue waits to be sent (nothing when nothing does). */
export function OutboxNote({ issueId }: { issueId: number }) {
  useSignals();
  if (!outboxItems.value.some((i) => i.issueId === issueId)) return null;
  return (
    <div className={noteCss} role="status" data-testid="outbox-note">
      <OutboxList show={(i) => i.issueId === issueId} />
    </div>
  );
}

/** At the top of a list screen (/repair: new reports): the entries of these kinds, each saying "Waiting to send". */
export function OutboxWaiting({ kinds = ["report", "photos"] }: { kinds?: readonly OutboxKind[] }) {
  useSignals();
  const show = (i: OutboxItem) => kinds.includes(i.kind);
  if (!outboxItems.value.some(show)) return null;
  return (
    <section className={noteCss} aria-label={t("outbox.title")} data-testid="outbox-waiting">
      <OutboxList show={show} />
    </section>
  );
}

/** Calls `onSent` when an entry of these kinds (or of this issue) has gone through: a list screen reloads then. */
export function useOutboxSent(onSent: (item: OutboxItem) => void, match: { kinds?: readonly OutboxKind[]; issueId?: number } = {}) {
  const latest = useRef(onSent);
  latest.current = onSent;
  const kinds = match.kinds?.join(",");
  const issueId = match.issueId;
  useEffect(
    () =>
      getOutbox().onSent((item) => {
        if (kinds !== undefined && !kinds.split(",").includes(item.kind)) return;
        if (issueId !== undefined && item.issueId !== issueId) return;
        latest.current(item);
      }),
    [kinds, issueId],
  );
}
