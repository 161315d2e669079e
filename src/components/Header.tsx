import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";

const headerCss = css`
  position: sticky; top: 0; z-index: 20; height: var(--header-h); display: flex; align-items: center; gap: 10px;
  padding-inline: 16px; background: var(--brand); color: #fff;
  & strong { font-size: 19px; letter-spacing: 0.2px; }
`;

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#fff" />
      <path d="M6 16l10-9 10 9v9a1 1 0 0 1-1 1h-6v-6h-6v6H7a1 1 0 0 1-1-1z" fill="#0f766e" />
    </svg>
  );
}

/** The branded header bar. */
export function Header() {
  useSignals();
  return (
    <header className={headerCss}>
      <Logo />
      <strong>{t("app.name")}</strong>
    </header>
  );
}
