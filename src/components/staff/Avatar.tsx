import { css } from "goober";
import { type ReactNode, useState } from "react";
import { cx } from "../../styles/theme";

const round = css`border-radius: 50%; object-fit: cover; flex: none; background: var(--brand-soft);`;
const square = css`border-radius: 12px; object-fit: contain; flex: none; background: #fff;`;

/** The default picture of a person without one: a neutral silhouette (inline SVG, no request). */
export function DefaultAvatar({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className={round} data-default-avatar="">
      <rect width="48" height="48" rx="24" fill="#ccfbf1" />
      <circle cx="24" cy="19" r="8" fill="#0f766e" />
      <path d="M9 42c2-9 8-13 15-13s13 4 15 13" fill="#0f766e" />
    </svg>
  );
}

/** The default logo of a company without one: a building. */
export function DefaultLogo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className={square} data-default-logo="">
      <rect width="48" height="48" rx="10" fill="#ccfbf1" />
      <path d="M12 38V14l12-5v29M24 38V18l12 4v16M8 38h32" fill="none" stroke="#0f766e" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M16 18h4M16 24h4M16 30h4M28 26h4M28 32h4" stroke="#0f766e" strokeWidth="2.5" />
    </svg>
  );
}

/**
 * A picture from the users file host, or `fallback` (the default one) when there is none or it fails to load: never a
 * broken-image icon. Decorative: the name is beside it.
 */
export function Picture({
  src,
  size,
  kind = "person",
  className,
  fallback,
  testId,
}: {
  src: string | null;
  size: number;
  kind?: "person" | "logo";
  className?: string;
  fallback?: ReactNode;
  testId?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return fallback ?? (kind === "logo" ? <DefaultLogo size={size} /> : <DefaultAvatar size={size} />);
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className={cx(kind === "logo" ? square : round, className)}
      data-testid={testId}
      onError={() => setFailed(src)}
    />
  );
}
