import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { BackIcon, IconButton } from "./ui";
import { t } from "../signals/language";

const barCss = css`display: flex; align-items: center; gap: 8px; margin-bottom: 12px; & h1 { font-size: 21px; margin: 0; }`;

/** A screen's title row, with a back button when `onBack` is given. */
export function ScreenTitle({ title, onBack }: { title: string; onBack?: () => void }) {
  useSignals();
  return (
    <div className={barCss}>
      {onBack && (
        <IconButton label={t("common.back")} onClick={onBack}>
          <BackIcon />
        </IconButton>
      )}
      <h1>{title}</h1>
    </div>
  );
}
