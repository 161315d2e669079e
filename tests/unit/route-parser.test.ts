import { parse } from "regexparam";
import { describe, expect, it } from "vitest";
import { routeParser } from "../../src/lib/route-parser";

describe("the router's pattern parser (src/lib/route-parser.ts)", () => {
  it("parses a pattern once and gives the same expression at every render, matching as wouter's own", () => {
    const first = routeParser("/property/open-issues/:id");
    expect(routeParser("/property/open-issues/:id")).toBe(first);
    expect(first).toEqual(parse("/property/open-issues/:id"));
    expect(first.pattern.exec("/property/open-issues/7")?.[1]).toBe("7");
    // The expression keeps no state between matches (no `g` flag): the same path matches twice running.
    expect(first.pattern.exec("/property/open-issues/7")).not.toBeNull();
    expect(first.pattern.exec("/property/open-issues")).toBeNull();
  });

  it("keeps a loose (nested) pattern apart from the strict one", () => {
    const loose = routeParser("/repair", true);
    const strict = routeParser("/repair");
    expect(loose).not.toBe(strict);
    expect(loose.pattern.exec("/repair/5")).not.toBeNull();
    expect(strict.pattern.exec("/repair/5")).toBeNull();
    expect(routeParser("/repair", true)).toBe(loose);
  });
});
