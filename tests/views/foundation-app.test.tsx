import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { App } from "../../src/app";
import { ErrorBoundary } from "../../src/components/Screens";
import { Toasts } from "../../src/components/Toasts";
import { online } from "../../src/signals/connectivity";
import { dir, lang, t } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { showToast, TOAST_MS, toasts } from "../../src/signals/toasts";
import { viewportWidth } from "../../src/signals/viewport";
import { fakeApi, json } from "./fake-api";

afterEach(() => {
  viewportWidth.value = 375;
  online.value = true;
  lang.value = "en";
  signOut();
  toasts.value = [];
  vi.restoreAllMocks();
  setApi(createApi());
});

describe("gates", () => {
  it("below 320 px shows 'Your screen size is too small'", () => {
    viewportWidth.value = 300;
    render(<App />);
    expect(screen.getByRole("heading").textContent).toBe("Your screen size is too small");
  });

  it("above 768 px shows 'This app is only available on mobile devices'", () => {
    viewportWidth.value = 800;
    render(<App />);
    expect(screen.getByRole("heading").textContent).toBe("This app is only available on mobile devices");
  });

  it("offline shows the translated offline screen, in Arabic too", async () => {
    online.value = false;
    render(<App />);
    expect(screen.getByRole("heading").textContent).toBe("You are offline");
    act(() => void (lang.value = "ar"));
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("أنت غير متصل بالإنترنت"));
  });

  it("keeps what was typed while offline or at a gated width, and shows it again afterwards", async () => {
    localStorage.setItem("oncmp", "1");
    location.hash = "#/forgetpassword";
    render(<App />);
    const email = (await screen.findByLabelText(/email/i)) as HTMLInputElement;
    fireEvent.input(email, { target: { value: "typed@demo.om" } });
    fireEvent.change(email, { target: { value: "typed@demo.om" } });
    act(() => void (online.value = false));
    expect(screen.getByRole("heading", { name: "You are offline" })).toBeTruthy();
    expect(email.closest("[hidden]")).not.toBeNull();
    act(() => void (online.value = true));
    act(() => void (viewportWidth.value = 900));
    act(() => void (viewportWidth.value = 375));
    expect((screen.getByLabelText(/email/i) as HTMLInputElement).value).toBe("typed@demo.om");
  });

  it("the size gate comes before the offline gate", () => {
    online.value = false;
    viewportWidth.value = 300;
    render(<App />);
    expect(screen.getByRole("heading").textContent).toBe("Your screen size is too small");
  });
});

describe("routing through the app", () => {
  // A signed-in screen reads its data (the dashboard, the bell's count): an empty answer to each, not the network.
  beforeEach(() => void fakeApi(() => json(200, { status: 1, total: 0, data: [] })));
  it("the root shows the welcome screen without oncmp and its Get started replaces history with /onboarding", async () => {
    location.hash = "#/";
    const replace = vi.spyOn(history, "replaceState");
    render(<App />);
    fireEvent.click(await screen.findByRole("button", { name: "Get started" }));
    expect(location.hash).toBe("#/onboarding");
    expect(replace).toHaveBeenCalled();
  });

  it("sends a signed-out user on a protected route to /login", async () => {
    location.hash = "#/jobs";
    render(<App />);
    await waitFor(() => expect(location.hash).toBe("#/login"));
  });

  it("shows not-found for a signed-in user with the wrong role", async () => {
    signIn({ access_token: "t", role: 0, got_email_mob: 1 });
    location.hash = "#/jobs";
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  it("shows the role's bottom navigation and header on a top-level protected route", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1 });
    location.hash = "#/dashboard";
    render(<App />);
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    expect([...nav.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      "#/home",
      "#/repair",
      "#/resources",
      "#/your-profile",
      "#/notifications",
    ]);
    expect(screen.getByRole("banner").textContent).toContain("Fixit Gulf");
  });

  it("shows the verify-info modal over a protected screen while got_email_mob is 0", async () => {
    fakeApi(() => json(200, { status: 1, data: { email: "", mob_no: "", cntry_code: "+968" } }));
    signIn({ access_token: "t", role: 1, got_email_mob: 0 });
    location.hash = "#/reports";
    render(<App />);
    expect(await screen.findByRole("dialog", { name: "Almost Done! We Need to Verify Your Info" })).toBeTruthy();
  });
});

describe("dialogs and gates", () => {
  it("renders dialogs into #overlay-root and hides them with the app while a gate shows", async () => {
    const overlays = document.createElement("div");
    overlays.id = "overlay-root";
    document.body.append(overlays);
    viewportWidth.value = 375;
    try {
      fakeApi(() => json(200, { status: 1, data: { email: "", mob_no: "", cntry_code: "+968" } }));
      signIn({ access_token: "t", role: 0, got_email_mob: 0 });
      location.hash = "#/home";
      render(<App />);
      const dialog = await screen.findByRole("dialog", { name: "Almost Done! We Need to Verify Your Info" });
      expect(overlays.contains(dialog)).toBe(true);
      act(() => void (viewportWidth.value = 900));
      expect(overlays.hidden).toBe(true);
      act(() => void (viewportWidth.value = 375));
      await waitFor(() => expect(overlays.hidden).toBe(false));
      expect(overlays.contains(dialog)).toBe(true);
      // /home works offline (D23): no gate, so the dialog stays where it is, under the offline bar.
      act(() => void (online.value = false));
      expect(overlays.hidden).toBe(false);
    } finally {
      overlays.remove();
    }
  });
});

describe("error screen", () => {
  function Boom(): never {
    throw new Error("kaboom");
  }

  it("shows the error screen and posts the report with every field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("{}", { status: 201 }));
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    // The error screen's code is lazy (issue 16): it appears once its chunk is in.
    expect(await screen.findByText("Oops! Something went wrong.")).toBeTruthy();
    expect(screen.getByText("We encountered an issue")).toBeTruthy();
    expect(screen.getByText("kaboom")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go Back" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh" })).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/error$/);
    expect(Object.keys(JSON.parse(String(init.body))).sort()).toEqual(
      ["browser_info", "error_message", "error_type", "line_number", "occurred_at", "os_info", "page_url", "referrer_url", "stack", "user_agent"].sort(),
    );
  });

  it("only logs a failed report", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    await waitFor(() => expect(log.mock.calls.some((c) => c[0] === "error report failed")).toBe(true));
    expect(await screen.findByText("Oops! Something went wrong.")).toBeTruthy();
  });
});

describe("toasts", () => {
  it("keeps one toast per id and closes each after 5000 ms", () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      showToast("first", "success", { id: "a" });
      showToast("second", "success", { id: "a" });
      showToast("other", "error");
    });
    expect(screen.queryByText("first")).toBeNull();
    expect(screen.getByText("second")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("other");
    act(() => void vi.advanceTimersByTime(TOAST_MS + 1));
    expect(screen.queryByText("second")).toBeNull();
    vi.useRealTimers();
  });
});

describe("language", () => {
  it("translates, falls back to English for a missing key, and sets rtl for Arabic", () => {
    lang.value = "ar";
    expect(t("notFound.goBack")).toBe("رجوع");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(dir.value).toBe("rtl");
    lang.value = "en";
    expect(dir.value).toBe("ltr");
  });
});
