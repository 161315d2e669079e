import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toasts } from "../../src/components/Toasts";
import { lang } from "../../src/signals/language";
import { isAuthenticated, persistSession, signIn, signOut, token } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { ProfileView } from "../../src/views/account/profile";
import { type Call, fakeApi, json } from "./fake-api";

persistSession();
afterEach(() => {
  lang.value = "en";
  signOut();
  toasts.value = [];
});

/** Signs in, shows the profile with the toasts, presses Log out and waits until the browser is cleared. */
async function logOutWith(answer: (call: Call) => Response | Promise<Response>) {
  const headers: (string | null)[] = [];
  const calls = fakeApi((call) => {
    headers.push(token.value);
    return answer(call);
  });
  signIn({ access_token: "tok-9", role: 0, got_email_mob: 1, name: "Maryam" });
  location.hash = "#/profile";
  render(
    <>
      <ProfileView title="titles.profile" />
      <Toasts />
    </>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Log out" }));
  await waitFor(() => expect(isAuthenticated.value).toBe(false));
  return { calls, headers };
}

describe("logging out", () => {
  // Bug: Log out only cleared the browser; the session stayed valid on the server.
  it("ends the session on the server with POST /user/logout and the bearer token, then clears the browser", async () => {
    const { calls, headers } = await logOutWith(() => json(200, { message: "Logged out" }));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST user/logout"]);
    // The token was still there when the call left (ky's bearer header reads it), and is gone after.
    expect(headers).toEqual(["tok-9"]);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(location.hash).toBe("#/login");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });

  it("clears the browser anyway when the server refuses with 401", async () => {
    const { calls } = await logOutWith(() => json(401, { detail: "Please sign in again." }));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(location.hash).toBe("#/login");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });

  it("clears the browser anyway when offline, and sends the call once", async () => {
    const { calls } = await logOutWith(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(localStorage.getItem("isAuthenticated")).toBe("false");
    expect(location.hash).toBe("#/login");
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
  });
});

describe("the profile screen", () => {
  it("lets a signed-in user switch the language", async () => {
    signIn({ access_token: "t", role: 1, got_email_mob: 1, name: "Ahmed" });
    render(<ProfileView title="titles.you" />);
    expect(screen.getByRole("heading", { name: "Language" })).toBeTruthy();
    fireEvent.click(screen.getByTestId("language-switch"));
    await waitFor(() => expect(lang.value).toBe("ar"));
    expect(await screen.findByRole("heading", { name: "اللغة" })).toBeTruthy();
  });
});
