// Reporting a problem without network (issue 15, D23): the report and its photos wait in the outbox as one entry, the
// screen says it is saved on the phone, /repair shows it "Waiting to send" at the top, and once online the report goes
// under the key of the press and each photo to the issue its answer names.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { OutboxWaiting } from "../../src/components/OutboxList";
import { navigate } from "../../src/lib/hash-location";
import { KEPT_HOME_PLACES, keep, keptProperty } from "../../src/lib/kept";
import { getOutbox, patience, setOutbox, startOutbox } from "../../src/lib/outbox";
import { online } from "../../src/signals/connectivity";
import { outboxItems } from "../../src/signals/outbox";
import { signIn, signOut } from "../../src/signals/session";
import { ReportIssueView } from "../../src/views/repair/report";
import { type RawCall, clearToasts, fakeServer, json, property, tinyJpeg, toastText, tenancy } from "./property-forms-helpers";

const NOW = new Date(2026, 10, 24, 10, 0);
const home = () => property({ relation: "tenant", actions: ["report"], units: [{ unit_id: 12, name: "102", tenant: tenancy, open_issues: 0 }] });
const routes = (extra: Record<string, (c: RawCall) => Response | Promise<Response>> = {}) => ({
  "GET property/properties": () =>
    json(200, { status: 1, total: 1, data: [{ property_id: 5, name: "Al Khuwair Residence", relation: "tenant", type: "building" }] }),
  "GET property/property": () => json(200, { status: 1, data: home() }),
  "POST issue/media": () => json(201, { message: "Added.", data: { media_id: 1, kind: "image", file_name: "a.jpg" } }),
  ...extra,
});
const reported = () =>
  json(201, { message: "Problem reported.", status: 1, data: { issue_id: 77, title: "Kitchen sink leaking", issue_status: 0, property_id: 5 } });
const noNetwork = () => Promise.reject(new TypeError("Failed to fetch"));
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));
const posts = (calls: RawCall[]) => calls.filter((c) => c.method === "POST");
const goOnline = () =>
  act(() => {
    online.value = true;
    window.dispatchEvent(new Event("online"));
  });

let stop: () => void = () => undefined;
beforeAll(() => {
  stop = startOutbox();
  return () => stop();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  signIn({ access_token: "tok", role: 3, got_email_mob: 1, name: "Aisha Tenant", user_id: 3 });
  navigate("/home");
  navigate("/property/addissues");
});
afterEach(() => {
  vi.useRealTimers();
  clearToasts();
  setOutbox(undefined);
  setApi(createApi());
  act(() => {
    online.value = true;
    signOut();
  });
});

/** The form filled in: Plumbing, a title, two times, and one photo. */
async function fillReport() {
  const view = render(
    <>
      <OutboxWaiting />
      <ReportIssueView title="titles.addIssue" />
    </>,
  );
  await screen.findByText("102");
  press("Plumbing");
  fireEvent.input(screen.getByLabelText("Short title"), { target: { value: "Kitchen sink leaking" } });
  press(/^Tomorrow morning/);
  press(/^Tomorrow afternoon/);
  fireEvent.change(view.container.querySelector("#report-files-gallery") as HTMLInputElement, { target: { files: [tinyJpeg("sink.jpg")] } });
}

describe("reporting when the server does not answer", () => {
  afterEach(() => {
    patience.ms = 20_000;
  });

  it("hands the report to the outbox under its key after a while, frees the form, and the repeat makes one report", async () => {
    patience.ms = 60;
    let first = true;
    const calls = fakeServer(routes({ "POST issue/issue": () => (first ? ((first = false), new Promise<Response>(() => {})) : reported()) }));
    await fillReport();
    press("Send report");
    // No "Sending…" for ever: saved on the phone, and sent again at once under the same key.
    expect(await screen.findByRole("heading", { name: "Saved on this phone" })).toBeTruthy();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]), { timeout: 8000 });
    const reports = posts(calls).filter((c) => c.path === "issue/issue");
    expect(reports).toHaveLength(2);
    expect(new Set(reports.map((c) => c.headers.get("Idempotency-Key"))).size).toBe(1);
  });
});

