import { css } from "goober";
import { useSignals } from "@preact/signals-react/runtime";
import { SKILLS, skillName } from "../data/skills";
import { lang } from "../signals/language";
import { cx, errorText } from "../styles/theme";
import { pickerStyles } from "./DialCodePicker";

const box = css`
  max-height: 10rem; overflow-y: auto; display: flex; flex-wrap: wrap; gap: 8px; padding: 8px;
  border: 1px solid var(--line); border-radius: 10px; background: #fff;
  &[data-invalid="true"] { border-color: var(--danger); }
`;
const chip = css`
  min-height: 44px; padding: 6px 12px; border-radius: 999px; border: 1px solid var(--line); background: #fff;
  color: var(--ink); cursor: pointer; font-size: 14px;
  &[aria-pressed="true"] { background: var(--brand); border-color: var(--brand); color: #fff; font-weight: 600; }
`;

export interface SkillsPickerProps {
  id: string;
  label: string;
  /** Selected skill ids. */
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | null;
}

/** The 33 skills as toggle buttons in a 10rem scrollable box (SPEC.md sections 2 and 9), named in the UI language. */
export function SkillsPicker({ id, label, value, onChange, error }: SkillsPickerProps) {
  useSignals();
  const language = lang.value;
  const selected = new Set(value);
  const toggle = (skillId: number) => onChange(selected.has(skillId) ? value.filter((v) => v !== skillId) : [...value, skillId].sort((a, b) => a - b));
  return (
    <fieldset
      id={id}
      aria-describedby={error ? `${id}-error` : undefined}
      className={css`border: 0; padding: 0; margin: 0; min-width: 0; display: flex; flex-direction: column; gap: 6px;`}
    >
      <legend className={cx(pickerStyles.groupLabel, css`padding: 0; margin-bottom: 6px;`)}>{label}</legend>
      <div className={box} data-invalid={error ? true : undefined}>
        {SKILLS.map((skill) => (
          <button key={skill.id} type="button" className={chip} aria-pressed={selected.has(skill.id)} onClick={() => toggle(skill.id)}>
            {selected.has(skill.id) && <span aria-hidden="true">✓ </span>}
            {skillName(skill, language)}
          </button>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
