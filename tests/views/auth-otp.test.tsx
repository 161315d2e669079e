import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { OtpInput } from "../../src/components/OtpInput";

let latest = "";
function Harness({ initial = "" }: { initial?: string }) {
  const [code, setCode] = useState(initial);
  latest = code;
  return <OtpInput value={code} onChange={setCode} />;
}
const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join("|");

describe("the six code boxes", () => {
  it("are six numeric one-character boxes for one-time codes, each labelled", () => {
    render(<Harness />);
    for (let n = 1; n <= 6; n++) {
      const el = box(n);
      expect(el.getAttribute("inputmode")).toBe("numeric");
      expect(el.maxLength).toBe(1);
      expect(el.getAttribute("autocomplete")).toBe("one-time-code");
    }
    expect(screen.getByRole("group", { name: "Verification code" })).toBeTruthy();
  });

  it("typing a digit fills the box and moves focus to the next", () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: "4" } });
    expect(box(1).value).toBe("4");
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: "2" } });
    expect(document.activeElement).toBe(box(3));
    expect(latest).toBe("42");
  });

  it("a digit key replaces a filled box's digit and moves on, even typed faster than a re-render", () => {
    render(<Harness initial="000000" />);
    box(1).focus();
    for (const key of "9876") fireEvent.keyDown(document.activeElement as Element, { key });
    expect(values()).toBe("9|8|7|6|0|0");
    expect(document.activeElement).toBe(box(5));
  });

  it("takes an Arabic keyboard's digits as 0-9: typed one by one, by key, or pasted whole", () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: "١" } });
    fireEvent.keyDown(document.activeElement as Element, { key: "٢" });
    expect(values()).toBe("1|2||||");
    expect(document.activeElement).toBe(box(3));
    fireEvent.paste(box(3), { clipboardData: { getData: () => "٣٤٥٦٧٨" } });
    expect(latest).toBe("345678");
  });

  it("ignores letters", () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: "a" } });
    expect(box(1).value).toBe("");
    expect(document.activeElement).toBe(box(1));
    expect(latest).toBe("");
  });

  it("deleting a digit moves focus to the previous box", () => {
    render(<Harness initial="123" />);
    box(3).focus();
    fireEvent.change(box(3), { target: { value: "" } });
    expect(box(3).value).toBe("");
    expect(document.activeElement).toBe(box(2));
    expect(latest).toBe("12");
  });

  it("Backspace in an empty box moves back and clears the previous digit", () => {
    render(<Harness initial="12" />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(document.activeElement).toBe(box(2));
    expect(box(2).value).toBe("");
    expect(latest).toBe("1");
  });

  it("Backspace in the first box stays there", () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.keyDown(box(1), { key: "Backspace" });
    expect(document.activeElement).toBe(box(1));
  });

  it("pasting six digits into any box fills all six", () => {
    render(<Harness />);
    box(3).focus();
    fireEvent.paste(box(3), { clipboardData: { getData: () => " 987 654 " } });
    expect(values()).toBe("9|8|7|6|5|4");
    expect(latest).toBe("987654");
    expect(document.activeElement).toBe(box(6));
  });

  it("a browser autofill of the whole code into the first box fills all six", () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: "135790" } });
    expect(values()).toBe("1|3|5|7|9|0");
  });

  it("pasting fewer digits fills from the box pasted into", () => {
    render(<Harness initial="1" />);
    box(2).focus();
    fireEvent.paste(box(2), { clipboardData: { getData: () => "23" } });
    expect(values()).toBe("1|2|3|||");
    expect(document.activeElement).toBe(box(4));
  });
});
