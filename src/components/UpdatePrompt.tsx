import { css } from "goober";
import { useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { whenIdle } from "../lib/idle";
import { linkManifest, registerServiceWorker } from "../lib/pwa";
import { lang, t } from "../signals/language";

// Above the bottom bar (never over its buttons) and under the toasts; logical insets, so it reads the same in RTL.
const barCss = css`
  position: fixed; z-index: 40; inset-inline: 8px; bottom: calc(env(safe-area-inset-bottom, 0px) + var(--nav-h) + 8px);
  max-width: 480px; margin-inline: auto; display: flex; align-items: center; gap: 4px; padding-block: 4px;
  padding-inline: 14px 4px; border-radius: 10px; background: var(--ink); color: #fff; font-size: 15px;
  box-shadow: 0 6px 18px rgba(0, 0, 0, 0.18);
  & > span { flex: 1; padding-block: 8px; }
  & > button { flex: none; min-width: 44px; min-height: 44px; border: 0; border-radius: 8px; cursor: pointer; }
  & > button[data-reload] { padding-inline: 12px; background: var(--brand-soft); color: var(--brand-dark); font-weight: 700; }
  & > button[data-reload]:disabled { opacity: 0.7; cursor: progress; }
  & > button[data-later] { background: none; color: inherit; font-size: 22px; line-height: 1; }
`;

/**
 * Registers the service worker once the page has loaded (never part of the first screen's work), keeps the manifest in
 * the app's language, and shows "A new version is ready" while a new version waits.
 */
export function UpdatePrompt() {
  useSignals();
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const language = lang.value;
  useEffect(() => {
    linkManifest(language);
  }, [language]);
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let stopped = false;
    const start = () =>
      whenIdle(() => {
        if (stopped) return;
        registerServiceWorker((apply) => {
          setUpdate(() => apply);
          setDismissed(false);
        }).catch(() => undefined);
      });
    if (document.readyState === "complete") start();
    else addEventListener("load", start, { once: true });
    return () => {
      stopped = true;
      removeEventListener("load", start);
    };
  }, []);
  if (!update || dismissed) return null;
  return (
    <div className={barCss} role="status" data-testid="update-prompt">
      <span>{t("pwa.ready")}</span>
      <button
        type="button"
        data-reload=""
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void update();
        }}
      >
        {t("pwa.reload")}
      </button>
      <button type="button" data-later="" aria-label={t("pwa.later")} onClick={() => setDismissed(true)}>
        ×
      </button>
    </div>
  );
}
