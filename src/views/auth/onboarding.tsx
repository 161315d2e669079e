import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { Button } from "../../components/ui";
import { navigate } from "../../lib/hash-location";
import { writeKey } from "../../lib/storage";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { authPage } from "./auth-layout";

/** The three steps: what the app does, from a reported issue to a finished repair. */
export const ONBOARDING_STEPS = ["report", "assign", "follow"] as const;

const topRow = css`display: flex; align-items: center; justify-content: space-between; min-height: 44px;`;
const art = css`
  align-self: center; width: 200px; height: 200px; border-radius: 50%; background: var(--brand-soft);
  display: flex; align-items: center; justify-content: center; color: var(--brand-dark); margin-top: 12px;
`;
const textCss = css`
  text-align: center; display: flex; flex-direction: column; gap: 10px;
  & h1 { font-size: 24px; margin: 0; }
  & p { margin: 0; color: var(--muted); font-size: 16px; }
`;
const dots = css`
  display: flex; justify-content: center; gap: 8px; list-style: none; padding: 0; margin: 0;
  & li { width: 10px; height: 10px; border-radius: 999px; background: var(--line); }
  & li[aria-current="step"] { width: 28px; background: var(--brand); }
`;
const actions = css`margin-top: auto; display: flex; gap: 10px; & > * { flex: 1; }`;

/** Simple line drawings, one per step. */
const ART: Record<(typeof ONBOARDING_STEPS)[number], string> = {
  report: "M9 3h6l1 2h3v15H5V5h3zM9 3v3h6V3M8 11h8M8 15h5",
  assign: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z",
  follow: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3",
};

/** /onboarding: three short steps, Next/Back, Skip; finishing marks onboarding done and opens the sign-in screen. */
export function OnboardingView(_: ViewProps) {
  useSignals();
  const [step, setStep] = useState(0);
  const id = ONBOARDING_STEPS[step];
  const last = step === ONBOARDING_STEPS.length - 1;

  const finish = () => {
    writeKey("oncmp", "1");
    navigate(paths.login, { replace: true });
  };

  return (
    <main className={authPage}>
      <div className={topRow}>
        <LanguageSwitch />
        {!last && (
          <Button variant="ghost" onClick={finish}>
            {t("onboarding.skip")}
          </Button>
        )}
      </div>
      <div className={art} aria-hidden="true">
        <svg width="96" height="96" viewBox="0 0 24 24">
          <path d={ART[id]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <section className={textCss} aria-live="polite">
        <p className={css`font-size: 14px !important; font-weight: 600; color: var(--brand-dark) !important;`}>
          {t("onboarding.progress", { n: step + 1, total: ONBOARDING_STEPS.length })}
        </p>
        <h1>{t(`onboarding.steps.${id}.title`)}</h1>
        <p>{t(`onboarding.steps.${id}.text`)}</p>
      </section>
      <ol className={dots} aria-hidden="true">
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s} aria-current={i === step ? "step" : undefined} />
        ))}
      </ol>
      <div className={actions}>
        {step > 0 && (
          <Button variant="secondary" onClick={() => setStep(step - 1)}>
            {t("onboarding.back")}
          </Button>
        )}
        <Button onClick={() => (last ? finish() : setStep(step + 1))}>{last ? t("onboarding.finish") : t("onboarding.next")}</Button>
      </div>
    </main>
  );
}
