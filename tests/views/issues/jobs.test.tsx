import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../../src/api/client";
import { navigate } from "../../../src/lib/hash-location";
import { JobsView } from "../../../src/views/issues/jobs";
import { issue, json } from "../issues-helpers";

/** A fake server whose answers the test releases one by one; it keeps each request's abort signal. */
function heldServer() {
  const held: { status: string; signal: AbortSignal; answer: (r: Response) => void }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const status = new URL(req.url).searchParams.get("status") ?? "";
    return new Promise<Response>((answer) => held.push({ status, signal: req.signal, answer }));
  };
  setApi(createApi({ prefixUrl: "http://localhost/api", fetch: fetch as typeof globalThis.fetch, retry: 0 }));
  return held;
}
const page = (...items: ReturnType<typeof issue>[]) => json(200, { status: 1, total: items.length, data: items });
const openJob = issue({ issue_id: 7, title: "Kitchen sink leaking" });
const closedJob = issue({ issue_id: 8, title: "Water heater replaced", issue_status: 1 });

afterEach(() => setApi(createApi()));

describe("JobsView tabs", () => {
  // Bug: a slow Open answer replaced the list while Closed was shown.
  it("keeps the Closed list when a slow Open answer arrives after switching to Closed", async () => {
    const held = heldServer();
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    await waitFor(() => expect(held.map((h) => h.status)).toEqual(["open"]));
    fireEvent.click(screen.getByRole("tab", { name: "Closed" }));
    await waitFor(() => expect(held.map((h) => h.status)).toEqual(["open", "closed"]));
    held[1].answer(page(closedJob));
    expect(await screen.findByRole("button", { name: /Water heater replaced/ })).toBeTruthy();
    // The Open answer comes last, slow.
    await act(async () => {
      held[0].answer(page(openJob));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByRole("tab", { name: "Closed" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("button", { name: /Water heater replaced/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Kitchen sink leaking/ })).toBeNull();
  });

  it("aborts the Open request on its way when Closed is chosen, and the request of the shown tab when the screen closes", async () => {
    const held = heldServer();
    navigate("/jobs");
    const { unmount } = render(<JobsView title="titles.jobs" />);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0].signal.aborted).toBe(false);
    fireEvent.click(screen.getByRole("tab", { name: "Closed" }));
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held[0].signal.aborted).toBe(true);
    expect(held[1].signal.aborted).toBe(false);
    unmount();
    expect(held[1].signal.aborted).toBe(true);
  });

  it("shows the error with a retry that asks for the same page again", async () => {
    let fail = true;
    const statuses: string[] = [];
    setApi(
      createApi({
        prefixUrl: "http://localhost/api",
        retry: 0,
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          const req = input instanceof Request ? input : new Request(input, init);
          statuses.push(new URL(req.url).searchParams.get("page_num") ?? "");
          return fail ? json(500, { detail: "down" }) : page(openJob);
        }) as typeof globalThis.fetch,
      }),
    );
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    expect(await screen.findByRole("alert")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: /Kitchen sink leaking/ })).toBeTruthy();
    expect(statuses).toEqual(["1", "1"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("JobsView cards", () => {
  it("show each job's stage, and a job on hold as on hold (they all said Open)", async () => {
    const held = heldServer();
    navigate("/jobs");
    render(<JobsView title="titles.jobs" />);
    await waitFor(() => expect(held).toHaveLength(1));
    held[0].answer(
      page(
        issue({ issue_id: 7, title: "Kitchen sink leaking", stage: "scheduled" }),
        issue({ issue_id: 9, title: "Door lock stuck", stage: "in_progress", held_at: "2026-11-20T09:00:00Z" }),
        issue({ issue_id: 10, title: "Old server job" }),
      ),
    );
    await screen.findByRole("button", { name: /Kitchen sink leaking/ });
    expect(screen.getAllByTestId("stage-badge").map((b) => b.textContent)).toEqual(["Scheduled", "On hold", "Open"]);
  });
});
