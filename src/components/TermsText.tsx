import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const SERVICES = [1, 2, 3, 4, 5] as const;
const RESPONSIBILITIES = [1, 2, 3] as const;

export const termsBody = css`
  display: flex; flex-direction: column; gap: 12px; font-size: 15px;
  & h3 { font-size: 16px; margin: 6px 0 2px; }
  & p { margin: 0; }
  & ul { margin: 4px 0 0; padding-inline-start: 22px; display: flex; flex-direction: column; gap: 4px; }
`;

/** The terms of service (SPEC.md sections 2 and 4): what the registration forms' modal shows and /about lets anyone read. */
export function TermsText({ idPrefix }: { idPrefix: string }) {
  useSignals();
  return (
    <>
      <p className={css`color: var(--muted); font-size: 13px;`}>{t("terms.updated")}</p>
      <p>{t("terms.intro")}</p>
      {SECTIONS.map((n) => (
        <section key={n} aria-labelledby={`${idPrefix}-s${n}`}>
          <h3 id={`${idPrefix}-s${n}`}>{t(`terms.s${n}.title`)}</h3>
          <p>{t(`terms.s${n}.body`)}</p>
          {n === 3 && (
            <ul>
              {SERVICES.map((i) => (
                <li key={i}>{t(`terms.services.${i}`)}</li>
              ))}
            </ul>
          )}
          {n === 4 && (
            <ul>
              {RESPONSIBILITIES.map((i) => (
                <li key={i}>{t(`terms.responsibilities.${i}`)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
