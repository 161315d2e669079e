import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { navigate, useHashLocation } from "../../src/lib/hash-location";
import { clearKept } from "../../src/lib/kept";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { EditIssueView } from "../../src/views/repair/edit-issue";
import { clearToasts, draftWritten, fakeServer, json, type RawCall, settle, tinyJpeg, toastText } from "./property-forms-helpers";

// Tuesday 24 November 2026, 10:00 on the phone's clock.
const NOW = new Date(2026, 10, 24, 10, 0);
const TOMORROW = "2026-11-25";

const issue = (over = {}) => ({
  issue_id: 7,
  title: "Kitchen sink leaking",
  desc: "Under the cupboard.",
  issue_status: 0,
  created_at: "2026-11-23T06:00:00.000Z",
  property_id: 5,
  name: "Al Khuwair Residence",
  unit_id: 12,
  unit_name: "102",
  category: 1,
  emergency: false,
  presence: "may_enter",
  priority: 1,
  available: [
    { date: TOMORROW, time_from: "09:00", time_to: "12:00" },
    { date: TOMORROW, time_from: "13:00", time_to: "17:00" },
  ],
  images: [],
  issue_images: [{ file_name: "sink.jpg", path: "issues/sink.jpg", media_id: 41, url: "/api/issue/file/41?u=3&exp=1&sig=x" }],
  issue_videos: [],
  stage: "reported",
  actions: ["edit", "upload", "cancel", "comment"],
  ...over,
});
const routes = (over = {}, extra: Record<string, (c: RawCall) => Response | Promise<Response>> = {}) => ({
  "GET issue/issue": () => json(200, { status: 1, data: issue(over) }),
  "PUT issue/details": () => json(200, { message: "Changes saved.", status: 1, data: issue(over) }),
  "POST issue/media": () => json(201, { message: "Added.", data: { media_id: 50 } }),
  "DELETE issue/media": () => json(200, { message: "Removed.", data: issue({ ...over, issue_images: [] }) }),
  "POST issue/cancel": () => json(200, { message: "Repair cancelled.", status: 1, data: issue({ ...over, stage: "cancelled", actions: [] }) }),
  ...extra,
});

const type = (label: string | RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));
const open = async () => {
  const view = render(<EditIssueView title="titles.editIssue" />);
  await screen.findByLabelText("Short title");
  return view;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  signIn({ access_token: "tok", role: 3, got_email_mob: 1, name: "Aisha Tenant", user_id: 3 });
  navigate("/property/issues-view?issue_id=7");
  navigate("/property/edit-issue?issue_id=7");
});
afterEach(() => {
  vi.useRealTimers();
  clearToasts();
  signOut();
  lang.value = "en";
  setApi(createApi());
});

