import { describe, expect, it } from "vitest";
import { mediaKind, propertyFileUrl, userFileUrl } from "../../src/lib/media";

describe("mediaKind", () => {
  it("types jpeg, jpg, gif and png as images, in any case", () => {
    for (const f of ["a.jpeg", "a.jpg", "b.GIF", "c.Png", "dir/x.y.png"]) expect(mediaKind(f), f).toBe("image");
  });
  it("types mp4, mov, avi and mkv as videos", () => {
    for (const f of ["a.mp4", "a.MOV", "a.avi", "a.mkv"]) expect(mediaKind(f), f).toBe("video");
  });
  it("types anything else as neither", () => {
    for (const f of ["a.svg", "a.webp", "mp4", "a.pdf", "", "a.mp4.txt"]) expect(mediaKind(f), f).toBeNull();
    expect(mediaKind(null)).toBeNull();
  });
});

describe("file URLs", () => {
  it("puts property and user files under their hosts, encoding each segment", () => {
    expect(propertyFileUrl("demo/sink leak.png")).toBe("files/properties/demo/sink%20leak.png");
    expect(userFileUrl("/p/me.png")).toBe("files/users/p/me.png");
  });
});
