import { css } from "goober";
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { type Country, countryForDial, countryName, loadCountries, searchCountries, sortCountries } from "../data/countries";
import { useAfterFirstScreen } from "./AfterFirstScreen";
import { lang, t } from "../signals/language";
import { cx, errorText } from "../styles/theme";
import { stepActive, stopEscape, useActiveInView, useCloseOnOutside, useLazyList } from "./use-listbox";

/** Styles shared with LanguagesPicker (dropdown panel, search box, options). */
export const pickerStyles = {
  panel: css`
  position: absolute; z-index: 30; top: calc(100% + 4px); inset-inline-start: 0;
  /* Clear of the screen edge by 32 px a side: a picker inside a card (the tenant form) starts 32 px in, and 100vw - 32
     ran 1 px past the screen (and flush to the edge in Arabic). */
  width: max(100%, min(calc(100vw - 64px), 360px));
  background: #fff; border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 10px 30px rgba(15, 23, 42, 0.18);
  padding: 8px; display: flex; flex-direction: column; gap: 6px;
`,
  search: css`
  min-height: 44px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 10px; width: 100%;
`,
  list: css`
  list-style: none; margin: 0; padding: 0; max-height: 15rem; overflow-y: auto;
`,
  option: css`
  display: flex; align-items: center; gap: 10px; min-height: 44px; padding: 8px 10px; border-radius: 8px; cursor: pointer;
  &[aria-selected="true"] { background: var(--brand-soft); font-weight: 600; }
  &[data-active="true"] { outline: 2px solid var(--brand); outline-offset: -2px; }
`,
  empty: css`padding: 10px; color: var(--muted); font-size: 14px;`,
  groupLabel: css`font-weight: 600; font-size: 14px;`,
};
const s = pickerStyles;

/** The list part of a picker's panel: 'Loading...' until loaded, the load failure, or the options and 'No matches'. */
export function PickerList({ loaded, failed, empty, children }: { loaded: boolean; failed: boolean; empty: boolean; children: ReactNode }) {
  useSignals();
  return (
    <>
      {!loaded && !failed && <p className={s.empty}>{t("common.loading")}</p>}
      {failed && <p className={s.empty}>{t("picker.loadFailed")}</p>}
      {loaded && children}
      {loaded && empty && (
        <p className={s.empty} role="status">
          {t("picker.noMatches")}
        </p>
      )}
    </>
  );
}

const trigger = css`
  display: inline-flex; align-items: center; gap: 6px; min-height: 48px; padding: 8px 10px; width: 100%;
  border: 1px solid var(--line); border-radius: 10px; background: #fff; cursor: pointer; white-space: nowrap;
  &[aria-invalid="true"] { border-color: var(--danger); }
  & .dial { direction: ltr; unicode-bidi: isolate; font-weight: 600; }
  & .caret { margin-inline-start: auto; color: var(--muted); }
`;

export interface DialCodePickerProps {
  id: string;
  label: string;
  /** A dial code like "+968". */
  value: string;
  onChange: (dialCode: string) => void;
  error?: string | null;
}

/** A button showing flag and dial code that opens a searchable list of the countries (D12, loaded lazily). */
export function DialCodePicker({ id, label, value, onChange, error }: DialCodePickerProps) {
  useSignals();
  const language = lang.value;
  const { list: countries, failed } = useLazyList<Country>(loadCountries);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  // The country last chosen here, so "+1" keeps showing Canada once Canada was picked.
  const [chosenIso, setChosenIso] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Sorted (every name looked up) only once the list opens: the button needs the current country alone.
  const sorted = useMemo(() => (countries && open ? sortCountries(countries, language) : []), [countries, language, open]);
  const shown = useMemo(() => searchCountries(sorted, query), [sorted, query]);
  const current = countries ? countryForDial(countries, value, chosenIso) : undefined;

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useCloseOnOutside(open, root, setOpen);
  useActiveInView(listRef, active, open);

  const openList = () => {
    setQuery("");
    const index = current && countries ? sortCountries(countries, language).indexOf(current) : -1;
    setActive(Math.max(0, index));
    setOpen(true);
  };
  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const choose = (c: Country) => {
    setChosenIso(c.iso);
    const dial = c.dials.includes(value) ? value : c.dials[0];
    onChange(dial);
    close();
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!shown.length) return;
      setActive(stepActive(e.key, shown.length));
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      setActive(e.key === "Home" ? 0 : Math.max(0, shown.length - 1));
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (shown[active]) choose(shown[active]);
    } else if (e.key === "Escape") {
      // Not the verify-info modal around the picker as well.
      stopEscape(e);
      close();
    } else if (e.key === "Tab") {
      close(false);
    }
  };

  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (c: Country) => `${id}-opt-${c.iso}`;
  // The country's name is for screen readers only: looked up once the browser is idle, as its first lookup loads the
  // browser's names of every region (about 50 ms of a cheap phone's first render, issue 16).
  const named = useAfterFirstScreen();
  const selectedName = current && (named || open) ? countryName(current, language) : "";

  return (
    <div ref={root} className={css`position: relative; display: flex; flex-direction: column; gap: 6px;`}>
      <span id={labelId} className={s.groupLabel}>
        {label}
      </span>
      <button
        ref={button}
        id={id}
        type="button"
        className={trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${id}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => (open ? close() : openList())}
      >
        <span aria-hidden="true">{current?.flag ?? "🌐"}</span>
        <span className="sr-only">{selectedName}</span>
        <span className="dial">{value || t("picker.dial.none")}</span>
        <svg className="caret" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className={s.panel}>
          <input
            ref={input}
            type="search"
            className={s.search}
            role="combobox"
            aria-label={t("picker.dial.search")}
            placeholder={t("picker.dial.searchPlaceholder")}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? optionId(shown[active]) : undefined}
            autoComplete="off"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKey}
          />
          <PickerList loaded={!!countries} failed={failed} empty={!shown.length}>
            <ul ref={listRef} id={listId} role="listbox" aria-label={t("picker.dial.list")} className={s.list}>
              {shown.map((c, i) => (
                <li
                  key={c.iso}
                  id={optionId(c)}
                  role="option"
                  aria-selected={c === current}
                  data-active={i === active}
                  className={s.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(c)}
                >
                  <span aria-hidden="true">{c.flag}</span>
                  <span className={css`flex: 1;`}>{countryName(c, language)}</span>
                  <span className={css`direction: ltr; unicode-bidi: isolate; color: var(--muted);`}>{c.dials[0]}</span>
                </li>
              ))}
            </ul>
          </PickerList>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={cx(errorText)}>
          {error}
        </p>
      )}
    </div>
  );
}
