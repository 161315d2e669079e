import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DialCodePicker } from "../../src/components/DialCodePicker";
import { LanguagesPicker } from "../../src/components/LanguagesPicker";
import { SkillsPicker } from "../../src/components/SkillsPicker";
import { TermsModal } from "../../src/components/TermsModal";
import { lang } from "../../src/signals/language";

function Dial({ initial = "+968", spy = (_: string) => {} }) {
  const [v, setV] = useState(initial);
  return (
    <DialCodePicker
      id="dial"
      label="Code"
      value={v}
      onChange={(d) => {
        spy(d);
        setV(d);
      }}
    />
  );
}

async function openDial(search = "Search countries") {
  const button = screen.getByRole("button", { name: /Code/ });
  fireEvent.click(button);
  await screen.findByRole("listbox");
  return screen.getByRole("combobox", { name: search });
}

describe("DialCodePicker", () => {
  it("shows Oman's flag and +968 by default and names the country for screen readers, once the browser is idle", async () => {
    render(<Dial />);
    const button = screen.getByRole("button", { name: /Code/ });
    expect(button.textContent).toContain("+968");
    await waitFor(() => expect(button.textContent).toContain("🇴🇲"));
    expect(button.getAttribute("aria-expanded")).toBe("false");
    // Named once the browser is idle (the first name looked up loads the browser's names of every region).
    await waitFor(() => expect(button.textContent).toContain("Oman"));
  });

  it("lists all 252 countries and picks one by clicking", async () => {
    const spy = vi.fn();
    render(<Dial spy={spy} />);
    await openDial();
    expect(screen.getAllByRole("option")).toHaveLength(252);
    fireEvent.click(screen.getByRole("option", { name: /United Arab Emirates/ }));
    expect(spy).toHaveBeenCalledWith("+971");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("button", { name: /Code/ }).textContent).toContain("+971");
  });

  it("searches by English name, Arabic name, ISO code and dial code", async () => {
    render(<Dial />);
    const search = await openDial();
    const names = () => screen.queryAllByRole("option").map((o) => o.textContent);
    fireEvent.change(search, { target: { value: "qata" } });
    expect(names()).toEqual([expect.stringContaining("Qatar")]);
    fireEvent.change(search, { target: { value: "عمان" } });
    expect(names()).toEqual([expect.stringContaining("Oman")]);
    fireEvent.change(search, { target: { value: "kw" } });
    expect(names().some((n) => n?.includes("Kuwait"))).toBe(true);
    fireEvent.change(search, { target: { value: "+973" } });
    expect(names()).toEqual([expect.stringContaining("Bahrain")]);
    fireEvent.change(search, { target: { value: "zzzz" } });
    expect(names()).toEqual([]);
    expect(screen.getByText("No matches")).toBeTruthy();
  });

  it("is keyboard operable: arrows move, Enter picks, Escape closes without choosing", async () => {
    const spy = vi.fn();
    render(<Dial spy={spy} />);
    let search = await openDial();
    fireEvent.change(search, { target: { value: "saudi" } });
    fireEvent.keyDown(search, { key: "Enter" });
    expect(spy).toHaveBeenLastCalledWith("+966");
    search = await openDial();
    fireEvent.keyDown(search, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(spy).toHaveBeenCalledTimes(1);
    search = await openDial();
    // The list opens on the current country; ArrowDown moves to the next one in the list.
    const activeBefore = search.getAttribute("aria-activedescendant");
    expect(activeBefore).toBe("dial-opt-SA");
    fireEvent.keyDown(search, { key: "ArrowDown" });
    expect(search.getAttribute("aria-activedescendant")).not.toBe(activeBefore);
  });

  it("names countries in Arabic when the app is in Arabic", async () => {
    act(() => void (lang.value = "ar"));
    try {
      render(<Dial />);
      const search = await openDial("ابحث عن دولة");
      expect(screen.getByRole("option", { selected: true }).textContent).toContain("عُمان");
      fireEvent.change(search, { target: { value: "Emirates" } });
      expect(screen.getByRole("option").textContent).toContain("الإمارات");
    } finally {
      act(() => void (lang.value = "en"));
    }
  });
});

