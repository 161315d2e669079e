// Pieces the account screens share (issue 14): the section card, a checkbox or switch row, the person's picture with
// initials, and a picture picker. Only the account screens import this file, so none of it reaches the first load.
import { css } from "goober";
import { type ChangeEvent, type ReactNode, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { userFileUrl } from "../../lib/media";
import { t } from "../../signals/language";
import { card, cx } from "../../styles/theme";
import { DefaultLogo, Picture } from "../staff/Avatar";
import { Button } from "../ui";

export const sectionCss = cx(
  card,
  css`
  display: flex; flex-direction: column; gap: 14px;
  & > h2 { font-size: 18px; margin: 0; }
`,
);
export const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;
export const hintCss = css`font-size: 13px; color: var(--muted); margin: 0;`;
/** Numbers, phones, emails and codes read left to right in an Arabic sentence too. */
/** A section's Save: enabled once something changed, "Saving..." while it goes. */
export function SaveRow({ busy, dirty }: { busy: boolean; dirty: boolean }) {
  useSignals();
  return (
    <div className={actionsCss}>
      <Button type="submit" disabled={busy || !dirty} aria-busy={busy || undefined}>
        {busy ? t("account.saving") : t("account.save")}
      </Button>
    </div>
  );
}

export const ltrCss = css`direction: ltr; unicode-bidi: isolate;`;

/** A card section with a heading that labels it. */
export function AccountSection({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={sectionCss} aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const checkRow = css`
  display: flex; align-items: center; gap: 10px; min-height: 44px; cursor: pointer; font-weight: 600; font-size: 15px;
  & input { width: 22px; height: 22px; accent-color: var(--brand); margin: 0; flex: none; }
  & input:disabled { cursor: not-allowed; }
`;

/** A labelled checkbox; `asSwitch` makes it a switch that acts at once ("Taking jobs now"). */
export function CheckRow({
  id,
  label,
  checked,
  onChange,
  asSwitch,
  disabled,
  describedBy,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  asSwitch?: boolean;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <label className={checkRow} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? "switch" : undefined}
        aria-checked={asSwitch ? checked : undefined}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

/** The URL of a picture the profile answer names: a path under /files/users/ (with or without that prefix) or a full URL. */
export function pictureUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return userFileUrl(path.replace(/^\/+/, "").replace(/^files\/users\//, ""));
}

const initialsCss = css`
  border-radius: 50%; flex: none; display: flex; align-items: center; justify-content: center;
  background: var(--brand-soft); color: var(--brand-dark); font-weight: 700;
`;
const photoCss = css`border-radius: 50%; object-fit: cover; flex: none; background: var(--brand-soft);`;
const logoCss = css`border-radius: 12px; object-fit: contain; flex: none; background: #fff; border: 1px solid var(--line);`;

/**
 * A person's photo, or their initials; a company's logo, or the default building; the same when the picture fails to
 * load (a broken-image icon showed on a patchy network). Decorative: the name is beside it.
 */
export function AccountPicture({ src, initials, size, kind = "person" }: { src: string | null; initials?: string; size: number; kind?: "person" | "logo" }) {
  const fallback =
    kind === "logo" ? (
      <DefaultLogo size={size} />
    ) : (
      <span className={initialsCss} style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }} aria-hidden="true" data-testid="initials">
        {initials}
      </span>
    );
  return <Picture src={src} size={size} kind={kind} className={kind === "logo" ? logoCss : photoCss} fallback={fallback} testId={`${kind}-picture`} />;
}

/**
 * "Change photo" (a file picker for one picture, the camera or the gallery) and "Remove" when there is one. The
 * picked file goes to `onPick`, which makes it smaller and sends it.
 */
export function PicturePicker({
  id,
  changeLabel,
  removeLabel,
  busy,
  onPick,
  onRemove,
}: {
  id: string;
  changeLabel: string;
  removeLabel?: string;
  busy: boolean;
  onPick: (file: File) => void;
  onRemove?: () => void;
}) {
  useSignals();
  const input = useRef<HTMLInputElement>(null);
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    // The same file may be picked again after a failure.
    e.currentTarget.value = "";
    if (file) onPick(file);
  };
  return (
    <div className={css`display: flex; flex-wrap: wrap; gap: 8px;`}>
      <input ref={input} id={id} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={picked} />
      <Button variant="secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => input.current?.click()}>
        {busy ? t("account.photo.sending") : changeLabel}
      </Button>
      {onRemove && removeLabel && (
        <Button variant="ghost" disabled={busy} onClick={onRemove}>
          {removeLabel}
        </Button>
      )}
    </div>
  );
}
