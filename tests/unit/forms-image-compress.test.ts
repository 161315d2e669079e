import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_SIDE, MediaError, checkVideo, compressPhoto, prepareMedia, readJpegInfo, stripJpegMetadata, targetSize } from "../../src/lib/image-compress";

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const seg = (marker: number, data: number[]) => [0xff, marker, ((data.length + 2) >> 8) & 255, (data.length + 2) & 255, ...data];
/** EXIF APP1 with IFD0 holding the orientation and a GPS-looking tag, little- or big-endian. */
function exif(orientation: number, le = true) {
  const u16 = (n: number) => (le ? [n & 255, n >> 8] : [n >> 8, n & 255]);
  const u32 = (n: number) => (le ? [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24] : [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
  const tiff = [
    ...(le ? ascii("II") : ascii("MM")),
    ...u16(42),
    ...u32(8),
    ...u16(2),
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u16(0x8825),
    ...u16(4),
    ...u32(1),
    ...u32(99), // GPS IFD pointer
    ...u32(0),
  ];
  return seg(0xe1, [...ascii("Exif"), 0, 0, ...tiff]);
}
/** A JPEG's segments: SOI, JFIF, optional EXIF, SOF0 with its size, SOS and some "scan" bytes, EOI. */
function jpeg({ width = 1200, height = 900, orientation }: { width?: number; height?: number; orientation?: number } = {}) {
  return new Uint8Array([
    0xff,
    0xd8,
    ...seg(0xe0, [...ascii("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...(orientation ? exif(orientation) : []),
    ...seg(0xed, [...ascii("Photoshop 3.0"), 0, 1, 2, 3]),
    ...seg(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]),
    ...seg(0xda, [1, 1, 0, 0, 63, 0]),
    0x12,
    0x34,
    0x56,
    0xff,
    0x00,
    0x78,
    0xff,
    0xd9,
  ]);
}
const has = (bytes: Uint8Array, marker: number) => {
  for (let i = 2; i + 3 < bytes.length; ) {
    if (bytes[i + 1] === marker) return true;
    if (bytes[i + 1] === 0xda) return false;
    i += 2 + ((bytes[i + 2] << 8) | bytes[i + 3]);
  }
  return false;
};

describe("photo size math", () => {
  it("brings a 4000×3000 photo to 1600×1200", () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
  });
  it("brings a portrait 3024×4032 photo to 1200×1600", () => {
    expect(targetSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });
  it("never enlarges a small picture", () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(targetSize(MAX_SIDE, 10)).toEqual({ width: MAX_SIDE, height: 10 });
  });
  it("keeps at least one pixel on a very thin panorama", () => {
    expect(targetSize(20000, 3)).toEqual({ width: 1600, height: 1 });
  });
  it("takes another limit", () => {
    expect(targetSize(1000, 500, 400)).toEqual({ width: 400, height: 200 });
  });
  it("refuses an empty size", () => {
    expect(() => targetSize(0, 100)).toThrow(RangeError);
    expect(() => targetSize(Number.NaN, 100)).toThrow(RangeError);
  });
});

describe("JPEG metadata", () => {
  it("reads the size and EXIF orientation, little- and big-endian", () => {
    expect(readJpegInfo(jpeg({ width: 4032, height: 3024, orientation: 6 }))).toEqual({ width: 4032, height: 3024, orientation: 6 });
    expect(readJpegInfo(jpeg())).toEqual({ width: 1200, height: 900, orientation: 1 });
    const be = jpeg();
    const withBe = new Uint8Array([...be.subarray(0, 20), ...exif(3, false), ...be.subarray(20)]);
    expect(readJpegInfo(withBe)?.orientation).toBe(3);
    expect(readJpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  it("strips EXIF and IPTC but keeps JFIF, the frame and the scan bytes", () => {
    const original = jpeg({ orientation: 1 });
    const stripped = stripJpegMetadata(original);
    expect(has(original, 0xe1)).toBe(true);
    expect(has(stripped, 0xe1)).toBe(false);
    expect(has(stripped, 0xed)).toBe(false);
    expect(has(stripped, 0xe0)).toBe(true);
    expect(readJpegInfo(stripped)).toEqual({ width: 1200, height: 900, orientation: 1 });
    expect([...stripped.subarray(-8)]).toEqual([...original.subarray(-8)]);
  });

  it("only strips a small upright JPEG that already fits, renamed .jpg", async () => {
    const file = new File([jpeg({ width: 1000, height: 750, orientation: 1 }) as BlobPart], "IMG_0001.JPEG", { type: "image/jpeg" });
    const out = await compressPhoto(file);
    const bytes = new Uint8Array(await out.arrayBuffer());
    expect(out.type).toBe("image/jpeg");
    expect((out as File).name).toBe("IMG_0001.jpg");
    expect(has(bytes, 0xe1)).toBe(false);
    expect(bytes.length).toBe(file.size - exif(1).length - seg(0xed, [...ascii("Photoshop 3.0"), 0, 1, 2, 3]).length);
  });
});

/** Answers the next <video> the module makes with this duration (or an error), as a browser reading metadata would. */
const realCreateElement = document.createElement;
function nextVideo(answer: number | "error") {
  const make = (tag: string, opts?: ElementCreationOptions) => realCreateElement.call(document, tag, opts);
  vi.spyOn(document, "createElement").mockImplementation(((tag: string, opts?: ElementCreationOptions) => {
    const el = make(tag, opts);
    if (tag === "video") {
      if (answer !== "error") Object.defineProperty(el, "duration", { value: answer });
      setTimeout(() => el.dispatchEvent(new Event(answer === "error" ? "error" : "loadedmetadata")), 5);
    }
    return el;
  }) as typeof document.createElement);
}
const clip = () => new File([new Uint8Array(2048)], "clip.mp4", { type: "video/mp4" });

describe("videos", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes a 45 s video through untouched", async () => {
    nextVideo(45);
    const file = clip();
    expect(await checkVideo(file)).toEqual({ duration: 45 });
    nextVideo(45);
    expect(await prepareMedia(file)).toBe(file);
  });

  it("refuses a video longer than 60 s", async () => {
    nextVideo(75.2);
    await expect(checkVideo(clip())).rejects.toMatchObject({ key: "forms.media.videoTooLong", params: { max: 60 } });
  });

  it("refuses a video whose metadata cannot be read", async () => {
    nextVideo("error");
    await expect(checkVideo(clip())).rejects.toMatchObject({ key: "forms.media.videoUnreadable" });
    nextVideo(Number.POSITIVE_INFINITY);
    await expect(checkVideo(clip())).rejects.toMatchObject({ key: "forms.media.videoUnreadable" });
  });

  it("refuses a video over 50 MB before reading it", async () => {
    const big = new Blob([new Uint8Array(1024)], { type: "video/mp4" });
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 + 1 });
    const err = await checkVideo(big).catch((e) => e);
    expect(err).toBeInstanceOf(MediaError);
    expect(err.key).toBe("forms.media.videoTooLarge");
    expect(err.params).toEqual({ max: 50 });
    await expect(prepareMedia(big)).rejects.toMatchObject({ key: "forms.media.videoTooLarge" });
  });
});
