import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { Logo } from "../../components/Logo";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { Button } from "../../components/ui";
import { navigate } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { centered } from "../../styles/theme";

/** The welcome (get-started) screen; Get started replaces history with /onboarding. */
export function WelcomeView(_: ViewProps) {
  useSignals();
  return (
    <main className={centered}>
      <div className={css`position: absolute; top: 12px; inset-inline-end: 12px;`}>
        <LanguageSwitch />
      </div>
      <Logo size={72} />
      <h1 className={css`font-size: 26px;`}>{t("welcome.title")}</h1>
      <p className={css`max-width: 320px;`}>{t("welcome.tagline")}</p>
      <Button onClick={() => navigate(paths.onboarding, { replace: true })}>{t("welcome.getStarted")}</Button>
    </main>
  );
}
