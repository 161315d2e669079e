import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import dayjs from "dayjs";
import { formatDay, formatSlotTime } from "../lib/dates";
import { lang, t } from "../signals/language";
import { cx } from "../styles/theme";

const savedCss = css`
  display: flex; align-items: center; gap: 8px; margin: 0; padding: 8px 12px; border-radius: 10px;
  background: #fef3c7; color: #78350f; font-size: 14px; font-weight: 600;
  & svg { flex: none; }
`;

/**
 * "Saved at 3:05 PM — you are offline" (D23): what a screen shows above data kept on the phone while the network
 * fails. The time as D18 writes it (`h:mm A`, digits Western); a copy from another day names the day too.
 */
export function SavedAt({ at, className }: { at: number | null | undefined; className?: string }) {
  useSignals();
  if (at == null) return null;
  const locale = lang.value;
  const when = dayjs(at);
  const time = formatSlotTime(when.format("HH:mm"), locale);
  const text = when.isSame(dayjs(), "day") ? t("offline.savedAt", { time }) : t("offline.savedOn", { day: formatDay(when.toISOString(), locale), time });
  return (
    <p className={cx(savedCss, className)} data-testid="saved-at">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm1 4.5V12l3.5 2.1-.8 1.3L11 13V7.5z" fill="currentColor" />
      </svg>
      <span>{text}</span>
    </p>
  );
}
