import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { LanguageSwitch } from "../../src/components/LanguageSwitch";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { ProfileView } from "../../src/views/account/profile";
import { fakeApi, json } from "./fake-api";

afterEach(() => {
  act(() => void (lang.value = "en"));
  signOut();
  setApi(createApi());
});

/** The button whose accessible name (as testing-library computes it) starts with `text`. */
const namedStartingWith = (text: string) => screen.getByRole("button", { name: (name) => name.startsWith(text) });

/** The text a sighted user reads on the button: what is not visually hidden. */
const visibleText = (el: HTMLElement) =>
  [...el.childNodes]
    .filter((n) => !(n instanceof HTMLElement && n.classList.contains("sr-only")))
    .map((n) => n.textContent)
    .join("")
    .trim();

describe("the language switch's accessible name (axe label-content-name-mismatch on 20 screens)", () => {
  it("contains the visible 'العربية' in English, instead of only 'Switch language to Arabic'", () => {
    render(<LanguageSwitch />);
    const button = screen.getByTestId("language-switch");
    expect(visibleText(button)).toBe("العربية");
    expect(namedStartingWith(visibleText(button))).toBe(button);
  });
  it("contains the visible 'English' in Arabic", () => {
    act(() => void (lang.value = "ar"));
    render(<LanguageSwitch />);
    const button = screen.getByTestId("language-switch");
    expect(visibleText(button)).toBe("English");
    expect(namedStartingWith(visibleText(button))).toBe(button);
    expect(button.querySelector('[lang="en"]')?.textContent).toBe("English");
  });
  it("contains its visible text on the signed-in profile screen too", () => {
    signIn({ access_token: "t", role: 1, got_email_mob: 1, name: "Ahmed" });
    // The profile screen reads the caller's profile.
    fakeApi({ "GET user/profile": () => json(200, { status: 1, data: { user_id: 1, role: 1, name: "Ahmed" } }) });
    render(<ProfileView title="titles.you" />);
    const button = screen.getByTestId("language-switch");
    expect(visibleText(button)).toBe("العربية");
    expect(namedStartingWith(visibleText(button))).toBe(button);
  });
});
