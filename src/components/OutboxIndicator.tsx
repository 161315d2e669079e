// The header's outbox indicator (D23): how many of the user's actions wait to be sent, shown only when some do; a tap
// opens the outbox list. On the first load: it reads the signals only, the list comes when it is opened.
import { css } from "goober";
import { Suspense, useState } from "react";
import { lazyOf } from "../lib/load-again";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { outboxPending } from "../signals/outbox";

const OutboxSheet = lazyOf(() => import("./OutboxList").then((m) => m.OutboxSheet));

const indicatorCss = css`
  position: relative; width: 44px; height: 44px; margin-inline-start: 10px; margin-inline-end: -10px; display: flex; align-items: center;
  justify-content: center; border: 0; background: transparent; color: #fff; cursor: pointer;
  & > b { position: absolute; top: 2px; inset-inline-end: 0; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 9px; background: #fef3c7;
    color: #78350f; font-size: 11px; line-height: 18px; font-weight: 700; text-align: center; }
  &[data-refused] > b { background: #b91c1c; color: #fff; }
`;
const CLOUD_UP =
  "M19.35 10.04A7.49 7.49 0 0 0 12 4C9.11 4 6.6 5.64 5.35 8.04A6 6 0 0 0 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96zM14 13v4h-4v-4H7l5-5 5 5z";

/** The count of entries waiting (red when the server refused one), and the outbox list behind it. */
export function OutboxIndicator() {
  useSignals();
  const [open, setOpen] = useState(false);
  const pending = outboxPending.value;
  return (
    <>
      {pending.length > 0 && (
        <button
          type="button"
          className={indicatorCss}
          aria-label={t("outbox.indicator", { n: pending.length })}
          data-refused={pending.some((i) => i.state === "refused") || undefined}
          data-testid="outbox-indicator"
          onClick={() => setOpen(true)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d={CLOUD_UP} />
          </svg>
          <b aria-hidden="true">{pending.length}</b>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <OutboxSheet open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
