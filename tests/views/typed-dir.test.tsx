// English typed on the Arabic screens took the page's right-to-left direction: "Water leak (kitchen)." read
// ".Water leak (kitchen)" (walked at 360 px). A free-text field takes the direction of what was typed once there is
// text; an empty one keeps the page's side for its caret and placeholder (the report form: repair-report.test.tsx).
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TextField } from "../../src/components/ui";
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

  // Names were typed in the page's direction: an English name on the Arabic screens read "(Ali K." for "Ali K.)", an
  // email's "@" jumped to the wrong end while typed. TextField gives its text, search and email inputs the typed
  // direction; what carries its own (a date, a number, a phone, a passed dir) keeps it.
  it("is given by TextField to what is typed in a text, search or email field, and to nothing else", () => {
    const field = (id: string, props: Parameters<typeof TextField>[0] extends infer P ? Partial<P> : never) =>
      render(<TextField id={id} label={id} onChange={() => undefined} {...props} />);
    field("name", { value: "علي" });
    field("plain", { type: "text", value: "Ali K." });
    field("search", { type: "search", value: "Muscat" });
    field("email", { type: "email", value: "ali@demo.om" });
    field("empty", { value: "" });
    field("date", { type: "date", value: "2026-11-29" });
    field("number", { type: "number", value: "12" });
    field("tel", { type: "tel", value: "91234567" });
    field("passed", { value: "CR-1234", dir: "ltr" });
    const dirOf = (id: string) => screen.getByLabelText(id).getAttribute("dir");
    expect(["name", "plain", "search", "email", "empty", "date", "number", "tel", "passed"].map(dirOf)).toEqual([
      "auto",
      "auto",
      "auto",
      "auto",
      null,
      null,
      null,
      null,
      "ltr",
    ]);
  });

  // Walked: a unit's name pasted past its 20 letters was cut mid-word ("الفيلا الرئيسية الفي") without a word; the
  // report's title said so, the other boxes did not.
  it("says once a box with a maximum is full, in place of its hint, and not before", () => {
    const { rerender } = render(<TextField id="unit" label="Unit" hint="Like A-1" maxLength={20} value="الفيلا الرئيسية" onChange={() => undefined} />);
    const box = screen.getByLabelText("Unit");
    expect(document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Like A-1");
    rerender(<TextField id="unit" label="Unit" hint="Like A-1" maxLength={20} value="الفيلا الرئيسية الفي" onChange={() => undefined} />);
    expect(document.getElementById(box.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "This box is full: it takes at most 20 characters, and anything longer is cut.",
    );
  });
});