describe("edit a report", () => {
  it("loads the issue by its id and fills the same fields in", async () => {
    const calls = fakeServer(routes());
    await open();
    expect(calls[0].path).toBe("issue/issue");
    expect(calls[0].params.get("issue_id")).toBe("7");
    expect((screen.getByLabelText("Short title") as HTMLInputElement).value).toBe("Kitchen sink leaking");
    expect((screen.getByLabelText("Description (optional)") as HTMLTextAreaElement).value).toBe("Under the cupboard.");
    expect(screen.getByRole("button", { name: "Plumbing" }).getAttribute("aria-pressed")).toBe("true");
    expect((screen.getByRole("radio", { name: /^You may enter/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: /^Tomorrow morning/ }).getAttribute("aria-pressed")).toBe("true");
    expect(within(screen.getByTestId("chosen-slots")).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("Al Khuwair Residence")).toBeTruthy();
    expect(screen.getByText("102")).toBeTruthy();
    const existing = screen.getByTestId("existing-media");
    expect(existing.querySelector("img")?.getAttribute("src")).toBe("/api/issue/file/41?u=3&exp=1&sig=x");
  });

  it("says it can no longer be changed, with no form, when the actions hold no edit", async () => {
    fakeServer(routes({ stage: "in_progress", actions: ["comment"] }));
    render(<EditIssueView title="titles.editIssue" />);
    expect(await screen.findByText(/This report can no longer be changed/)).toBeTruthy();
    expect(screen.queryByLabelText("Short title")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the report" }).getAttribute("href")).toBe("#/property/issues-view?issue_id=7");
  });

  it("saves the changed fields with PUT issue/details and goes back to the issue", async () => {
    const calls = fakeServer(routes());
    await open();
    type("Short title", "Kitchen sink leaking badly");
    press(/^Tomorrow morning/);
    press(/^Tomorrow evening/);
    press("Save changes");
    await waitFor(() => expect(location.hash).toBe("#/property/issues-view?issue_id=7"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.path).toBe("issue/details");
    expect(put?.params.get("issue_id")).toBe("7");
    expect(put?.body).toEqual({
      unit_id: 12,
      category: 1,
      title: "Kitchen sink leaking badly",
      desc: "Under the cupboard.",
      emergency: false,
      presence: "may_enter",
      available: [
        { date: TOMORROW, time_from: "13:00", time_to: "17:00" },
        { date: TOMORROW, time_from: "17:00", time_to: "21:00" },
      ],
    });
    expect(toastText("success")).toEqual(["Changes saved."]);
  });

  it("an issue of the common areas says so where its unit would be, and keeps them (unit_id null) on save", async () => {
    const calls = fakeServer(routes({ unit_id: null, unit_name: null }));
    await open();
    expect(screen.getByText("Common areas")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Unit" })).toBeNull();
    type("Short title", "Lift stuck on the 3rd floor");
    press("Save changes");
    await waitFor(() => expect(location.hash).toBe("#/property/issues-view?issue_id=7"));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ unit_id: null, title: "Lift stuck on the 3rd floor" });
  });

  it("flags a time of the report that has passed and does not save until it is replaced", async () => {
    const calls = fakeServer(
      routes({
        available: [
          { date: "2026-11-23", time_from: "09:00", time_to: "12:00" },
          { date: TOMORROW, time_from: "09:00", time_to: "12:00" },
        ],
      }),
    );
    await open();
    expect(screen.getByText("This time has passed: remove it or choose another.")).toBeTruthy();
    press("Save changes");
    expect(await screen.findByText("Please choose times in the future.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("removes a photo already sent with DELETE issue/media", async () => {
    const calls = fakeServer(routes());
    await open();
    press("Remove Photo 1");
    await waitFor(() => expect(screen.queryByTestId("existing-media")).toBeNull());
    const del = calls.find((c) => c.method === "DELETE");
    expect(del?.path).toBe("issue/media");
    expect(del?.params.get("media_id")).toBe("41");
  });

  it("sends new photos one by one after the changes are saved, counting those already there", async () => {
    const calls = fakeServer(routes());
    const { container } = await open();
    const gallery = container.querySelector("#edit-files-gallery") as HTMLInputElement;
    fireEvent.change(gallery, { target: { files: ["a", "b", "c", "d", "e"].map((n) => tinyJpeg(`${n}.jpg`)) } });
    // One photo is already there: four more fit.
    expect(screen.getAllByTestId("picked-media")).toHaveLength(4);
    expect(screen.getByTestId("refused-media").textContent).toBe("e.jpg: Only 5 photos can be added.");
    press("Save changes");
    await waitFor(() => expect(location.hash).toBe("#/property/issues-view?issue_id=7"));
    const written = calls.filter((c) => c.method !== "GET");
    expect(written.map((c) => c.path)).toEqual(["issue/details", "issue/media", "issue/media", "issue/media", "issue/media"]);
    expect(written.slice(1).every((c) => c.params.get("issue_id") === "7")).toBe(true);
  });

  it("cancels the repair with a required reason, then goes back to the issue", async () => {
    const calls = fakeServer(routes());
    await open();
    press("Cancel this repair");
    const dialog = await screen.findByRole("dialog", { name: "Cancel this repair?" });
    expect(dialog.textContent).toContain("“Kitchen sink leaking” will be cancelled");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the repair" }));
    expect(await within(dialog).findByText("Please give a reason.")).toBeTruthy();
    expect(calls.some((c) => c.path === "issue/cancel")).toBe(false);
    fireEvent.input(within(dialog).getByLabelText("Why cancel it?"), { target: { value: "The leak stopped." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the repair" }));
    await waitFor(() => expect(location.hash).toBe("#/property/issues-view?issue_id=7"));
    const cancel = calls.find((c) => c.path === "issue/cancel");
    expect(cancel?.params.get("issue_id")).toBe("7");
    expect(cancel?.body).toEqual({ reason: "The leak stopped." });
    expect(toastText("success")).toEqual(["Repair cancelled."]);
  });

  it("shows the server's detail in the dialog when the repair can no longer be cancelled", async () => {
    const detail = "The work has started: ask the company to cancel it.";
    fakeServer(routes({}, { "POST issue/cancel": () => json(409, { detail }) }));
    await open();
    press("Cancel this repair");
    const dialog = await screen.findByRole("dialog", { name: "Cancel this repair?" });
    fireEvent.input(within(dialog).getByLabelText("Why cancel it?"), { target: { value: "Fixed it myself." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the repair" }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(location.hash).toBe("#/property/edit-issue?issue_id=7");
  });

  it("offers no cancel without the cancel action", async () => {
    fakeServer(routes({ actions: ["edit", "upload"] }));
    await open();
    expect(screen.queryByRole("button", { name: "Cancel this repair" })).toBeNull();
  });

  it("keeps no draft of a saved edit when the form goes with the save, as the router takes it away", async () => {
    fakeServer(routes());
    function Routed() {
      const [at] = useHashLocation();
      return at === "/property/edit-issue" ? <EditIssueView title="titles.editIssue" /> : <p>the issue</p>;
    }
    render(<Routed />);
    await screen.findByLabelText("Short title");
    type("Short title", "Kitchen sink leaking badly");
    press("Save changes");
    await screen.findByText("the issue");
    await draftWritten();
    cleanup();
    navigate("/property/edit-issue?issue_id=7");
    await open();
    expect((screen.getByLabelText("Short title") as HTMLInputElement).value).toBe("Kitchen sink leaking");
    await settle();
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    await clearKept();
  });

  it("asks before leaving with unsaved changes; Discard goes back", async () => {
    fakeServer(routes());
    await open();
    type("Short title", "Something else");
    press("Back");
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    await settle();
    expect((screen.getByLabelText("Short title") as HTMLInputElement).value).toBe("Something else");
    press("Back");
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(location.hash).toBe("#/property/issues-view?issue_id=7"));
  });

  it("leaves without asking when nothing changed", async () => {
    fakeServer(routes());
    await open();
    press("Back");
    await waitFor(() => expect(location.hash).toBe("#/property/issues-view?issue_id=7"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("edit a reported problem: the changes kept on the phone", () => {
  it("brings back the title typed over the issue's after a reload, with a note; Discard forgets it", async () => {
    fakeServer(routes());
    const view = await open();
    type("Short title", "Kitchen sink leaking badly");
    await draftWritten();
    view.unmount();
    const again = await open();
    await waitFor(() => expect((screen.getByLabelText("Short title") as HTMLInputElement).value).toBe("Kitchen sink leaking badly"));
    expect(screen.getByTestId("draft-restored").textContent).toBe("What you typed before was kept: check it and save the changes.");
    // The rest is the issue as the server has it.
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe("Under the cupboard.");
    press("Back");
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Discard" }));
    await settle();
    again.unmount();
    await open();
    await settle();
    expect((screen.getByLabelText("Short title") as HTMLInputElement).value).toBe("Kitchen sink leaking");
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    await clearKept();
  });
});
