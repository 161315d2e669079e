import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Button } from "../../components/ui";
import type { ViewProps } from "../../paths";
import { logout } from "../../signals/auth";
import { t } from "../../signals/language";
import { user } from "../../signals/session";
import { card, page } from "../../styles/theme";

const listCss = css`
  margin: 0; display: flex; flex-direction: column; gap: 12px;
  & dt { font-size: 13px; color: var(--muted); }
  & dd { margin: 2px 0 0; font-weight: 600; overflow-wrap: anywhere; }
`;
const avatar = css`
  width: 56px; height: 56px; border-radius: 50%; background: var(--brand-soft); color: var(--brand-dark);
  display: flex; align-items: center; justify-content: center; font-size: 22px; font-weight: 700; flex: none;
`;

/** Ends the session on the server and in the browser, then goes to the sign-in screen with the spec's toast. */
export const logOut = () => void logout();

/** /profile, /you, /your-profile (D5): the title, who is signed in, and Log out. */
export function ProfileView({ title }: ViewProps) {
  useSignals();
  const u = user.value;
  const phone = u?.mob_no ? `${u.cntry_code ?? ""} ${u.mob_no}`.trim() : "";
  const initial = (u?.name ?? u?.email ?? "?").trim().charAt(0).toUpperCase() || "?";
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <section className={card} aria-labelledby="profile-who">
        <div className={css`display: flex; align-items: center; gap: 12px; margin-bottom: 16px;`}>
          <span className={avatar} aria-hidden="true">
            {initial}
          </span>
          <div>
            <p id="profile-who" className={css`margin: 0; font-size: 13px; color: var(--muted);`}>
              {t("profile.signedInAs")}
            </p>
            <p className={css`margin: 0; font-size: 18px; font-weight: 700;`}>{u?.name || u?.email || t("profile.none")}</p>
          </div>
        </div>
        <dl className={listCss}>
          <div>
            <dt>{t("profile.name")}</dt>
            <dd>{u?.name || t("profile.none")}</dd>
          </div>
          <div>
            <dt>{t("profile.email")}</dt>
            <dd>{u?.email || t("profile.none")}</dd>
          </div>
          <div>
            <dt>{t("profile.phone")}</dt>
            <dd dir={phone ? "ltr" : undefined} className={css`text-align: start; [dir="rtl"] & { text-align: end; }`}>
              {phone || t("profile.none")}
            </dd>
          </div>
        </dl>
      </section>
      <section
        className={css`display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-top: 16px;`}
        aria-labelledby="profile-language"
      >
        <h2 id="profile-language" className={css`font-size: 16px; margin: 0;`}>
          {t("profile.language")}
        </h2>
        <LanguageSwitch />
      </section>
      <Button variant="danger" block className={css`margin-top: 20px;`} onClick={logOut}>
        {t("profile.logout")}
      </Button>
    </main>
  );
}
