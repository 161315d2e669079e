import { css } from "goober";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProfile } from "../../api/account";
import { AccountSection } from "../../components/account/parts";
import { DiscardChanges } from "../../components/DiscardChanges";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { LoadError, Loading } from "../../components/property/parts";
import { SavedAt } from "../../components/SavedAt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Button } from "../../components/ui";
import type { AccountProfile } from "../../contract/account";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { useResource } from "../../lib/use-resource";
import { paths, type ViewProps } from "../../paths";
import { logout } from "../../signals/auth";
import { t } from "../../signals/language";
import { role, updateUser, user } from "../../signals/session";
import { page, stack } from "../../styles/theme";
import { CompanySection } from "./company-form";
import { ContactSection } from "./contact-section";
import { DeleteAccountSection } from "./delete-account";
import { DetailsSection } from "./details-form";
import { PasswordSection } from "./password-form";
import { PhotoCard, WhoCard } from "./photo-card";
import { hasCompany, hasWork, phoneOf } from "./rules";
import { WorkSection } from "./work-form";

/** Ends the session on the server and in the browser, then goes to the sign-in screen with the spec's toast. */
export const logOut = () => void logout();

/** The roles routes.ts lets into About and Contact support (SPEC.md section 2); the bottom bar does not list them. */
const SUPPORT_ROLES: readonly number[] = [0, 1];

const rowCss = css`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; min-height: 48px;
  & h3 { font-size: 16px; margin: 0; }
`;
const linksCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column;
  & a { display: flex; align-items: center; justify-content: space-between; min-height: 48px; font-weight: 600; text-decoration: none; color: var(--brand-dark); }
  & li + li { border-top: 1px solid var(--line); }
`;
const Chevron = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className={css`[dir="rtl"] & { transform: scaleX(-1); }`}>
    <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * /profile, /your-profile, /you (LOOP.md section 3): one screen for every role. Its sections come from what the
 * profile answer carries: the technician's work when it has skills or an area range, the company card when it has a
 * company. The app's settings (language, about, support, sign out) show even while the profile loads or fails.
 */
export function ProfileView({ title }: ViewProps) {
  useSignals();
  const res = useResource((signal) => fetchProfile(signal), [], { keep: "profile" });
  // What the writes answered, for the load it followed: a fresh load (Try again) replaces it.
  const [saved, setSaved] = useState<{ after: AccountProfile | undefined; data: AccountProfile } | null>(null);
  const loaded = useRef(res.data);
  loaded.current = res.data;
  const profile = (saved && saved.after === res.data ? saved.data : res.data) ?? null;

  const [dirtyParts, setDirtyParts] = useState<Record<string, boolean>>({});
  const onDirty = useCallback((part: string, dirty: boolean) => setDirtyParts((d) => (!!d[part] === dirty ? d : { ...d, [part]: dirty })), []);
  const guard = useDiscardGuard(Object.values(dirtyParts).some(Boolean));
  const onSaved = useCallback((p: AccountProfile) => setSaved({ after: loaded.current, data: p }), []);

  // The stored user (the header, other screens) follows the name and the verified email and mobile.
  useEffect(() => {
    if (profile) updateUser({ name: profile.name, email: profile.email ?? null, mob_no: profile.mob_no ?? null, cntry_code: profile.cntry_code ?? null });
  }, [profile]);

  const stored = user.value;
  const section = { profile: profile as AccountProfile, onSaved, onDirty };
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack}>
        <SavedAt at={res.savedAt} />
        {profile ? (
          <>
            <PhotoCard profile={profile} onSaved={onSaved} />
            <DetailsSection {...section} />
            <ContactSection {...section} />
            {hasWork(profile) && <WorkSection {...section} />}
            {hasCompany(profile) && <CompanySection {...section} />}
            <PasswordSection {...section} />
          </>
        ) : (
          <>
            {/* Who is signed in, from the stored session, while the profile loads or when it fails. */}
            {stored && <WhoCard name={stored.name || stored.email || ""} email={stored.email} phone={phoneOf(stored)} src={null} />}
            {res.error ? <LoadError retry={res.retry} text="account.loadError" testId="profile-error" /> : <Loading />}
          </>
        )}
        <AccountSection id="profile-app" title={t("account.app.title")} testId="app-section">
          <div className={rowCss}>
            <h3 id="profile-language">{t("profile.language")}</h3>
            <LanguageSwitch />
          </div>
          {role.value != null && SUPPORT_ROLES.includes(role.value) && (
            <ul className={linksCss}>
              <li>
                <a href={`#${paths.about}`}>
                  {t("account.app.about")}
                  <Chevron />
                </a>
              </li>
              <li>
                <a href={`#${paths.contact}`}>
                  {t("account.app.contact")}
                  <Chevron />
                </a>
              </li>
            </ul>
          )}
          <Button variant="danger" block onClick={() => guard.leave(logOut)}>
            {t("profile.logout")}
          </Button>
        </AccountSection>
        {profile && <DeleteAccountSection profile={profile} />}
      </div>
      <DiscardChanges guard={guard} />
    </main>
  );
}
