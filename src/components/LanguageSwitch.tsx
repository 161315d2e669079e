import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { lang, setLanguage, t } from "../signals/language";

const switchCss = css`
  background: #fff; border: 1px solid var(--line); border-radius: 999px; padding: 6px 14px; min-height: 40px;
  font-weight: 600; cursor: pointer; color: var(--brand-dark);
`;

/** Toggles English and Arabic; each button names the language it switches to, in that language. */
export function LanguageSwitch() {
  useSignals();
  const next = lang.value === "ar" ? "en" : "ar";
  return (
    <button type="button" className={switchCss} lang={next} aria-label={t("language.switchTo")} onClick={() => setLanguage(next)} data-testid="language-switch">
      {next === "ar" ? "العربية" : "English"}
    </button>
  );
}
