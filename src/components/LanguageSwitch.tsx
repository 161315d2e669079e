import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { lang, setLanguage, t } from "../signals/language";

const switchCss = css`
  background: #fff; border: 1px solid var(--line); border-radius: 999px; padding: 6px 14px; min-height: 44px; min-width: 44px;
  font-weight: 600; cursor: pointer; color: var(--brand-dark);
`;

/**
 * Toggles English and Arabic; each button names the language it switches to, in that language. The accessible name
 * starts with that visible name (WCAG 2.5.3, axe's label-content-name-mismatch: an aria-label of 'Switch language to
 * Arabic' hid the visible 'العربية'), followed by a hidden hint in the current language.
 */
export function LanguageSwitch() {
  useSignals();
  const next = lang.value === "ar" ? "en" : "ar";
  return (
    <button type="button" className={switchCss} onClick={() => setLanguage(next)} data-testid="language-switch">
      <span lang={next}>{next === "ar" ? "العربية" : "English"}</span>
      <span className="sr-only">{t("language.switchHint")}</span>
    </button>
  );
}
