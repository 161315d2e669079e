// Figures as the technician's reports and the company's dashboard show them (issue 12, LOOP.md section 3): tiles of a
// label and a number, hours from minutes and ratings with one decimal, digits Western in both languages (D18).
import { css } from "goober";

/** Hours from minutes with at most one decimal: 90 → "1.5", 120 → "2", 0 → "0". */
export const hoursOf = (minutes: number) => String(Math.round(minutes / 6) / 10);

/** An average rating with one decimal ("4.3"), or null when there is none. */
export const ratingOf = (average: number | null | undefined) => (average == null ? null : (Math.round(average * 10) / 10).toFixed(1));

const tilesCss = css`
  display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 10px; margin: 0;
  & div { background: var(--bg); border-radius: 10px; padding: 12px; }
  & dt { color: var(--muted); font-size: 14px; }
  & dd { margin: 0; font-size: 26px; font-weight: 700; color: var(--brand-dark); overflow-wrap: anywhere; }
  & dd.small { font-size: 16px; padding-block: 8px; }
`;

export interface Tile {
  key: string;
  label: string;
  /** The number as text; `small` for a sentence in its place ("No ratings yet"). */
  value: string;
  small?: boolean;
}

/** Label and number tiles, two or more a row (a description list: each label names its number). */
export function Tiles({ tiles, testId }: { tiles: Tile[]; testId?: string }) {
  return (
    <dl className={tilesCss} data-testid={testId}>
      {tiles.map((tile) => (
        <div key={tile.key} data-testid={`tile-${tile.key}`}>
          <dt>{tile.label}</dt>
          <dd className={tile.small ? "small" : undefined}>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
