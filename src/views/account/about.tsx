import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
// Vite and vitest read one field of package.json as a named export (the rest is left out of the bundle), so the
// version needs no build setting of its own.
import { version } from "../../../package.json";
import { AccountSection, hintCss } from "../../components/account/parts";
import { Logo } from "../../components/Header";
import { TermsText, termsBody } from "../../components/TermsText";
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
  & .body { padding-block-start: 8px; }
`;
const linkCss = css`display: inline-flex; align-items: center; min-height: 44px; font-weight: 600;`;

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
            <div className={`body ${termsBody}`}>
              <TermsText idPrefix="about-terms" />
            </div>
          </details>
        </AccountSection>
        <a className={linkCss} href={`#${paths.contact}`}>
          {t("account.about.contact")}
        </a>
      </div>
    </main>
  );
}
