// Completing a job without network (issue 15, D23): the after-photos (made smaller once), the signature and the report
// go to the outbox as one entry, in that order, each under the key its first attempt used; the form closes as after a
// success, saying it will be sent; once online the photo arrives with the same bytes and key, then the report, once.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { Issue } from "../../src/contract/issues";
import { navigate } from "../../src/lib/hash-location";
import { setOutbox, startOutbox } from "../../src/lib/outbox";
import { online } from "../../src/signals/connectivity";
import { outboxItems } from "../../src/signals/outbox";
import { signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { IssueReadOnlyView } from "../../src/views/issues/issue-view";
import { OpenIssueView } from "../../src/views/issues/open-issue";
import { goOnline, noNetwork } from "./outbox-helpers";
import { type RepairCall, fakeRepairApi, json, repair, tinyJpeg } from "./repair-helpers";

const START = Date.parse("2026-11-25T09:05:00.000Z");

let stop: () => void = () => undefined;
beforeAll(() => {
  stop = startOutbox();
  return () => stop();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START + 85 * 60000);
  signIn({ access_token: "tok", role: 1, got_email_mob: 1, name: "Tariq Tech", user_id: 2 });
});
afterEach(() => {
  vi.useRealTimers();
  setOutbox(undefined);
  setApi(createApi());
  act(() => {
    online.value = true;
    signOut();
  });
});

const inProgress = (over: Partial<Issue> = {}) =>
  repair({ stage: "in_progress", started_at: new Date(START).toISOString(), actions: ["hold", "complete", "comment"], category: 1, ...over });
const mediaOk = () => json(200, { message: "Uploaded.", data: { media_id: 50, file_name: "x", path: "", url: "/f/50", kind: "image" } });
const posts = (calls: RepairCall[]) => calls.filter((c) => c.method === "POST");

async function fillForm(routes: Record<string, (c: RepairCall) => Response | Promise<Response>>) {
  const calls = fakeRepairApi(routes);
  navigate("/property/open-issues?issue_id=7", { state: inProgress() });
  const view = render(<OpenIssueView title="titles.issueDetails" />);
  fireEvent.click(await screen.findByRole("button", { name: "Complete job" }));
  await screen.findByTestId("work-report-form");
  fireEvent.input(screen.getByLabelText("What did you do?"), { target: { value: "Replaced the tap washer." } });
  fireEvent.change(view.container.querySelector("#work-gallery") as HTMLInputElement, { target: { files: [tinyJpeg("after.jpg")] } });
  return calls;
}
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send report and complete" }));

describe("completing without network", () => {
  it("a photo that gets no answer: photo and report wait in the outbox, the form closes saying so, and both go once online", async () => {
    let down = true;
    const done = repair({ stage: "completed", issue_status: 1, actions: [] });
    const calls = await fillForm({
      "POST issue/media": () => (down ? noNetwork() : mediaOk()),
      "POST issue/complete": () => json(200, { message: "Job completed.", status: 1, data: done }),
    });
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(toasts.value.at(-1)?.message).toBe("No network: the completion is saved on this phone and will be sent when you are back online.");
    expect(outboxItems.value.map((i) => [i.kind, i.issueId, i.state, i.total, i.files])).toEqual([["complete", 7, "waiting", 2, 1]]);
    expect(posts(calls).map((c) => c.path)).toEqual(["issue/media"]);
    expect(history.state).toMatchObject({ issue_id: 7, stage: "completed" });

    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    const sent = posts(calls);
    expect(sent.map((c) => [c.path, c.params.get("phase")])).toEqual([
      ["issue/media", "after"],
      ["issue/media", "after"],
      ["issue/complete", null],
    ]);
    // The same photo, the same bytes, the same key: the server stores it once.
    expect(sent[1].headers.get("idempotency-key")).toBe(sent[0].headers.get("idempotency-key"));
    expect(sent[1].bytes).toBe(sent[0].bytes);
    expect(sent[1].headers.get("content-type")).toBe("image/jpeg");
    expect(sent[2].body).toMatchObject({ notes: "Replaced the tap washer.", minutes: 85 });
    expect(sent[2].headers.get("idempotency-key")).toBeTruthy();
  });

  it("offline at the press: nothing is tried; the photo and the report go in order once online", async () => {
    const calls = await fillForm({
      "POST issue/media": mediaOk,
      "POST issue/complete": () => json(200, { message: "Job completed.", status: 1, data: repair({ stage: "completed", issue_status: 1 }) }),
    });
    act(() => void (online.value = false));
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(calls).toHaveLength(0);
    expect(outboxItems.value.map((i) => [i.kind, i.state])).toEqual([["complete", "waiting"]]);
    // The closed job it opens on says the completion waits to be sent.
    cleanup();
    render(<IssueReadOnlyView title="titles.issueDetails" />);
    const note = await screen.findByTestId("outbox-note");
    expect(within(note).getByText("Complete job: Kitchen sink leaking")).toBeTruthy();
    expect(within(note).getByText("Waiting to send")).toBeTruthy();
    expect(within(note).getByText("Files: 1")).toBeTruthy();

    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    expect(posts(calls).map((c) => c.path)).toEqual(["issue/media", "issue/complete"]);
    expect(posts(calls)[0].bytes).toBeGreaterThan(0);
  });

  it("the photo arrived but the report got no answer: only the report waits, under the key it was sent with", async () => {
    let down = true;
    const calls = await fillForm({
      "POST issue/media": mediaOk,
      "POST issue/complete": () => (down ? noNetwork() : json(200, { message: "Job completed.", status: 1 })),
    });
    submit();
    await waitFor(() => expect(location.hash).toBe("#/property/closed-issue?issue_id=7"));
    expect(outboxItems.value.map((i) => [i.kind, i.total, i.files])).toEqual([["complete", 1, 0]]);
    down = false;
    goOnline();
    await waitFor(() => expect(outboxItems.value.map((i) => i.state)).toEqual(["sent"]));
    const completes = posts(calls).filter((c) => c.path === "issue/complete");
    expect(completes).toHaveLength(2);
    expect(completes[1].headers.get("idempotency-key")).toBe(completes[0].headers.get("idempotency-key"));
    expect(completes[1].body).toEqual(completes[0].body);
    expect(posts(calls).filter((c) => c.path === "issue/media")).toHaveLength(1);
  });
});