describe("SkillsPicker", () => {
  function Skills({ spy = (_: number[]) => {} }) {
    const [v, setV] = useState<number[]>([]);
    return (
      <SkillsPicker
        id="skills"
        label="Skills"
        value={v}
        onChange={(ids) => {
          spy(ids);
          setV(ids);
        }}
      />
    );
  }
  it("toggles skills on and off with pressed states, in a 10rem scrollable group", () => {
    const spy = vi.fn();
    render(<Skills spy={spy} />);
    const group = screen.getByRole("group", { name: "Skills" });
    expect(within(group).getAllByRole("button")).toHaveLength(33);
    const plumbing = screen.getByRole("button", { name: "Plumbing" });
    fireEvent.click(screen.getByRole("button", { name: "HVAC" }));
    fireEvent.click(plumbing);
    expect(spy).toHaveBeenLastCalledWith([1, 3]);
    expect(plumbing.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(plumbing);
    expect(spy).toHaveBeenLastCalledWith([3]);
    expect(plumbing.getAttribute("aria-pressed")).toBe("false");
    const box = plumbing.parentElement as HTMLElement;
    expect(["10rem", "160px"]).toContain(getComputedStyle(box).maxHeight);
    expect(getComputedStyle(box).overflowY).toBe("auto");
  });
  it("labels skills in Arabic when the app is in Arabic", () => {
    act(() => void (lang.value = "ar"));
    try {
      render(<Skills />);
      expect(screen.getByRole("button", { name: "السباكة" })).toBeTruthy();
    } finally {
      act(() => void (lang.value = "en"));
    }
  });
});

describe("LanguagesPicker", () => {
  function Langs({ spy = (_: string[]) => {}, initial = [] as string[] }) {
    const [v, setV] = useState<string[]>(initial);
    return (
      <LanguagesPicker
        id="langs"
        label="Languages"
        value={v}
        onChange={(c) => {
          spy(c);
          setV(c);
        }}
      />
    );
  }
  it("searches, selects several languages and shows them as removable chips", async () => {
    const spy = vi.fn();
    render(<Langs spy={spy} />);
    const input = screen.getByRole("combobox", { name: "Languages" });
    fireEvent.focus(input);
    await screen.findAllByRole("option");
    expect(screen.getAllByRole("option").length).toBeGreaterThanOrEqual(180);
    fireEvent.change(input, { target: { value: "arab" } });
    fireEvent.click(screen.getByRole("option", { name: /^Arabic/ }));
    fireEvent.change(input, { target: { value: "hindi" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(spy).toHaveBeenLastCalledWith(["ar", "hi"]);
    // A pick clears the search; search again to see the picked option marked.
    fireEvent.change(input, { target: { value: "hindi" } });
    expect(screen.getByRole("option", { name: /Hindi/ }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Remove Arabic" }));
    expect(spy).toHaveBeenLastCalledWith(["hi"]);
    expect(screen.queryByRole("button", { name: "Remove Arabic" })).toBeNull();
    // Clicking a selected option unselects it.
    fireEvent.click(screen.getByRole("option", { name: /Hindi/ }));
    expect(spy).toHaveBeenLastCalledWith([]);
  });
  it("closes its list after a tap on a language and when focus leaves, so it never covers the fields below", async () => {
    render(
      <>
        <Langs />
        <input aria-label="Password" />
      </>,
    );
    const input = screen.getByRole("combobox", { name: "Languages" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "arab" } });
    fireEvent.click(await screen.findByRole("option", { name: /^Arabic/ }));
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Remove Arabic" })).toBeTruthy();
    fireEvent.click(input);
    expect(screen.getByRole("listbox")).toBeTruthy();
    fireEvent.blur(input, { relatedTarget: screen.getByLabelText("Password") });
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("finds languages by their Arabic name or code", async () => {
    render(<Langs />);
    const input = screen.getByRole("combobox", { name: "Languages" });
    fireEvent.focus(input);
    await screen.findAllByRole("option");
    fireEvent.change(input, { target: { value: "الأوردية" } });
    expect(screen.getAllByRole("option").map((o) => o.id)).toEqual(["langs-opt-ur"]);
    fireEvent.change(input, { target: { value: "ml" } });
    expect(screen.getAllByRole("option").map((o) => o.id)).toContain("langs-opt-ml");
  });
});

describe("LanguagesPicker search", () => {
  function Langs() {
    const [v, setV] = useState<string[]>([]);
    return <LanguagesPicker id="langs" label="Languages" value={v} onChange={setV} />;
  }
  const open = async () => {
    render(<Langs />);
    const input = screen.getByRole("combobox", { name: "Languages" }) as HTMLInputElement;
    fireEvent.focus(input);
    await screen.findAllByRole("option");
    return input;
  };
  it("offers Urdu first for 'urd' (Kurdish used to come first) and Hindi first for 'hin' (Chinese used to)", async () => {
    const input = await open();
    fireEvent.change(input, { target: { value: "urd" } });
    expect(screen.getAllByRole("option")[0].id).toBe("langs-opt-ur");
    fireEvent.change(input, { target: { value: "hin" } });
    expect(screen.getAllByRole("option")[0].id).toBe("langs-opt-hi");
  });
  it("finds Bengali by 'Bengali' (it found nothing, only 'Bangla' worked)", async () => {
    const input = await open();
    fireEvent.change(input, { target: { value: "Bengali" } });
    expect(screen.getAllByRole("option").map((o) => o.id)).toEqual(["langs-opt-bn"]);
  });
  it("clears the typed text after a pick, by click or by Enter (it stayed)", async () => {
    const input = await open();
    fireEvent.change(input, { target: { value: "urd" } });
    fireEvent.click(screen.getAllByRole("option")[0]);
    expect(input.value).toBe("");
    expect(screen.getByRole("button", { name: "Remove Urdu" })).toBeTruthy();
    fireEvent.change(input, { target: { value: "hin" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe("");
    expect(screen.getByRole("button", { name: "Remove Hindi" })).toBeTruthy();
    // Walked: after Enter the whole list came back over the terms, and a tap meant for them picked a language.
    expect(screen.queryByRole("listbox")).toBeNull();
    // Typing opens it again for the next one.
    fireEvent.change(input, { target: { value: "ben" } });
    expect(screen.getByRole("listbox")).toBeTruthy();
  });
});

describe("TermsModal", () => {
  it("shows the introduction, eight titled sections, five services and three responsibilities", () => {
    render(<TermsModal open onAccept={() => {}} onDecline={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Terms of Service" });
    expect(within(dialog).getByText(/Welcome to Fixit Gulf/)).toBeTruthy();
    expect(within(dialog).getAllByRole("heading", { level: 3 })).toHaveLength(8);
    const lists = within(dialog).getAllByRole("list");
    expect(lists.map((l) => within(l).getAllByRole("listitem").length)).toEqual([5, 3]);
  });
  it("calls onAccept and onDecline from its buttons, and treats Escape as Decline", () => {
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    render(<TermsModal open onAccept={onAccept} onDecline={onDecline} />);
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(onAccept).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onDecline).toHaveBeenCalledTimes(2);
  });
  it("renders nothing when closed", () => {
    render(<TermsModal open={false} onAccept={() => {}} onDecline={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
