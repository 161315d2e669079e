import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "wouter";
import { t } from "../signals/language";
import { role } from "../signals/session";
import { unread } from "../signals/unread";
import { navFor, paths } from "../paths";
import { Bell, bellLabel } from "./Header";

const ICONS: Record<string, string> = {
  home: "M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  repair: "M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.4-.6-.6-2.4z",
  profile: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0z",
  you: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0z",
  "your-profile": "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0z",
  jobs: "M9 4V3h6v1h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm0 2H5v4h14V6h-4v1H9z",
  reports: "M5 3h10l4 4v14H5zm3 8h8v2H8zm0 4h8v2H8zm0-8h5v2H8z",
  resources: "M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM1 20a7 7 0 0 1 14 0zm14.5 0a8.5 8.5 0 0 0-2.2-5.7A6 6 0 0 1 23 20z",
};

const navCss = css`
  position: fixed; bottom: 0; inset-inline: 0; z-index: 30; height: var(--nav-h); display: flex;
  background: #fff; border-top: 1px solid var(--line); padding-bottom: env(safe-area-inset-bottom);
  & a {
    flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px;
    color: var(--muted); text-decoration: none; font-size: 12px; min-width: 0;
  }
  & a[aria-current="page"] { color: var(--brand); font-weight: 700; }
  & svg { width: 24px; height: 24px; fill: currentColor; }
  /* A label never runs past its tab. Five tabs at 360 px leave 72 px each: "Notifications" takes 69 at 11 px, but 79
     in bold, so there the current tab is told by its colour alone (the icon's and the label's). */
  & .label { max-width: 100%; padding-inline: 2px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  &[data-tabs="5"] .label { font-size: 11px; padding-inline: 0; }
  /* Four tabs leave 90 px: "Notifications" in bold takes about 86 to 90 by the font, no room for padding. */
  &[data-tabs="4"] .label { padding-inline: 0; }
  &[data-tabs="5"] a[aria-current="page"] { font-weight: 400; }
`;

/** The bottom navigation bar of the signed-in user's role (SPEC.md section 2); the bell shows the unread count. */
export function BottomNav({ path }: { path: string }) {
  useSignals();
  const tabs = navFor(role.value);
  return (
    <nav className={navCss} aria-label={t("nav.label")} data-tabs={tabs.length}>
      {tabs.map((to) => {
        const bell = to === paths.notifications;
        return (
          <Link key={to} href={to} aria-current={path === to ? "page" : undefined} aria-label={bell && unread.value > 0 ? bellLabel(unread.value) : undefined}>
            {bell ? (
              <Bell />
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={ICONS[to.slice(1)]} />
              </svg>
            )}
            <span className="label">{t(`nav.${to.slice(1)}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
