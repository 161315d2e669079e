import { css } from "goober";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type Language, languageName, loadLanguages, searchLanguages, sortLanguages } from "../data/languages";
import { lang, t } from "../signals/language";
import { errorText } from "../styles/theme";
import { PickerList, pickerStyles as s } from "./DialCodePicker";
import { stepActive, stopEscape, useActiveInView, useCloseOnOutside, useLazyList } from "./use-listbox";

const chips = css`display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0;`;
const chip = css`
  display: inline-flex; align-items: center; gap: 2px; padding-inline-start: 12px; border-radius: 999px;
  background: var(--brand-soft); color: var(--brand-dark); font-size: 14px; font-weight: 600;
  & button { width: 44px; height: 44px; border: 0; background: none; color: inherit; cursor: pointer; border-radius: 50%; font-size: 18px; }
`;
const inputCss = css`
  min-height: 48px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; background: #fff; width: 100%;
  &[aria-invalid="true"] { border-color: var(--danger); }
`;
const check = css`width: 20px; text-align: center; color: var(--brand-dark);`;

export interface LanguagesPickerProps {
  id: string;
  label: string;
  /** Selected ISO 639-1 codes. */
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | null;
}

/** A searchable multi-select of the ISO 639-1 languages (D12, loaded lazily); the chosen ones show as removable chips. */
export function LanguagesPicker({ id, label, value, onChange, error }: LanguagesPickerProps) {
  useSignals();
  const language = lang.value;
  const { list: languages, failed } = useLazyList<Language>(loadLanguages);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Sorted (every name looked up) only once the list opens: until then the chips name the chosen few.
  const sorted = useMemo(() => (languages && open ? sortLanguages(languages, language) : []), [languages, language, open]);
  const shown = useMemo(() => searchLanguages(sorted, query, language), [sorted, query, language]);
  const byCode = useMemo(() => new Map((languages ?? []).map((l) => [l.code, l])), [languages]);
  const selected = new Set(value);

  useCloseOnOutside(open, root, setOpen);
  useActiveInView(listRef, active, open);

  // A pick clears the search so the next language can be typed at once (the typed text used to stay), and closes the
  // list, which covers the fields below it on a phone: a tap meant for the terms picked a language. A pick by Enter (a
  // phone keyboard's Go) too: the whole list came back over the fields, and the next tap on the terms chose "Akan".
  // Typing, or a tap on the box, opens it again.
  const toggle = (code: string) => {
    onChange(selected.has(code) ? value.filter((c) => c !== code) : [...value, code]);
    setQuery("");
    setActive(0);
    setOpen(false);
  };
  const remove = (code: string) => {
    onChange(value.filter((c) => c !== code));
    input.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!shown.length) return;
      setActive(stepActive(e.key, shown.length));
    } else if (e.key === "Enter") {
      // Enter picks the active language instead of submitting the form.
      if (open && shown[active]) {
        e.preventDefault();
        toggle(shown[active].code);
      }
    } else if (e.key === "Escape") {
      if (open) {
        stopEscape(e);
        setOpen(false);
      }
    } else if (e.key === "Backspace" && !query && value.length) {
      onChange(value.slice(0, -1));
    } else if (e.key === "Tab") {
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const optionId = (l: Language) => `${id}-opt-${l.code}`;
  const nameOf = (code: string) => {
    const l = byCode.get(code);
    return l ? languageName(l, language) : code;
  };

  return (
    <div ref={root} className={css`position: relative; display: flex; flex-direction: column; gap: 6px;`}>
      <label htmlFor={id} className={s.groupLabel}>
        {label}
      </label>
      {value.length > 0 && (
        <ul className={chips} aria-label={t("picker.languages.selected")}>
          {value.map((code) => (
            <li key={code} className={chip}>
              <span>{nameOf(code)}</span>
              <button type="button" aria-label={t("picker.languages.remove", { name: nameOf(code) })} onClick={() => remove(code)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="search"
        role="combobox"
        className={inputCss}
        placeholder={t("picker.languages.searchPlaceholder")}
        autoComplete="off"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? optionId(shown[active]) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={query}
        onFocus={() => setOpen(true)}
        // Focus gone elsewhere (the next field, the keyboard's Next): the list goes too.
        onBlur={(e) => {
          if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKey}
      />
      {open && (
        <div className={s.panel}>
          <PickerList loaded={!!languages} failed={failed} empty={!shown.length}>
            <ul ref={listRef} id={listId} role="listbox" aria-multiselectable="true" aria-label={label} className={s.list}>
              {shown.map((l, i) => (
                <li
                  key={l.code}
                  id={optionId(l)}
                  role="option"
                  aria-selected={selected.has(l.code)}
                  data-active={i === active}
                  className={s.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => toggle(l.code)}
                >
                  <span aria-hidden="true" className={check}>
                    {selected.has(l.code) ? "✓" : ""}
                  </span>
                  <span className={css`flex: 1;`}>{languageName(l, language)}</span>
                  {l.native && l.native !== languageName(l, language) && (
                    <span lang={l.code} className={css`color: var(--muted); font-size: 14px;`}>
                      {l.native}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </PickerList>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}
