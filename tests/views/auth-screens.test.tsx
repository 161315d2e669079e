import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toasts } from "../../src/components/Toasts";
import { lang } from "../../src/signals/language";
import { isAuthenticated, persistSession, signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { ProfileView } from "../../src/views/account/profile";
import { GetRoleView } from "../../src/views/auth/get-role";
import { OnboardingView } from "../../src/views/auth/onboarding";
import { fakeApi, json } from "./fake-api";

persistSession();
afterEach(() => {
  signOut();
  toasts.value = [];
  lang.value = "en";
});

describe("the role picker", () => {
  const back = () => screen.getByRole("button", { name: "Back to sign in" }) as HTMLButtonElement;
  const forward = () => screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;

  it("starts with nothing chosen: back enabled, forward disabled", () => {
    render(<GetRoleView title="titles.getrole" />);
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(radios.every((r) => !r.checked)).toBe(true);
    expect(back().disabled).toBe(false);
    expect(forward().disabled).toBe(true);
    expect(screen.getByRole("group", { name: /How will you use the app\?/ })).toBeTruthy();
  });

  it("back goes to /login while nothing is chosen", () => {
    render(<GetRoleView title="titles.getrole" />);
    fireEvent.click(back());
    expect(location.hash).toBe("#/login");
  });

  it("holds one choice at a time; once chosen back is disabled and forward enabled", () => {
    render(<GetRoleView title="titles.getrole" />);
    const owner = screen.getByRole("radio", { name: /Property owner or tenant/ }) as HTMLInputElement;
    const tech = screen.getByRole("radio", { name: /Technician/ }) as HTMLInputElement;
    fireEvent.click(owner);
    expect(owner.checked).toBe(true);
    expect(back().disabled).toBe(true);
    expect(forward().disabled).toBe(false);
    fireEvent.click(tech);
    expect(tech.checked).toBe(true);
    expect(owner.checked).toBe(false);
    expect((screen.getAllByRole("radio") as HTMLInputElement[]).filter((r) => r.checked)).toHaveLength(1);
    expect(back().disabled).toBe(true);
  });

  it.each([
    [/Property owner or tenant/, "#/register"],
    [/Maintenance company/, "#/mc-register"],
    [/Technician/, "#/technician-register"],
  ])("forward after %s goes to %s", (name, hash) => {
    render(<GetRoleView title="titles.getrole" />);
    fireEvent.click(screen.getByRole("radio", { name }));
    fireEvent.click(forward());
    expect(location.hash).toBe(hash);
  });

  it("renders in Arabic", () => {
    lang.value = "ar";
    render(<GetRoleView title="titles.getrole" />);
    expect(screen.getByRole("radio", { name: /شركة صيانة/ })).toBeTruthy();
  });
});

describe("onboarding", () => {
  it("walks three steps with next and back, and finishing sets oncmp and goes to /login", () => {
    render(<OnboardingView title="titles.onboarding" />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Report an issue");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("A technician takes the job");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Report an issue");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Follow the repair");
    expect(screen.getByText("Step 3 of 3")).toBeTruthy();
    expect(localStorage.getItem("oncmp")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Start now" }));
    expect(localStorage.getItem("oncmp")).toBe("1");
    expect(location.hash).toBe("#/login");
  });

  it("Skip also finishes", () => {
    render(<OnboardingView title="titles.onboarding" />);
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(localStorage.getItem("oncmp")).toBe("1");
    expect(location.hash).toBe("#/login");
  });
});

describe("the profile screens", () => {
  it("show the signed-in user and Log out ends the session with the toast and goes to /login", async () => {
    fakeApi({ "POST user/logout": () => json(200, { message: "Logged out" }) });
    signIn({ access_token: "t", role: 1, got_email_mob: 1, name: "Salim Technician", email: "tech@demo.om", mob_no: "91234567", cntry_code: "+968" });
    render(
      <>
        <ProfileView title="titles.you" />
        <Toasts />
      </>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("You");
    expect(screen.getAllByText("Salim Technician").length).toBeGreaterThan(0);
    expect(screen.getByText("tech@demo.om")).toBeTruthy();
    expect(screen.getByText("+968 91234567")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(isAuthenticated.value).toBe(false));
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(location.hash).toBe("#/login");
    expect(screen.getByText("Logged out successfully")).toBeTruthy();
  });
});
