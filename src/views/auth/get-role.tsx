import { css } from "goober";
import { useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { BackIcon, IconButton } from "../../components/ui";
import { GoogleSignupNotice } from "../../components/GoogleSignupNotice";
import { navigate } from "../../lib/hash-location";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { authPage, headingCss } from "./auth-layout";

/** The three sign-up kinds and where each goes (SPEC.md section 2). */
export const ROLE_CHOICES = [
  { id: "owner", to: paths.register, icon: "M4 11l8-7 8 7v9h-5v-6H9v6H4z" },
  { id: "company", to: paths.companyRegister, icon: "M3 21V8l6-3v4l6-3v4l6-3v14zM7 17h2M11 17h2M15 17h2" },
  { id: "technician", to: paths.technicianRegister, icon: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" },
] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number]["id"];

const navRow = css`display: flex; align-items: center; justify-content: space-between; gap: 8px;`;
const arrow = css`border: 1px solid var(--line); background: #fff; width: 48px; height: 48px;`;
const forwardOn = css`background: var(--brand); color: #fff; border-color: var(--brand);`;
const groupCss = css`
  border: 0; padding: 0; margin: 0; min-width: 0; display: flex; flex-direction: column; gap: 12px;
  & legend { padding: 0; margin-bottom: 4px; }
`;
const cardCss = css`
  position: relative; display: flex; gap: 14px; align-items: flex-start; padding: 16px; border-radius: var(--radius);
  border: 2px solid var(--line); background: #fff; cursor: pointer;
  & input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  & strong { display: block; font-size: 17px; margin-bottom: 2px; }
  & span.text { color: var(--muted); font-size: 14px; }
  &:has(input:checked) { border-color: var(--brand); background: var(--brand-soft); }
  &:has(input:focus-visible) { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;
const iconWrap = css`
  flex: none; width: 44px; height: 44px; border-radius: 12px; background: var(--bg); color: var(--brand-dark);
  display: flex; align-items: center; justify-content: center;
`;
const check = css`
  flex: none; margin-inline-start: auto; width: 22px; height: 22px; border-radius: 50%; border: 2px solid var(--line);
  display: flex; align-items: center; justify-content: center;
`;

/** /getrole: one of three cards; back is disabled once one is chosen, forward only then enabled. */
export function GetRoleView(_: ViewProps) {
  useSignals();
  const [choice, setChoice] = useState<RoleChoice | null>(null);
  const target = ROLE_CHOICES.find((c) => c.id === choice);

  return (
    <main className={authPage}>
      <div className={navRow}>
        <IconButton label={t("roles.back")} className={arrow} disabled={choice !== null} onClick={() => navigate(paths.login)}>
          <BackIcon />
        </IconButton>
        <LanguageSwitch />
        <IconButton label={t("roles.next")} className={`${arrow} ${target ? forwardOn : ""}`} disabled={!target} onClick={() => target && navigate(target.to)}>
          <ForwardIcon />
        </IconButton>
      </div>
      <GoogleSignupNotice />
      <fieldset className={groupCss}>
        <legend className={headingCss}>
          <h1>{t("roles.heading")}</h1>
          <p>{t("roles.prompt")}</p>
        </legend>
        {ROLE_CHOICES.map((c) => {
          const selected = choice === c.id;
          return (
            <label key={c.id} className={cardCss} data-selected={selected || undefined}>
              <input type="radio" name="role" value={c.id} checked={selected} onChange={() => setChoice(c.id)} />
              <span className={iconWrap} aria-hidden="true">
                <svg width="26" height="26" viewBox="0 0 24 24">
                  <path d={c.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <span>
                <strong>{t(`roles.${c.id}.title`)}</strong>
                <span className="text" id={`role-${c.id}-text`}>
                  {t(`roles.${c.id}.text`)}
                </span>
              </span>
              <span className={check} aria-hidden="true" style={selected ? { borderColor: "var(--brand)", background: "var(--brand)" } : undefined}>
                {selected && (
                  <svg width="14" height="14" viewBox="0 0 24 24">
                    <path d="M5 12l5 5 9-10" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
    </main>
  );
}

/** Arrow icon that points "forward" in the reading direction (only this screen has one: it stays off the first load). */
function ForwardIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" className={css`[dir="rtl"] & { transform: scaleX(-1); }`}>
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
