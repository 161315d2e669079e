import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { paths } from "../paths";
import { t } from "../signals/language";
import { unread } from "../signals/unread";
import { Logo } from "./Logo";
import { OutboxIndicator } from "./OutboxIndicator";

export { Logo };

const headerCss = css`
  position: sticky; top: 0; z-index: 20; height: var(--header-h); display: flex; align-items: center; gap: 10px;
  padding-inline: 16px; background: var(--brand); color: #fff;
  & strong { font-size: 19px; letter-spacing: 0.2px; }
  & > a { margin-inline-start: auto; margin-inline-end: -10px; width: 44px; height: 44px; display: flex; align-items: center; justify-content: center; color: #fff; }
  & svg { fill: currentColor; }
`;
const badgeCss = css`
  /* Its own box, not a line of text: the icon sits as high as the bottom bar's other icons, with no descender gap below. */
  position: relative; display: inline-flex;
  & > b { position: absolute; top: -6px; inset-inline-end: -9px; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 9px;
    background: #b91c1c; color: #fff; font-size: 11px; line-height: 18px; font-weight: 700; text-align: center; box-shadow: 0 0 0 2px #fff; }
`;

export const BELL = "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5-6.7V3a2 2 0 0 0-4 0v1.3A7 7 0 0 0 5 11v5l-2 2v1h18v-1z";

/** The accessible name of a bell: "Notifications, 3 unread", or just "Notifications". */
export const bellLabel = (n: number) => (n > 0 ? t("notifications.badge", { n }) : t("nav.notifications"));

/** The bell icon with the unread count on it (hidden from screen readers: the link's name says it). */
export function Bell({ size = 24 }: { size?: number }) {
  useSignals();
  const n = unread.value;
  return (
    <span className={badgeCss}>
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
        <path d={BELL} />
      </svg>
      {n > 0 && (
        <b aria-hidden="true" data-testid="unread-badge">
          {n > 99 ? "99+" : n}
        </b>
      )}
    </span>
  );
}

/** The branded header bar, with the bell and its unread count. */
export function Header() {
  useSignals();
  return (
    <header className={headerCss}>
      <Logo />
      <strong>{t("app.name")}</strong>
      <a href={`#${paths.notifications}`} aria-label={bellLabel(unread.value)}>
        <Bell />
      </a>
      <OutboxIndicator />
    </header>
  );
}
