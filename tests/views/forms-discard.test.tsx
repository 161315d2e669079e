import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Link, Route, Router, Switch } from "wouter";
import { DiscardChanges } from "../../src/components/DiscardChanges";
import { ScreenTitle } from "../../src/components/ScreenTitle";
import { navigate, useHashLocation, useHashSearch } from "../../src/lib/hash-location";
import { useDiscardGuard } from "../../src/lib/use-discard-guard";
import { lang } from "../../src/signals/language";

/** An edit form like the app's: a back arrow, one field, the guard and its dialog. */
function EditScreen() {
  const [title, setTitle] = useState("");
  const guard = useDiscardGuard(title !== "");
  return (
    <main>
      <ScreenTitle title="Edit property" onBack={() => guard.leave(() => history.back())} />
      <label htmlFor="title">Title</label>
      <input id="title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <DiscardChanges guard={guard} />
    </main>
  );
}

function TestApp() {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      <Switch>
        <Route path="/home">
          <h1>Home screen</h1>
        </Route>
        <Route path="/edit">
          <EditScreen />
        </Route>
      </Switch>
      {/* What the bottom bar renders: wouter links. */}
      <nav>
        <Link href="/home">Home</Link>
      </nav>
    </Router>
  );
}

const dialog = () => screen.queryByRole("dialog", { name: "Discard changes?" });
const field = () => screen.getByLabelText("Title") as HTMLInputElement;
const type = (value: string) => fireEvent.input(field(), { target: { value } });
const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));

beforeEach(async () => {
  // History: …, /home, /edit (the form is opened from home).
  navigate("/home");
  navigate("/edit");
  render(<TestApp />);
  await screen.findByRole("heading", { name: "Edit property" });
});
afterEach(() => {
  lang.value = "en";
});

describe("discard-changes guard", () => {
  it("asks on browser back with unsaved changes and stays on the form", async () => {
    type("Leaking tap");
    act(() => history.back());
    expect(await screen.findByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    expect(location.hash).toBe("#/edit");
    expect(screen.getByRole("heading", { name: "Edit property" })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("Keep editing");
  });

  it("lets browser back through without asking when nothing was typed", async () => {
    act(() => history.back());
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
    expect(location.hash).toBe("#/home");
    expect(dialog()).toBeNull();
  });

  it("goes where the user was going on Discard", async () => {
    type("Leaking tap");
    act(() => history.back());
    await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
    expect(location.hash).toBe("#/home");
    expect(dialog()).toBeNull();
  });

  it("keeps the form and the typed text on Keep editing, and asks again on the next back", async () => {
    type("Leaking tap");
    act(() => history.back());
    await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(dialog()).toBeNull());
    await settle();
    expect(location.hash).toBe("#/edit");
    expect(field().value).toBe("Leaking tap");
    act(() => history.back());
    expect(await screen.findByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    expect(field().value).toBe("Leaking tap");
  });

  it("asks before the back arrow leaves, and Discard goes back", async () => {
    type("x");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    await settle();
    expect(location.hash).toBe("#/edit");
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
  });

  it("lets the back arrow leave at once when nothing changed", async () => {
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("holds a bottom-bar link until Discard, then follows it", async () => {
    type("Leaking tap");
    fireEvent.click(screen.getByRole("link", { name: "Home" }));
    expect(await screen.findByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    await settle();
    expect(location.hash).toBe("#/edit");
    expect(field().value).toBe("Leaking tap");
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
    expect(location.hash).toBe("#/home");
  });

  it("follows a bottom-bar link at once when nothing changed", async () => {
    fireEvent.click(screen.getByRole("link", { name: "Home" }));
    expect(await screen.findByRole("heading", { name: "Home screen" })).toBeTruthy();
  });

  it("asks the browser to confirm closing the tab only while there are unsaved changes", () => {
    const unload = () => {
      const e = new Event("beforeunload", { cancelable: true });
      dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type("Leaking tap");
    expect(unload()).toBe(true);
    type("");
    expect(unload()).toBe(false);
  });

  it("speaks Arabic", async () => {
    lang.value = "ar";
    type("تسريب");
    act(() => history.back());
    const d = await screen.findByRole("dialog", { name: "تجاهل التغييرات؟" });
    expect(d.textContent).toContain("متابعة التعديل");
    expect(d.textContent).toContain("تجاهل");
  });
});
