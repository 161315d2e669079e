import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../src/app";
import { createApi, setApi } from "../../src/api/client";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { gotEmailMob, signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { viewportWidth } from "../../src/signals/viewport";
import { fakeApi, json, stubGeolocation } from "./verify-helpers";

const TITLE = "Almost Done! We Need to Verify Your Info";

beforeEach(() => {
  viewportWidth.value = 375;
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  stubGeolocation({ ok: false, code: 1 });
});
afterEach(() => {
  vi.restoreAllMocks();
  signOut();
  toasts.value = [];
  lang.value = "en";
  setApi(createApi());
});

describe("the verify-info modal in the app", () => {
  it("closes on this screen and comes back on the next protected screen while got_email_mob is 0", async () => {
    fakeApi({ "GET get_email_mob": () => json(200, { status: 1, data: { email: null, mob_no: null, cntry_code: "+968" } }) });
    signIn({ access_token: "t", role: 0, got_email_mob: 0 });
    location.hash = "#/home";
    render(<App />);
    await screen.findByRole("dialog", { name: TITLE }, { timeout: 5000 });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    act(() => navigate("/repair"));
    expect(await screen.findByRole("dialog", { name: TITLE })).toBeTruthy();
  });

  it("does not come back once saved", async () => {
    fakeApi({
      "GET get_email_mob": () => json(200, { status: 1, data: { email: "s@example.om", mob_no: "99123456", cntry_code: "+968" } }),
      "PUT update_user_email_mob": () => json(200, { message: "Your details have been saved." }),
    });
    signIn({ access_token: "t", role: 0, got_email_mob: 0 });
    location.hash = "#/home";
    render(<App />);
    await screen.findByRole("dialog", { name: TITLE }, { timeout: 5000 });
    const button = screen.getByRole("button", { name: "Continue to Dashboard" }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull());
    expect(gotEmailMob.value).toBe(1);
    expect(await screen.findByText("Your details have been saved.")).toBeTruthy();
    act(() => navigate("/repair"));
    // The next protected screen has rendered (where the modal would come back), and still no modal.
    await waitFor(() => expect(document.querySelector("main")?.textContent).toContain("Repair"), { timeout: 5000 });
    expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull();
  });

  it("is not shown on public screens", async () => {
    fakeApi({});
    signIn({ access_token: "t", role: 0, got_email_mob: 0 });
    location.hash = "#/404";
    render(<App />);
    expect(await screen.findByText("Page not found", undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: TITLE })).toBeNull();
  });
});
