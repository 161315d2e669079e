import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
// Vite and vitest read one field of package.json as a named export (the rest is left out of the bundle), so the
// version needs no build setting of its own.
import { version } from "../../../package.json";
import { AccountSection, hintCss } from "../../components/account/parts";
import { Logo } from "../../components/Header";
import { NestedTitle } from "../../components/property/parts";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { page, stack } from "../../styles/theme";

/** The app's version, from package.json. */
export const APP_VERSION: string = version;

const heroCss = css`
  display: flex; align-items: center; gap: 12px; padding: 16px; border-radius: var(--radius); background: var(--brand); color: #fff;
  & h2 { margin: 0; font-size: 20px; }
  & p { margin: 2px 0 0; font-size: 14px; opacity: 0.92; }
`;
const termsCss = css`
  & summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; font-weight: 600; color: var(--brand-dark); }
  & .body { display: flex; flex-direction: column; gap: 12px; font-size: 15px; padding-block-start: 8px; }
  & h3 { font-size: 16px; margin: 6px 0 2px; }
  & p { margin: 0; }
  & ul { margin: 4px 0 0; padding-inline-start: 22px; display: flex; flex-direction: column; gap: 4px; }
`;
const linkCss = css`display: inline-flex; align-items: center; min-height: 44px; font-weight: 600;`;

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const SERVICES = [1, 2, 3, 4, 5] as const;
const RESPONSIBILITIES = [1, 2, 3] as const;

/** The terms of service the registration forms show (TermsModal's text, locales/register), to read here at any time. */
function TermsText() {
  useSignals();
  return (
    <div className="body">
      <p className={hintCss}>{t("terms.updated")}</p>
      <p>{t("terms.intro")}</p>
      {SECTIONS.map((n) => (
        <section key={n} aria-labelledby={`about-terms-s${n}`}>
          <h3 id={`about-terms-s${n}`}>{t(`terms.s${n}.title`)}</h3>
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
    </div>
  );
}

/** /about (roles 0, 1): the service in a few sentences, the app's version and the terms of service. */
export function AboutView({ title }: ViewProps) {
  useSignals();
  return (
    <main className={page}>
      <NestedTitle title={t(title)} />
      <div className={stack}>
        <div className={heroCss}>
          <Logo size={44} />
          <div>
            <h2>{t("app.name")}</h2>
            <p>{t("account.about.tagline")}</p>
          </div>
        </div>
        <AccountSection id="about-service" title={t("account.about.title")}>
          <p className={css`margin: 0;`}>{t("account.about.p1", { app: t("app.name") })}</p>
          <p className={css`margin: 0;`}>{t("account.about.p2")}</p>
          <p className={css`margin: 0;`}>{t("account.about.p3")}</p>
          <p className={hintCss} data-testid="app-version">
            {t("account.about.version")} <bdi dir="ltr">{APP_VERSION}</bdi>
          </p>
        </AccountSection>
        <AccountSection id="about-terms" title={t("terms.title")}>
          <details className={termsCss}>
            <summary>{t("account.about.readTerms")}</summary>
            <TermsText />
          </details>
        </AccountSection>
        <a className={linkCss} href={`#${paths.contact}`}>
          {t("account.about.contact")}
        </a>
      </div>
    </main>
  );
}