// Walked: the report went, the connection was cut during its photo, and the photo was never sent: "Not sent" on a
// screen the tenant left, and nothing after a reload.
describe("the network cut while the report's photos go", () => {
  it("keeps the photo on the phone under its key and sends it by itself once online", async () => {
    let down = false;
    const created = { issue_id: 77, title: "Kitchen sink leaking", issue_status: 0, created_at: "2026-11-24T06:00:00.000Z", property_id: 5, stage: "reported" };
    const calls = fakeServer(
      routes({
        "POST issue/issue": () => json(201, { message: "Problem reported.", status: 1, data: created }),
        "POST issue/media": () => (down ? noNetwork() : json(201, { message: "Added.", data: { media_id: 1, kind: "image", file_name: "a.jpg" } })),
      }),
    );
    await fillReport();
    down = true;
    press("Send report");
    expect(await screen.findByRole("heading", { name: "Reported" })).toBeTruthy();
    const item = await screen.findByTestId("upload-item");
    await waitFor(() => expect(within(item).getByText("Saved on this phone")).toBeTruthy());
    expect(screen.getByTestId("upload-progress").textContent).toBe(
      "0 of 1 photos sent. No network: 1 kept on this phone, sent by themselves when you are back online.",
    );
    expect(within(item).queryByRole("button", { name: /Try sending/ })).toBeNull();
    expect(outboxItems.value.map((i) => [i.kind, i.label, i.issueId, i.files])).toEqual([["photos", "Kitchen sink leaking", 77, 1]]);
    expect(within(screen.getByTestId("outbox-waiting")).getByText("Photos of the report: Kitchen sink leaking")).toBeTruthy();

    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    const media = posts(calls).filter((c) => c.path === "issue/media");
    expect(media.map((c) => c.params.get("issue_id"))).toEqual(["77", "77"]);
    // The same key as the attempt cut short: a photo the server did store is stored once.
    expect(media[1].headers.get("idempotency-key")).toBe(media[0].headers.get("idempotency-key"));
  });
});

describe("reporting without network", () => {
  it("keeps the report and its photo in the outbox, says so, lists it waiting, and sends both once online", async () => {
    let down = true;
    const calls = fakeServer(routes({ "POST issue/issue": () => (down ? noNetwork() : reported()) }));
    await fillReport();
    press("Send report");

    expect(await screen.findByRole("heading", { name: "Saved on this phone" })).toBeTruthy();
    expect(screen.getByText("“Kitchen sink leaking” will be sent with its photos as soon as you are back online. You can close the app.")).toBeTruthy();
    expect(toastText("info")).toContain("No network: your report is saved on this phone and will be sent when you are back online.");
    expect(screen.queryByRole("link", { name: "Open the issue" })).toBeNull();
    const waiting = screen.getByTestId("outbox-waiting");
    expect(within(waiting).getByText("New report: Kitchen sink leaking")).toBeTruthy();
    expect(within(waiting).getByText("Waiting to send")).toBeTruthy();
    expect(outboxItems.value.map((i) => [i.kind, i.total, i.files])).toEqual([["report", 2, 1]]);

    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    const sent = posts(calls);
    expect(sent.map((c) => [c.path, c.params.get("issue_id")])).toEqual([
      ["issue/issue", null],
      ["issue/issue", null],
      ["issue/media", "77"],
    ]);
    expect(sent[1].headers.get("idempotency-key")).toBe(sent[0].headers.get("idempotency-key"));
    expect(sent[1].body).toEqual(sent[0].body);
    expect(sent[1].body).toMatchObject({ title: "Kitchen sink leaking", property_id: 5, unit_id: 12 });
    expect(sent[2].headers.get("idempotency-key")).toBeTruthy();
    expect(sent[2].headers.get("idempotency-key")).not.toBe(sent[0].headers.get("idempotency-key"));
    expect(within(screen.getByTestId("outbox-waiting")).getByText("Sent")).toBeTruthy();
  });

  it("opened offline: the home and units that Home kept on the phone serve, and the report waits", async () => {
    await keep(3, KEPT_HOME_PLACES, { items: [{ property_id: 5, name: "Al Khuwair Residence", relation: "tenant", type: "building" }], total: 1 });
    await keep(3, keptProperty(5), home());
    act(() => void (online.value = false));
    const calls = fakeServer(routes({ "GET property/properties": noNetwork, "GET property/property": noNetwork, "POST issue/issue": reported }));
    await fillReport();
    expect(screen.queryByText("Your properties could not be loaded.")).toBeNull();
    press("Send report");
    expect(await screen.findByRole("heading", { name: "Saved on this phone" })).toBeTruthy();
    goOnline();
    await waitFor(() => expect(posts(calls).map((c) => c.path)).toEqual(["issue/issue", "issue/media"]));
    expect(posts(calls)[0].body).toMatchObject({ property_id: 5, unit_id: 12 });
  });

  it("offline at the press: nothing is tried, the report waits", async () => {
    const calls = fakeServer(routes({ "POST issue/issue": reported }));
    await fillReport();
    act(() => void (online.value = false));
    press("Send report");
    expect(await screen.findByRole("heading", { name: "Saved on this phone" })).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    // A retry's timer that fires while offline tries nothing: the entry stays "Waiting to send", never "Sending…".
    const seen = new Set<string>();
    const stopWatching = outboxItems.subscribe((items) => {
      for (const i of items) seen.add(i.state);
    });
    await act(() => getOutbox().flush({ now: true }));
    stopWatching();
    expect([...seen]).toEqual(["waiting"]);
    expect(posts(calls)).toHaveLength(0);
    goOnline();
    await waitFor(() => expect(posts(calls).map((c) => c.path)).toEqual(["issue/issue", "issue/media"]));
  });
});
