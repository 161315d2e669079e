import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../signals/language";

// Empty, it takes no room: the field's gap (6 px) is taken back.
const noteCss = css`font-size: 13px; color: var(--muted); margin: 0; &:empty { margin-top: -6px; }`;

/**
 * Under a text box with a maximum length (a Field's child, after it): nothing until the text reaches the maximum, then
 * says so. The box takes no more, and a paste past it is cut where it stops: without this, silently. A live region, so
 * a screen reader says it as it appears.
 */
export function LimitNote({ length, max }: { length: number; max: number }) {
  useSignals();
  return (
    <p role="status" className={noteCss}>
      {length >= max ? t("forms.limitReached", { max }) : null}
    </p>
  );
}
