import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { ProfileView } from "../../src/views/account/profile";

afterEach(() => {
  lang.value = "en";
  signOut();
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
