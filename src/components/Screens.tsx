import { css } from "goober";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { reportError } from "../api/errors";
import { t } from "../signals/language";
import { centered } from "../styles/theme";
import { Button } from "./ui";

const bars = css`
  display: flex; gap: 6px; align-items: flex-end; height: 40px;
  & span { width: 8px; background: var(--brand); border-radius: 4px; animation: bar 1s ease-in-out infinite; }
  & span:nth-child(2) { animation-delay: 0.15s; } & span:nth-child(3) { animation-delay: 0.3s; } & span:nth-child(4) { animation-delay: 0.45s; }
  @keyframes bar { 0%, 100% { height: 10px; } 50% { height: 40px; } }
`;

/** The loading screen: animated bars and a loading label. */
export function LoadingScreen() {
  useSignals();
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

/** A full-screen message that replaces the app (size and offline gates). */
export function GateScreen({ title, message }: { title: string; message?: string }) {
  return (
    <main className={centered}>
      <h1 className={css`font-size: 22px;`}>{title}</h1>
      {message && <p>{message}</p>}
    </main>
  );
}

export function ErrorScreen({ error }: { error: Error }) {
  useSignals();
  const goBack = () => {
    history.back();
    setTimeout(() => location.reload(), 1000);
  };
  return (
    <main className={centered}>
      <h1 className={css`font-size: 22px;`}>{t("error.title")}</h1>
      <h2 className={css`font-size: 18px;`}>{t("error.subtitle")}</h2>
      <p>{t("error.apology")}</p>
      <pre className={css`white-space: pre-wrap; max-width: 100%; background: #fff; padding: 8px; border-radius: 8px; font-size: 13px;`}>{error.message}</pre>
      <div className={css`display: flex; gap: 12px;`}>
        <Button variant="secondary" onClick={goBack}>
          {t("error.goBack")}
        </Button>
        <Button onClick={() => location.reload()}>{t("error.refresh")}</Button>
      </div>
    </main>
  );
}

/** Catches a rendering error, shows the error screen and posts the report. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, _info: ErrorInfo) {
    void reportError(error);
  }
  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
