// Measures D21's photo compression in real Chromium: a generated 4000×3000 phone-like photo (sky and wall gradients,
// shapes, sensor-like noise, saved as JPEG at quality 0.92 with an EXIF block carrying a GPS tag) goes through
// src/lib/image-compress.ts's compressPhoto; prints the sizes and fails when the result is not a 1600×1200 JPEG under
// 400 KB without EXIF. Chromium comes from Debian (CHROME_PATH or /usr/bin/chromium); nothing is downloaded.
//
//   node scripts/compress-photo.mjs
import { build } from "esbuild";
import { chromium } from "playwright-core";

const LIMIT = 400 * 1024;
// Peak-to-peak luminance noise in levels; 28 is a phone indoors, raise it (NOISE=80) for a harsher case.
const NOISE = Number(process.env.NOISE ?? 28);
const bundle = await build({
  entryPoints: ["src/lib/image-compress.ts"],
  bundle: true,
  write: false,
  format: "iife",
  globalName: "ImageCompress",
  target: "es2022",
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let failed = false;
try {
  const page = await browser.newPage();
  await page.setContent("<!doctype html><html><body></body></html>");
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const result = await page.evaluate(async (NOISE) => {
    const W = 4000;
    const H = 3000;
    const canvas = new OffscreenCanvas(W, H);
    const ctx = canvas.getContext("2d");
    // A room: a wall gradient, a floor, a window of sky, a cupboard, a pipe; then noise like a phone sensor's.
    const wall = ctx.createLinearGradient(0, 0, W, H);
    wall.addColorStop(0, "#d9cbb3");
    wall.addColorStop(1, "#a89478");
    ctx.fillStyle = wall;
    ctx.fillRect(0, 0, W, H);
    const sky = ctx.createLinearGradient(0, 300, 0, 1300);
    sky.addColorStop(0, "#5b8fd6");
    sky.addColorStop(1, "#cfe3f7");
    ctx.fillStyle = sky;
    ctx.fillRect(2500, 300, 1100, 1000);
    ctx.fillStyle = "#6b4a2b";
    ctx.fillRect(300, 900, 1400, 1500);
    ctx.fillStyle = "#8a8f94";
    ctx.fillRect(1900, 0, 120, H);
    ctx.fillStyle = "#7a6a58";
    ctx.fillRect(0, 2300, W, 700);
    for (let k = 0; k < 40; k++) {
      ctx.fillStyle = `hsl(${(k * 47) % 360} 30% ${30 + (k % 5) * 10}%)`;
      ctx.beginPath();
      ctx.arc((k * 997) % W, 2400 + ((k * 613) % 500), 30 + (k % 7) * 12, 0, Math.PI * 2);
      ctx.fill();
    }
    const img = ctx.getImageData(0, 0, W, H);
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
    for (let i = 0; i < img.data.length; i += 4) {
      const n = rand() * NOISE; // luminance noise, and a little colour noise
      img.data[i] += n + rand() * 6;
      img.data[i + 1] += n + rand() * 6;
      img.data[i + 2] += n + rand() * 6;
    }
    ctx.putImageData(img, 0, 0);
    const shot = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 })).arrayBuffer());
    // A phone's EXIF: IFD0 with orientation 1 and a GPS IFD pointer, spliced in after SOI.
    const exifTiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0, 0, 0, 0, 0];
    const app1Data = [...[..."Exif"].map((c) => c.charCodeAt(0)), 0, 0, ...exifTiff];
    const app1 = [0xff, 0xe1, (app1Data.length + 2) >> 8, (app1Data.length + 2) & 255, ...app1Data];
    const photo = new Uint8Array([...shot.subarray(0, 2), ...app1, ...shot.subarray(2)]);
    const file = new File([photo], "IMG_2041.JPG", { type: "image/jpeg" });

    const started = performance.now();
    const out = await ImageCompress.compressPhoto(file);
    const ms = Math.round(performance.now() - started);
    const bytes = new Uint8Array(await out.arrayBuffer());
    const bitmap = await createImageBitmap(out);
    const info = ImageCompress.readJpegInfo(bytes);
    let hasExif = false;
    for (let i = 0; i + 4 < Math.min(bytes.length, 65536); i++)
      if (bytes[i] === 0xff && bytes[i + 1] === 0xe1 && String.fromCharCode(...bytes.subarray(i + 4, i + 8)) === "Exif") hasExif = true;
    return {
      inBytes: file.size,
      outBytes: out.size,
      outType: out.type,
      outName: out.name,
      width: bitmap.width,
      height: bitmap.height,
      jpegInfo: info,
      hasExif,
      ms,
    };
  }, NOISE);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `4000×3000 photo (noise ${NOISE}): ${kb(result.inBytes)} in → ${kb(result.outBytes)} out (${result.outBytes} bytes), ${result.width}×${result.height} ${result.outType} ${result.outName}, EXIF ${result.hasExif ? "kept" : "dropped"}, ${result.ms} ms`,
  );
  const problems = [];
  if (result.outBytes >= LIMIT) problems.push(`not under ${kb(LIMIT)}`);
  if (result.width !== 1600 || result.height !== 1200) problems.push(`size ${result.width}×${result.height}, expected 1600×1200`);
  if (result.outType !== "image/jpeg") problems.push(`type ${result.outType}`);
  if (result.hasExif) problems.push("EXIF still present");
  if (problems.length) {
    failed = true;
    console.error(`FAIL: ${problems.join("; ")}`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
