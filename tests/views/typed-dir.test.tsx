// English typed on the Arabic screens took the page's right-to-left direction: "Water leak (kitchen)." read
// ".Water leak (kitchen)" (walked at 360 px). A free-text field takes the direction of what was typed once there is
// text; an empty one keeps the page's side for its caret and placeholder.
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { TextField, typedDir } from "../../src/components/ui";

function Controlled({ type }: { type?: string }) {
  const [value, setValue] = useState("");
  return <TextField id="f" label="Field" type={type} value={value} onChange={(e) => setValue(e.currentTarget.value)} />;
}

describe("typed text's direction", () => {
  it("is the text's own (dir=auto) once typed in a free-text field, and the page's while empty", () => {
    render(<Controlled />);
    const input = screen.getByLabelText<HTMLInputElement>("Field");
    expect(input.hasAttribute("dir")).toBe(false);
    fireEvent.change(input, { target: { value: "Water leak (kitchen)." } });
    expect(input.getAttribute("dir")).toBe("auto");
    fireEvent.change(input, { target: { value: "   " } });
    expect(input.hasAttribute("dir")).toBe(false);
  });

  it("leaves numbers, emails and passwords to their own rules", () => {
    for (const type of ["tel", "email", "password"]) {
      const view = render(<Controlled type={type} />);
      const input = screen.getByLabelText<HTMLInputElement>("Field");
      fireEvent.change(input, { target: { value: "abc" } });
      expect(input.hasAttribute("dir")).toBe(false);
      view.unmount();
    }
    expect([typedDir("نص"), typedDir(""), typedDir(undefined), typedDir(5)]).toEqual(["auto", undefined, undefined, undefined]);
  });
});
