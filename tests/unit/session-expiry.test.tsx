import { readFileSync } from "node:fs";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const dictionary = (code: string) => JSON.parse(readFileSync(`public/locales/${code}.json`, "utf8"));

afterEach(() => {
  vi.resetModules();
});

describe("session expiry at start", () => {
  // Bug: expiry ran at boot before the dictionaries arrived and the toast showed the raw key `session.expired`.
  it("shows 'Your session has expired. Please log in again.' and not the key session.expired when it runs before the dictionaries load", async () => {
    // Fresh modules: a language module with no dictionary yet, as at boot.
    vi.resetModules();
    const language = await import("../../src/signals/language");
    const session = await import("../../src/signals/session");
    const { expireIfDue } = await import("../../src/signals/session-expiry");
    const { Toasts } = await import("../../src/components/Toasts");
    expect(language.ready.value).toBe(false);
    session.signIn({ access_token: "tok", role: 1, got_email_mob: 1 }, 0);
    expect(expireIfDue(session.SESSION_MS + 1)).toBe(true);

    render(<Toasts />);
    act(() => language.addDictionary("en", dictionary("en")));
    expect(screen.getByRole("status").textContent).toContain("Your session has expired. Please log in again.");
    expect(screen.getByRole("status").textContent).not.toContain("session.expired");

    // The same toast follows a switch to Arabic once that dictionary is in.
    act(() => {
      language.addDictionary("ar", dictionary("ar"));
      language.lang.value = "ar";
    });
    expect(screen.getByRole("status").textContent).toContain(language.t("session.expired"));
    expect(language.t("session.expired")).not.toBe("session.expired");
  });
});
