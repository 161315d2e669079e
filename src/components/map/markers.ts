// The drawn markers of the issue maps (issue 17): HTML for Leaflet's divIcon, so no marker image is fetched from
// anywhere the CSP does not allow. Each marker names itself in words (a hidden label), never by colour alone.
import { STAGE_COLOURS, isStage } from "../repair/StageBadge";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fill of a stage's marker: the dark colour of its badge, which white numbers read on (contrast at least 4.5:1). */
export function stageColour(stage: string | null | undefined, status = 0): string {
  if (isStage(stage)) return STAGE_COLOURS[stage].fg;
  return status === 1 ? STAGE_COLOURS.closed.fg : STAGE_COLOURS.reported.fg;
}

/** A round marker in the stage's colour, numbered in visit order when `n` is given; `label` is what a screen reader says. */
export function stopHtml(n: number | null, colour: string, label: string, selected = false) {
  const number = n == null ? "" : String(n);
  return `<span class="map-stop${selected ? " selected" : ""}" style="background:${colour}" data-n="${number}" aria-hidden="true">${number}</span><span class="sr-only">${escapeHtml(label)}</span>`;
}

/** A technician: a square marker with a person, told apart from the round issue markers by its shape too. */
export function techHtml(label: string, off: boolean) {
  return `<span class="map-tech${off ? " off" : ""}" aria-hidden="true"><svg width="18" height="18" viewBox="0 0 24 24"><circle cx="12" cy="8" r="4.2" fill="currentColor"/><path d="M3.5 21c.8-4.6 4.2-7 8.5-7s7.7 2.4 8.5 7z" fill="currentColor"/></svg></span><span class="sr-only">${escapeHtml(label)}</span>`;
}

/** A cluster of close issues: its count, and the words a screen reader says ("5 repairs here, zoom in"). */
export function clusterHtml(count: number, label: string) {
  return `<span class="map-cluster" aria-hidden="true">${count}</span><span class="sr-only">${escapeHtml(label)}</span>`;
}
