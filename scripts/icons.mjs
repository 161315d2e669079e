// Draws the app's icons (the header's logo: a white house with its door on the brand green, src/components/Header.tsx)
// into RGBA pixels and writes them as PNG with node:zlib, so no image tool or download is needed. The output is
// committed under public/icons/; run `node scripts/icons.mjs` again only after changing the drawing or the colour.
//   icon-192.png, icon-512.png   rounded square, transparent corners ("any" in the web app manifest)
//   icon-maskable-512.png        full bleed, the house inside the central 80 % safe zone ("maskable")
//   apple-touch-icon.png         180 px, full bleed (iOS rounds the corners itself and shows transparency as black)
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BRAND = [0x0f, 0x76, 0x6e]; // --brand in src/styles/theme.ts
const WHITE = [0xff, 0xff, 0xff];
// The logo's house on its 32-unit grid (Header.tsx's path without the 1-unit corner rounding): roof, walls, and the
// door cut out of the bottom.
const HOUSE = [
  [6, 16],
  [16, 7],
  [26, 16],
  [26, 26],
  [19, 26],
  [19, 20],
  [13, 20],
  [13, 26],
  [6, 26],
];
const SAMPLES = 4; // 4×4 samples a pixel: smooth edges

/** Even-odd point in polygon. */
function inside(poly, x, y) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** Inside a square of side 32 with corners rounded by `r` (0: a plain square). */
function inRoundedSquare(x, y, r) {
  if (x < 0 || y < 0 || x > 32 || y > 32) return false;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * RGBA pixels of one icon: `radius` rounds the green square's corners (grid units), `scale` shrinks the house about
 * the centre (the maskable icon keeps it inside the safe zone).
 */
function draw(size, { radius, scale }) {
  const house = HOUSE.map(([x, y]) => [16 + (x - 16) * scale, 16.5 + (y - 16.5) * scale]);
  const rgba = Buffer.alloc(size * size * 4);
  const unit = 32 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * unit;
          const y = (py + (sy + 0.5) / SAMPLES) * unit;
          if (!inRoundedSquare(x, y, radius)) continue;
          if (inside(house, x, y)) fg++;
          else bg++;
        }
      }
      const n = SAMPLES * SAMPLES;
      const alpha = (bg + fg) / n;
      const o = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) rgba[o + c] = alpha ? Math.round((BRAND[c] * bg + WHITE[c] * fg) / (bg + fg)) : 0;
      rgba[o + 3] = Math.round(alpha * 255);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
}

/** An 8-bit RGBA PNG of `size`×`size` pixels. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method variants, no interlace
  const rows = [];
  for (let y = 0; y < size; y++) rows.push(Buffer.from([0]), rgba.subarray(y * size * 4, (y + 1) * size * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: "icon-192.png", size: 192, radius: 7, scale: 1 },
  { file: "icon-512.png", size: 512, radius: 7, scale: 1 },
  { file: "icon-maskable-512.png", size: 512, radius: 0, scale: 0.8 },
  { file: "apple-touch-icon.png", size: 180, radius: 0, scale: 0.9 },
];

const out = new URL("../public/icons/", import.meta.url);
mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  const bytes = png(icon.size, draw(icon.size, icon));
  writeFileSync(new URL(icon.file, out), bytes);
  console.log(`public/icons/${icon.file}: ${icon.size}×${icon.size}, ${bytes.length} bytes`);
}
