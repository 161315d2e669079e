// A phone-like photo made in the browser (never downloaded), for the measuring scripts: a 4000×3000 (12 megapixel)
// room (wall and sky gradients, shapes, sensor-like noise) saved as JPEG at quality 0.92, with an EXIF block carrying a
// GPS tag spliced in after SOI, as a camera writes it. Pass `phonePhotoInPage` to page.evaluate with the noise level;
// it answers the file's bytes as base64.

/** Runs inside the page: returns the JPEG's bytes as base64. `noise` is the peak-to-peak luminance noise in levels. */
export async function phonePhotoInPage({ noise = 28, hue = 0 } = {}) {
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
    ctx.fillStyle = `hsl(${(k * 47 + hue) % 360} 30% ${30 + (k % 5) * 10}%)`;
    ctx.beginPath();
    ctx.arc((k * 997) % W, 2400 + ((k * 613) % 500), 30 + (k % 7) * 12, 0, Math.PI * 2);
    ctx.fill();
  }
  const img = ctx.getImageData(0, 0, W, H);
  let seed = 42 + hue;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
  for (let i = 0; i < img.data.length; i += 4) {
    const n = rand() * noise; // luminance noise, and a little colour noise
    img.data[i] += n + rand() * 6;
    img.data[i + 1] += n + rand() * 6;
    img.data[i + 2] += n + rand() * 6;
  }
  ctx.putImageData(img, 0, 0);
  const shot = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 })).arrayBuffer());
  // A phone's EXIF: IFD0 with orientation 1 and a GPS IFD pointer.
  const exifTiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0, 0, 0, 0, 0];
  const app1Data = [...[..."Exif"].map((c) => c.charCodeAt(0)), 0, 0, ...exifTiff];
  const app1 = [0xff, 0xe1, (app1Data.length + 2) >> 8, (app1Data.length + 2) & 255, ...app1Data];
  const photo = new Uint8Array([...shot.subarray(0, 2), ...app1, ...shot.subarray(2)]);
  let s = "";
  for (let i = 0; i < photo.length; i += 0x8000) s += String.fromCharCode(...photo.subarray(i, i + 0x8000));
  return btoa(s);
}
