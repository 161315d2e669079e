// SPEC.md's error screen, shown by the error boundary of Screens.tsx: apart from it, so its code is off the first load.
import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";
import { centered } from "../styles/theme";
import { Button } from "./ui";

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
