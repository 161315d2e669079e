// English typed on the Arabic screens took the page's right-to-left direction: "Water leak (kitchen)." read
// ".Water leak (kitchen)" (walked at 360 px). A free-text field takes the direction of what was typed once there is
// text; an empty one keeps the page's side for its caret and placeholder (the report form: repair-report.test.tsx).
import { describe, expect, it } from "vitest";
import { typedDir } from "../../src/lib/typed-dir";

describe("typed text's direction", () => {
  it("is the text's own (dir=auto) once typed, and the page's while empty or blank", () => {
    expect([typedDir("Water leak (kitchen)."), typedDir("نص"), typedDir(""), typedDir("   "), typedDir(undefined), typedDir(5)]).toEqual([
      "auto",
      "auto",
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
