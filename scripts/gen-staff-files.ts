// Writes the demo staff avatars and company logos under server/files/users/ (D11: generated, never downloaded).
// Run: npx tsx scripts/gen-staff-files.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GULF_FIX_STAFF, SECOND_COMPANY, type SeedStaff } from "../server/db/seed/staff";

const ROOT = "server/files/users";
const PALETTE = ["#0f766e", "#1d4ed8", "#9333ea", "#b45309", "#be123c", "#15803d", "#0e7490", "#4338ca"];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => !/^al$/i.test(w))
    .map((w) => w[0])
    .slice(0, 2)
    .join("")
    .toUpperCase();

/** A 96 px round avatar: a coloured disc, a light silhouette and the person's initials. */
function avatar(name: string, seed: number) {
  const bg = PALETTE[seed % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
  <rect width="96" height="96" rx="48" fill="${bg}"/>
  <circle cx="48" cy="38" r="18" fill="#fff" fill-opacity="0.22"/>
  <path d="M16 86c4-18 17-26 32-26s28 8 32 26" fill="#fff" fill-opacity="0.22"/>
  <text x="48" y="58" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="#fff">${initials(name)}</text>
</svg>
`;
}

/** A square logo: a house with a wrench for Gulf Fix, a gear-like badge for the second company. */
function logo(label: string, colour: string, mark: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
  <rect width="120" height="120" rx="24" fill="${colour}"/>
  ${mark}
  <text x="60" y="106" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="15" font-weight="700" fill="#fff">${label}</text>
</svg>
`;
}
const HOUSE_WRENCH = `<path d="M24 58 60 26l36 32v26a4 4 0 0 1-4 4H28a4 4 0 0 1-4-4z" fill="#fff"/>
  <path d="M70 50a12 12 0 0 0-15 15L43 77l6 6 12-12a12 12 0 0 0 15-15l-7 7-6-1-1-6z" fill="#0f766e"/>`;
const BADGE = `<circle cx="60" cy="52" r="30" fill="#fff"/><circle cx="60" cy="52" r="12" fill="#1d4ed8"/>
  <path d="M60 18v12M60 74v12M26 52h12M82 52h12" stroke="#fff" stroke-width="8" stroke-linecap="round"/>`;

function write(path: string, text: string) {
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

const written = [
  write("company/gulffix-logo.svg", logo("GULF FIX", "#0f766e", HOUSE_WRENCH)),
  write(SECOND_COMPANY.logo_path, logo("MUSCAT PRO", "#1d4ed8", BADGE)),
  write("avatars/demo-manager.svg", avatar("Fatma Al Rawahi", 2)),
  write("avatars/demo-technician.svg", avatar("Ahmed Al Balushi", 5)),
  ...GULF_FIX_STAFF.filter((s): s is SeedStaff & { avatar: string } => !!s.avatar).map((s, i) => write(s.avatar, avatar(s.name, i))),
];
console.log(`wrote ${written.length} files under ${ROOT}`);
