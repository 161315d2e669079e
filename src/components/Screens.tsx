import { css } from "goober";
import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect } from "react";
import { signal } from "@preact/signals-react";
import { lazyOf } from "../lib/load-again";
import { useSignals } from "@preact/signals-react/runtime";
import { online } from "../signals/connectivity";
import { t } from "../signals/language";
import { centered } from "../styles/theme";

// The error screen's code loads only when something broke.
const ErrorScreen = lazyOf(() => import("./ErrorScreen").then((m) => m.ErrorScreen));

const bars = css`
  display: flex; gap: 6px; align-items: flex-end; height: 40px;
  & span { width: 8px; background: var(--brand); border-radius: 4px; animation: bar 1s ease-in-out infinite; }
  & span:nth-child(2) { animation-delay: 0.15s; } & span:nth-child(3) { animation-delay: 0.3s; } & span:nth-child(4) { animation-delay: 0.45s; }
  @keyframes bar { 0%, 100% { height: 10px; } 50% { height: 40px; } }
`;

/**
 * The loading screen, while a screen's code or words come: animated bars and a loading label; offline, the offline
 * screen, since they come once the phone is back online (src/lib/load-again.ts).
 */
export function LoadingScreen() {
  useSignals();
  if (!online.value) return <OfflineWait />;
  return (
    <div className={centered} role="status" aria-live="polite">
      <div className={bars} aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </div>
      <p>{t("common.loading")}</p>
    </div>
  );
}

/** How many loading screens wait offline: the slim offline bar (src/app.tsx) then hides, since nothing saved shows. */
export const waitingOffline = signal(0);

/** The offline screen of a loading screen that waits offline. */
function OfflineWait() {
  useEffect(() => {
    waitingOffline.value++;
    return () => void waitingOffline.value--;
  }, []);
  return <GateScreen title={t("offline.title")} message={t("offline.message")} />;
}

/** A full-screen message that replaces the app (size and offline gates). */
export function GateScreen({ title, message }: { title: string; message?: string }) {
  return (
    <main className={centered}>
      <h1 className={css`font-size: 22px;`}>{title}</h1>
      {message && <p>{message}</p>}
    </main>
  );
}

/** Catches a rendering error, shows the error screen and posts the report. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  // Set in the constructor, not as a class field: the build's target (es2020) turns a field into about 0.4 KB of helpers
  // on the first load.
  constructor(props: { children: ReactNode }) {
    super(props);
    this.state = { error: null };
  }
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, _info: ErrorInfo) {
    // The reporter (and the API base it posts to) loads only when something broke.
    void import("../api/errors").then((m) => m.reportError(error));
  }
  render() {
    return this.state.error ? (
      <Suspense fallback={null}>
        <ErrorScreen error={this.state.error} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
