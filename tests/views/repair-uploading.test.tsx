// "A report with a file still uploading says so and finishes on its own" (issue 11): the report screen's files keep
// going after the user leaves it, and the repair card and the issue screen say how many have arrived; once the last
// one is in, the issue screen loads the issue again to show them.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { RepairCard } from "../../src/components/repair/RepairCard";
import { navigate } from "../../src/lib/hash-location";
import { setPendingUploads } from "../../src/signals/pending-uploads";
import { IssueReadOnlyView } from "../../src/views/issues/issue-view";
import { fakeRepairApi, json, repair } from "./repair-helpers";

afterEach(() => {
  act(() => setPendingUploads(5, null));
  setApi(createApi());
});

describe("files still on their way", () => {
  it("the repair card says how many photos have been sent, and stops saying it once all are in", () => {
    render(<RepairCard issue={repair({ issue_id: 5, title: "Kitchen sink leaking" })} />);
    expect(screen.queryByTestId("card-uploading")).toBeNull();
    act(() => setPendingUploads(5, { sent: 1, total: 2 }));
    expect(screen.getByTestId("card-uploading").textContent).toBe("Sending photos: 1 of 2 sent");
    act(() => setPendingUploads(5, { sent: 2, total: 2 }));
    expect(screen.queryByTestId("card-uploading")).toBeNull();
  });

  it("the issue screen says so too, and loads the issue again when the last photo arrived, showing it", async () => {
    const withPhoto = repair({
      issue_id: 5,
      title: "Kitchen sink leaking",
      issue_images: [{ file_name: "sink.jpg", path: "", url: "api/issue/file/1?sig=x" }],
    });
    const calls = fakeRepairApi({
      "GET issue/issue": () => json(200, { status: 1, data: withPhoto }),
      "GET issue/timeline": () => json(200, { status: 1, data: [] }),
    });
    act(() => setPendingUploads(5, { sent: 0, total: 1 }));
    navigate("/property/issues-view?issue_id=5", { state: repair({ issue_id: 5, title: "Kitchen sink leaking" }) });
    render(<IssueReadOnlyView title="titles.issueDetails" />);
    expect(screen.getByTestId("issue-uploading").textContent).toBe("Sending photos: 0 of 1 sent");
    expect(calls.filter((c) => c.path === "issue/issue")).toHaveLength(0);
    act(() => setPendingUploads(5, null));
    await waitFor(() => expect(calls.filter((c) => c.path === "issue/issue")).toHaveLength(1));
    expect(screen.queryByTestId("issue-uploading")).toBeNull();
    await waitFor(() => expect(screen.getByText(/Images: 1/)).toBeTruthy());
  });
});
