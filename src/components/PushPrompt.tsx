// The one-time question about push notifications (issue 13): shown after a useful action (a report sent, a job
// accepted), only while the browser has not been answered and this phone was not asked before (`push_asked`).
import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { askPushOnce, canAskPush, dismissPush } from "../lib/push";
import { t } from "../signals/language";
import { Button } from "./ui";

const cardCss = css`
  display: flex; flex-direction: column; gap: 8px; padding: 14px 16px; border-radius: 12px; border: 1px solid var(--line);
  background: var(--card);
  & h2 { margin: 0; font-size: 17px; }
  & p { margin: 0; color: var(--muted); font-size: 14px; }
  & .row { display: flex; gap: 10px; flex-wrap: wrap; }
  & .row > * { flex: 1 1 120px; }
`;

/** The card; `title` is the question in the words of the screen (a repair moving, a job's news). */
export function PushPrompt({ title = "notifications.prompt.title" }: { title?: string }) {
  useSignals();
  const [state, setState] = useState<"ask" | "busy" | "on" | "off" | "gone">(() => (canAskPush() ? "ask" : "gone"));
  if (state === "gone") return null;
  if (state === "on" || state === "off")
    return (
      <p role="status" className={css`margin: 0;`} data-testid="push-prompt-done">
        {t(state === "on" ? "notifications.prompt.on" : "notifications.prompt.denied")}
      </p>
    );
  const allow = () => {
    setState("busy");
    void askPushOnce().then((r) => setState(r === "on" ? "on" : r === "dismissed" ? "gone" : "off"));
  };
  return (
    <section className={cardCss} aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <h2 id="push-prompt-title">{t(title)}</h2>
      <p>{t("notifications.prompt.text")}</p>
      <div className="row">
        <Button onClick={allow} disabled={state === "busy"} aria-busy={state === "busy" || undefined}>
          {t("notifications.prompt.allow")}
        </Button>
        <Button
          variant="secondary"
          disabled={state === "busy"}
          onClick={() => {
            dismissPush();
            setState("gone");
          }}
        >
          {t("notifications.prompt.later")}
        </Button>
      </div>
    </section>
  );
}
