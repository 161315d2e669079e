// Photos are made smaller on the phone before upload (D21): longest side 1600 px, JPEG at quality 0.75. Re-encoding
// through a canvas also drops EXIF, and with it the GPS position of the tenant's home. A video is sent as it is,
// after checking its size and length. One shared module: property photos, issue photos and comment photos use it.
import { concatBytes } from "./bytes";

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.75;
/** A JPEG this small and within MAX_SIDE is only stripped of its metadata, not re-encoded (no second loss). */
export const SMALL_JPEG_BYTES = 400 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 60;

/** A photo or video the app cannot use; `key` is a translation key of locales/forms, `params` its values. */
export class MediaError extends Error {
  constructor(
    public key: string,
    public params: Record<string, number> = {},
  ) {
    super(key);
  }
}

/** The size to draw a width × height image at: the longest side at most `max`, the aspect kept, never enlarged. */
export function targetSize(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError(`Image size must be positive, got ${width}×${height}`);
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface JpegInfo {
  width: number;
  height: number;
  /** EXIF orientation 1 to 8; 1 when the file has none. */
  orientation: number;
}

const APP1 = 0xe1; // EXIF and XMP: camera, time, GPS
const APP13 = 0xed; // Photoshop IRB / IPTC: names, places
const SOS = 0xda;
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Reads a JPEG's size and EXIF orientation from its segments; null when the bytes are not a JPEG this can walk. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let orientation = 1;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    const len = (bytes[i + 2] << 8) | bytes[i + 3];
    if (len < 2 || i + 2 + len > bytes.length) return null;
    if (marker === APP1) orientation = exifOrientation(bytes.subarray(i + 4, i + 2 + len)) ?? orientation;
    if (isSof(marker)) {
      const height = (bytes[i + 5] << 8) | bytes[i + 6];
      const width = (bytes[i + 7] << 8) | bytes[i + 8];
      return width && height ? { width, height, orientation } : null;
    }
    if (marker === SOS) return null;
    i += 2 + len;
  }
  return null;
}

function exifOrientation(seg: Uint8Array): number | null {
  // "Exif\0\0" then a TIFF header: byte order, 42, offset of IFD0; tag 0x0112 in IFD0 is the orientation.
  if (String.fromCharCode(...seg.subarray(0, 4)) !== "Exif") return null;
  const tiff = seg.subarray(6);
  const le = tiff[0] === 0x49;
  const u16 = (o: number) => (le ? tiff[o] | (tiff[o + 1] << 8) : (tiff[o] << 8) | tiff[o + 1]);
  const u32 = (o: number) => (le ? u16(o) + u16(o + 2) * 65536 : u16(o) * 65536 + u16(o + 2));
  if (tiff.length < 8 || u16(2) !== 42) return null;
  const ifd = u32(4);
  const count = ifd + 2 <= tiff.length ? u16(ifd) : 0;
  for (let k = 0; k < count; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > tiff.length) break;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : null;
    }
  }
  return null;
}

/** The JPEG without its EXIF, XMP and IPTC segments (GPS, camera, names); the picture data is untouched. */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1];
    if (marker === SOS) break;
    const len = (bytes[i + 2] << 8) | bytes[i + 3];
    if (len < 2) break;
    if (marker !== APP1 && marker !== APP13) parts.push(bytes.subarray(i, i + 2 + len));
    i += 2 + len;
  }
  parts.push(bytes.subarray(i));
  return concatBytes(parts);
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, "") || "photo"}.jpg`;
const asFile = (blob: Blob, name: string) => (typeof File === "function" ? new File([blob], name, { type: blob.type }) : blob);

type Drawable = { source: CanvasImageSource; width: number; height: number; close(): void };

async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === "function") {
    try {
      // 'from-image' applies the EXIF orientation, so a phone photo taken upright stays upright without its EXIF.
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Some browsers refuse the options bag or the format: try an <img>, which also applies orientation today.
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new MediaError("forms.media.photoUnreadable");
  }
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

async function encode(image: Drawable, width: number, height: number, quality: number): Promise<Blob> {
  const draw = (ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a PNG's clear pixels would turn black without a white ground.
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(image.source, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext("2d");
    if (ctx) {
      draw(ctx);
      return canvas.convertToBlob({ type: "image/jpeg", quality });
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new MediaError("forms.media.photoUnreadable");
  draw(ctx);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new MediaError("forms.media.photoUnreadable"))), "image/jpeg", quality),
  );
}

export interface CompressOptions {
  maxSide?: number;
  quality?: number;
}

/**
 * A photo ready to upload: a JPEG at most 1600 px on its longest side, without EXIF. A small upright JPEG that already
 * fits is only stripped of its metadata. A HEIC the browser cannot decode is returned as it is (the server takes HEIC).
 * Throws MediaError for a file that is not a readable picture.
 */
export async function compressPhoto(file: Blob, { maxSide = MAX_SIDE, quality = JPEG_QUALITY }: CompressOptions = {}): Promise<Blob> {
  const name = (file as File).name ?? "photo";
  if (file.type === "image/jpeg" && file.size <= SMALL_JPEG_BYTES) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const info = readJpegInfo(bytes);
    if (info && info.orientation === 1 && Math.max(info.width, info.height) <= maxSide)
      return asFile(new Blob([stripJpegMetadata(bytes) as BlobPart], { type: "image/jpeg" }), jpegName(name));
  }
  let image: Drawable;
  try {
    image = await decode(file);
  } catch (e) {
    if (/image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(name)) return file;
    throw e instanceof MediaError ? e : new MediaError("forms.media.photoUnreadable");
  }
  try {
    const size = targetSize(image.width, image.height, maxSide);
    return asFile(await encode(image, size.width, size.height, quality), jpegName(name));
  } finally {
    image.close();
  }
}

/** Whether a video may be sent: at most 50 MB and 60 s. Resolves with its duration; throws MediaError otherwise. */
export async function checkVideo(file: Blob, { maxBytes = VIDEO_MAX_BYTES, maxSeconds = VIDEO_MAX_SECONDS } = {}): Promise<{ duration: number }> {
  if (file.size > maxBytes) throw new MediaError("forms.media.videoTooLarge", { max: Math.round(maxBytes / (1024 * 1024)) });
  const duration = await videoDuration(file);
  if (duration > maxSeconds + 0.5) throw new MediaError("forms.media.videoTooLong", { max: maxSeconds });
  return { duration };
}

/** Reads a video's duration from its metadata with a <video> element (nothing is played or decoded beyond that). */
export function videoDuration(file: Blob, timeoutMs = 15000): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (fn: () => void) => {
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load?.();
      URL.revokeObjectURL(url);
      fn();
    };
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () =>
      done(() => (Number.isFinite(video.duration) && video.duration >= 0 ? resolve(video.duration) : reject(new MediaError("forms.media.videoUnreadable"))));
    video.onerror = () => done(() => reject(new MediaError("forms.media.videoUnreadable")));
    timer = setTimeout(() => done(() => reject(new MediaError("forms.media.videoUnreadable"))), timeoutMs);
    video.src = url;
  });
}

/** Prepares one picked file for upload: photos made smaller, videos checked and passed through untouched. */
export async function prepareMedia(file: Blob): Promise<Blob> {
  if (file.type.startsWith("video/")) {
    await checkVideo(file);
    return file;
  }
  return compressPhoto(file);
}
