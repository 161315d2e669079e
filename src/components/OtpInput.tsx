import { css } from "goober";
import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { westernDigits } from "../contract/digits";
import { t } from "../signals/language";

export const OTP_LENGTH = 6;

const groupCss = css`
  border: 0; margin: 0; padding: 0; min-width: 0;
  & legend { font-weight: 600; font-size: 14px; margin-bottom: 8px; padding: 0; }
`;
const boxesCss = css`
  display: flex; gap: 8px; justify-content: center; direction: ltr;
  & input {
    width: 46px; height: 54px; min-width: 0; flex: 0 1 46px; text-align: center; font-size: 22px; font-weight: 700;
    border: 1px solid var(--line); border-radius: 10px; background: #fff;
  }
  & input:focus { border-color: var(--brand); }
`;

/** The digits typed or pasted, an Arabic keyboard's (٠-٩) as 0-9. */
const digitsOf = (s: string) => westernDigits(s).replace(/\D/g, "");

/**
 * Six one-digit boxes (SPEC.md section 2): typing moves forward, deleting moves back, a pasted code fills them all.
 * `value` is the code so far; a box that is empty holds a space so each digit keeps its position.
 */
export function OtpInput({ value, onChange, disabled, id = "otp" }: { value: string; onChange: (code: string) => void; disabled?: boolean; id?: string }) {
  useSignals();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const cells = Array.from({ length: OTP_LENGTH }, (_, i) => (value[i] && value[i] !== " " ? value[i] : ""));

  const focus = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))];
    el?.focus();
    el?.select?.();
  };
  // The latest boxes, so keys typed faster than a re-render still build on each other.
  const latest = useRef(cells);
  latest.current = cells;
  const emit = (next: string[]) => {
    latest.current = next;
    onChange(
      next
        .map((c) => c || " ")
        .join("")
        .trimEnd(),
    );
  };

  /** Puts digits into the boxes from `start` on; returns the index after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...latest.current];
    const from = digits.length >= OTP_LENGTH ? 0 : start;
    let i = from;
    for (const d of digits.slice(0, OTP_LENGTH - from)) next[i++] = d;
    emit(next);
    return i;
  };

  const onInput = (i: number, raw: string) => {
    const digits = digitsOf(raw);
    if (raw === "") {
      const next = [...latest.current];
      next[i] = "";
      emit(next);
      if (i > 0) focus(i - 1);
      return;
    }
    if (!digits) return; // not a digit: the box keeps what it had
    // A box that already held a digit receives two characters; keep the one just typed.
    const had = latest.current[i];
    if (digits.length === 2 && had) {
      const typed = raw.startsWith(had) ? digits[1] : digits[0];
      focus(fill(i, typed));
      return;
    }
    focus(fill(i, digits));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    const key = digitsOf(e.key);
    if (key.length === 1 && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // A digit key replaces the box's digit whatever the caret or selection; keyboards that send no key
      // (many on-screen ones) go through onChange instead.
      e.preventDefault();
      focus(fill(i, key));
    } else if (e.key === "Backspace" && !latest.current[i] && i > 0) {
      e.preventDefault();
      const next = [...latest.current];
      next[i - 1] = "";
      emit(next);
      focus(i - 1);
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      // The boxes are always laid out left to right, like the code itself.
      e.preventDefault();
      focus(i + (e.key === "ArrowRight" ? 1 : -1));
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOf(e.clipboardData?.getData("text") ?? "");
    e.preventDefault();
    if (digits) focus(fill(i, digits));
  };

  return (
    <fieldset className={groupCss} disabled={disabled}>
      <legend id={`${id}-legend`}>{t("auth.otp.legend")}</legend>
      <div className={boxesCss}>
        {cells.map((cell, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={i === 0 ? id : `${id}-${i + 1}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={1}
            autoComplete="one-time-code"
            aria-label={t("auth.otp.digit", { n: i + 1, total: OTP_LENGTH })}
            value={cell}
            onChange={(e) => onInput(i, e.currentTarget.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.currentTarget.select?.()}
          />
        ))}
      </div>
    </fieldset>
  );
}
