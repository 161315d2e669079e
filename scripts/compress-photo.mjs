// Measures D21's photo compression in real Chromium: a generated 4000×3000 phone-like photo (sky and wall gradients,
// shapes, sensor-like noise, saved as JPEG at quality 0.92 with an EXIF block carrying a GPS tag) goes through
// src/lib/image-compress.ts's compressPhoto; prints the sizes and fails when the result is not a 1600×1200 JPEG under
// 400 KB without EXIF. Chromium comes from Debian (CHROME_PATH or /usr/bin/chromium); nothing is downloaded.
//
//   node scripts/compress-photo.mjs
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { phonePhotoInPage } from "./phone-photo.mjs";

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
  const photo64 = await page.evaluate(phonePhotoInPage, { noise: NOISE });
  const result = await page.evaluate(async (photo64) => {
    const photo = Uint8Array.from(atob(photo64), (c) => c.charCodeAt(0));
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
  }, photo64);
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
