import { css } from "goober";
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { searchPlaces } from "../api/profile";
import type { Place } from "../contract/profile";
import { t } from "../signals/language";
import { cx, errorText } from "../styles/theme";
import { IconButton } from "./ui";
import { stepActive, stopEscape, useCloseOnOutside } from "./use-listbox";

/** SPEC.md section 9: search starts at 3 characters; the suggestions dropdown is at most 15rem high. */
export const MIN_SEARCH = 3;
export const DEBOUNCE_MS = 300;

const root = css`
  position: relative; display: flex; flex-direction: column; gap: 6px;
  & > label { font-weight: 600; font-size: 14px; }
`;
const inputWrap = css`
  position: relative;
  & input {
    min-height: 48px; width: 100%; padding: 10px 12px; padding-inline-end: 48px;
    border: 1px solid var(--line); border-radius: 10px; background: #fff;
  }
  & input[aria-invalid="true"] { border-color: var(--danger); }
`;
const clearCss = css`position: absolute; top: 2px; inset-inline-end: 2px;`;
const dropdown = css`
  position: absolute; z-index: 30; top: calc(100% + 4px); inset-inline: 0;
  background: #fff; border: 1px solid var(--line); border-radius: 12px;
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.18); padding: 6px;
`;
// The list is the scrolling part, and focusable, so keyboard users can scroll it too (axe scrollable-region-focusable).
const listCss = css`list-style: none; margin: 0; padding: 0; max-height: 15rem; overflow-y: auto; border-radius: 8px;`;
const optionCss = css`
  display: flex; align-items: center; min-height: 44px; padding: 8px 10px; border-radius: 8px; cursor: pointer;
  &[aria-selected="true"] { background: var(--brand-soft); outline: 2px solid var(--brand); outline-offset: -2px; }
`;
const note = css`padding: 10px; color: var(--muted); font-size: 14px; margin: 0;`;

export interface LocationSearchProps {
  id: string;
  label: string;
  /** The text in the box: what was typed, the chosen place's address, or 'Current Location'. */
  value: string;
  /** The person typed: the text no longer names a chosen place. */
  onInput: (text: string) => void;
  onSelect: (place: Place) => void;
  onClear: () => void;
  hint?: string;
  error?: string | null;
  /** The search call (tests pass their own). */
  search?: (keyword: string, signal: AbortSignal) => Promise<Place[]>;
}

/** A place search box (ARIA combobox): debounced, from 3 characters, with a suggestions listbox and a clear button. */
export function LocationSearch({ id, label, value, onInput, onSelect, onClear, hint, error, search = searchPlaces }: LocationSearchProps) {
  useSignals();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [results, setResultsState] = useState<Place[]>([]);
  // Mirrors `results` for handlers that run before a re-render (focus right after clearing).
  const latest = useRef<Place[]>([]);
  const setResults = (places: Place[]) => {
    latest.current = places;
    setResultsState(places);
  };
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const cancel = () => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  };
  useEffect(() => cancel, []);

  // Clicking (or touching) anywhere outside closes the dropdown.
  useCloseOnOutside(open, box, setOpen);

  // Inside a scrolling dialog the suggestions can open below the fold: bring them into view.
  const dropdownRef = useRef<HTMLDivElement>(null);
  const listShown = open && results.length > 0;
  useEffect(() => {
    if (open) dropdownRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [open, listShown]);

  const schedule = (text: string) => {
    cancel();
    const keyword = text.trim();
    if (keyword.length < MIN_SEARCH) {
      setResults([]);
      setLoading(false);
      setOpen(false);
      return;
    }
    setOpen(true);
    setLoading(true);
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      inFlight.current = controller;
      try {
        const places = await search(keyword, controller.signal);
        if (controller.signal.aborted) return;
        setResults(places);
        setActive(-1);
        setLoading(false);
      } catch (e) {
        if (controller.signal.aborted) return;
        // SPEC.md section 8: a failed place search is only logged.
        console.error("place search failed", e);
        setResults([]);
        setLoading(false);
        setOpen(false);
      }
    }, DEBOUNCE_MS);
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    onInput(e.target.value);
    schedule(e.target.value);
  };

  const choose = (place: Place) => {
    cancel();
    onSelect(place);
    setResults([]);
    setLoading(false);
    setOpen(false);
  };

  const clear = () => {
    cancel();
    setResults([]);
    setLoading(false);
    setOpen(false);
    onClear();
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!results.length) return;
      e.preventDefault();
      setOpen(true);
      setActive(stepActive(e.key, results.length));
    } else if (e.key === "Enter") {
      // Enter picks the highlighted place instead of submitting the form.
      if (open && results[active]) {
        e.preventDefault();
        choose(results[active]);
      }
    } else if (e.key === "Escape" && open) {
      // Close only the dropdown, not the dialog around it.
      stopEscape(e);
      setOpen(false);
      if (e.currentTarget !== input.current) input.current?.focus();
    }
  };

  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const showList = open && !loading && results.length > 0;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div ref={box} className={root}>
      <label htmlFor={id}>{label}</label>
      <div className={inputWrap}>
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t("verify.searchPlaceholder")}
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onFocus={() => latest.current.length > 0 && setOpen(true)}
        />
        {value && (
          <IconButton label={t("verify.clear")} className={clearCss} onClick={clear}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </IconButton>
        )}
        {open && (
          <div ref={dropdownRef} className={dropdown} data-testid="place-dropdown">
            {loading && (
              <p role="status" className={note}>
                {t("common.loading")}
              </p>
            )}
            {!loading && results.length === 0 && (
              <p role="status" className={note}>
                {t("verify.noPlaces")}
              </p>
            )}
            {showList && (
              <ul
                id={listId}
                role="listbox"
                aria-label={t("verify.places")}
                tabIndex={0}
                aria-activedescendant={active >= 0 ? optionId(active) : undefined}
                className={listCss}
                onKeyDown={onKeyDown}
              >
                {results.map((place, i) => (
                  <li
                    key={`${place.formatted_address}-${i}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={optionCss}
                    // Keep focus in the box so a tap chooses before anything blurs.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(place)}
                  >
                    {place.formatted_address}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {hint && (
        <span id={`${id}-hint`} className={css`font-size: 13px; color: var(--muted);`}>
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className={cx(errorText)}>
          {error}
        </p>
      )}
    </div>
  );
}
