import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { STAGE_COLOURS } from "../../src/components/repair/StageBadge";
import { STAGES } from "../../src/contract/repairs";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { RepairsView } from "../../src/views/repair/repairs";
import { fakeRepairApi, json, repair } from "./repair-helpers";
import { FakeObserver } from "./staff-helpers";

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApi(createApi());
  act(() => void (lang.value = "en"));
});

const page = (items: ReturnType<typeof repair>[], total = items.length) => json(200, { status: 1, total, data: items });
const show = (to = "/repair") => {
  navigate(to);
  return render(<RepairsView title="titles.repair" />);
};
const cards = () => screen.queryAllByTestId("repair-card");

const scheduled = repair({
  issue_id: 7,
  title: "Kitchen sink leaking",
  name: "Al Noor Tower",
  unit_name: "101",
  stage: "scheduled",
  tech_name: "Khalid Al Hinai",
  visit: { date: "2026-11-25", time_from: "09:00", time_to: "11:00" },
  emergency: true,
});
const proposed = repair({ issue_id: 8, title: "AC not cooling", stage: "proposed", actions: ["pick_slot", "request_slots", "comment"] });
const completed = repair({ issue_id: 9, title: "Door lock stuck", stage: "completed", issue_status: 1, actions: ["confirm", "reopen"] });
const closed = repair({ issue_id: 10, title: "Water heater replaced", stage: "closed", issue_status: 1 });

describe("/repair cards", () => {
  it("shows stage, emergency, title, property and unit, technician and the agreed visit, and opens the issue with itself as state", async () => {
    const calls = fakeRepairApi({ "GET issue/issues": () => page([scheduled]) });
    show();
    const [card] = await screen.findAllByTestId("repair-card");
    expect(within(card).getByTestId("stage-badge").textContent).toBe("Scheduled");
    expect(within(card).getByTestId("emergency").textContent).toBe("Emergency");
    expect(card.textContent).toContain("Kitchen sink leaking");
    expect(card.textContent).toContain("Al Noor Tower · Unit 101");
    expect(card.textContent).toContain("Technician: Khalid Al Hinai");
    expect(within(card).getByTestId("repair-next").textContent).toBe("Visit: Wed 25 Nov 2026, 9:00\u00a0AM – 11:00\u00a0AM");
    expect(card.getAttribute("href")).toBe("#/property/issues-view?issue_id=7");
    expect(calls[0].params.get("status")).toBe("open");
    expect(calls[0].params.get("page_num")).toBe("1");
    fireEvent.click(card);
    expect(location.hash).toBe("#/property/issues-view?issue_id=7");
    expect(history.state).toMatchObject({ issue_id: 7, stage: "scheduled" });
  });

  it("says 'Pick a time' and 'Rate the repair' where the user must act, before any visit", async () => {
    fakeRepairApi({ "GET issue/issues": () => page([proposed, completed, repair({ issue_id: 11, title: "Fresh report" })]) });
    show();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(within(cards()[0]).getByTestId("repair-next").textContent).toBe("Pick a time");
    expect(within(cards()[1]).getByTestId("repair-next").textContent).toBe("Rate the repair");
    // A fresh report has no next step and no technician yet.
    expect(within(cards()[2]).queryByTestId("repair-next")).toBeNull();
    expect(cards()[2].textContent).not.toContain("Technician");
    expect(within(cards()[2]).getByTestId("stage-badge").textContent).toBe("Reported");
  });

  // Walked: a repair closed on 29 Nov said "Visit: Thu 3 Dec" (the technician came before the agreed day).
  it("says when a closed repair was done, not its visit; a cancelled one says neither", async () => {
    const visit = { date: "2026-12-03", time_from: "15:30", time_to: "18:00" };
    const done = repair({ ...closed, visit, completed_at: "2026-11-29T10:15:00.000Z" });
    const cancelled = repair({ issue_id: 12, title: "Not needed", stage: "cancelled", issue_status: 1, visit });
    fakeRepairApi({ "GET issue/issues": () => page([done, cancelled]) });
    show();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]).getByTestId("repair-next").textContent).toBe("Done on 29 Nov 2026");
    expect(within(cards()[1]).queryByTestId("repair-next")).toBeNull();
    act(() => void (lang.value = "ar"));
    expect(within(cards()[0]).getByTestId("repair-next").textContent).toBe("أُنجز في 29 نوفمبر 2026");
  });

  it("shows the card in Arabic with Western digits", async () => {
    act(() => void (lang.value = "ar"));
    fakeRepairApi({ "GET issue/issues": () => page([scheduled]) });
    show();
    const [card] = await screen.findAllByTestId("repair-card");
    expect(within(card).getByTestId("stage-badge").textContent).toBe("تم تحديد الموعد");
    expect(within(card).getByTestId("repair-next").textContent).toBe("الزيارة: الأربعاء 25 نوفمبر 2026، 9:00\u00a0ص – 11:00\u00a0ص");
  });
});

describe("/repair tabs", () => {
  it("switches to Closed through the query and asks for closed repairs", async () => {
    const calls = fakeRepairApi({ "GET issue/issues": (c) => page(c.params.get("status") === "closed" ? [closed] : [scheduled]) });
    show();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole("tab", { name: "Closed" }));
    expect(location.hash).toBe("#/repair?tab=closed");
    await waitFor(() => expect(cards()[0]?.textContent).toContain("Water heater replaced"));
    expect(screen.getByRole("tab", { name: "Closed" }).getAttribute("aria-selected")).toBe("true");
    expect(calls.map((c) => c.params.get("status"))).toEqual(["open", "closed"]);
  });

  it("opens on the Closed tab from a link", async () => {
    const calls = fakeRepairApi({ "GET issue/issues": () => page([closed]) });
    show("/repair?tab=closed");
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls[0].params.get("status")).toBe("closed");
  });

  // Like /jobs's bug: a slow Open answer must not replace the Closed list.
  it("keeps the Closed list when a slow Open answer arrives after switching, and aborts the Open request", async () => {
    const held: { status: string; signal: AbortSignal; answer: (r: Response) => void }[] = [];
    setApi(
      createApi({
        prefixUrl: "http://localhost/api",
        retry: 0,
        fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
          const req = input instanceof Request ? input : new Request(input, init);
          return new Promise<Response>((answer) => held.push({ status: new URL(req.url).searchParams.get("status") ?? "", signal: req.signal, answer }));
        }) as typeof globalThis.fetch,
      }),
    );
    show();
    await waitFor(() => expect(held.map((h) => h.status)).toEqual(["open"]));
    fireEvent.click(screen.getByRole("tab", { name: "Closed" }));
    await waitFor(() => expect(held.map((h) => h.status)).toEqual(["open", "closed"]));
    expect(held[0].signal.aborted).toBe(true);
    held[1].answer(page([closed]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await act(async () => {
      held[0].answer(page([scheduled]));
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(cards()).toHaveLength(1);
    expect(cards()[0].textContent).toContain("Water heater replaced");
  });

  it("loads the next page near the end of the list", async () => {
    const all = Array.from({ length: 12 }, (_, i) => repair({ issue_id: 100 + i, title: `Repair ${i + 1}` }));
    const calls = fakeRepairApi({
      "GET issue/issues": (c) => {
        const n = Number(c.params.get("page_num"));
        return page(all.slice((n - 1) * 10, n * 10), all.length);
      },
    });
    show();
    await waitFor(() => expect(cards()).toHaveLength(10));
    await waitFor(() => expect(FakeObserver.live()).toHaveLength(1));
    act(() => FakeObserver.reachEnd());
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(calls.map((c) => c.params.get("page_num"))).toEqual(["1", "2"]);
  });
});

describe("/repair empty and failed", () => {
  it("on Open with nothing says 'No open repairs' and links to Report a problem", async () => {
    fakeRepairApi({ "GET issue/issues": () => page([]) });
    show();
    const empty = await screen.findByTestId("repair-empty");
    expect(empty.textContent).toContain("No open repairs");
    expect(within(empty).getByRole("link", { name: "Report a problem" }).getAttribute("href")).toBe("#/property/addissues");
  });

  it("on Closed with nothing says nothing is closed yet, with no report link", async () => {
    fakeRepairApi({ "GET issue/issues": () => page([]) });
    show("/repair?tab=closed");
    const empty = await screen.findByTestId("repair-empty");
    expect(empty.textContent).toContain("Nothing closed yet");
    expect(within(empty).queryByRole("link")).toBeNull();
  });

  it("shows the error with a retry that asks for the same page again", async () => {
    let fail = true;
    const calls = fakeRepairApi({ "GET issue/issues": () => (fail ? json(500, { detail: "down" }) : page([scheduled])) });
    show();
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load your repairs.");
    expect(screen.queryByTestId("repair-empty")).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.map((c) => c.params.get("page_num"))).toEqual(["1", "1"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("/repair?show= (a count of the manager's /home, opened)", () => {
  afterEach(() => signOut());

  it("lists the repairs the count stands for, under its title with a back arrow, without tabs", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1, user_id: 601 });
    const calls = fakeRepairApi({ "GET issue/issues": () => page([scheduled]) });
    show("/repair?show=overdue");
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Overdue visits");
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(Object.fromEntries(calls[0].params)).toEqual({ status: "open", page_num: "1", scope: "company", visit: "overdue" });
  });

  it("says when there is nothing, in Arabic too, and links to every open repair", async () => {
    signIn({ access_token: "t", role: 2, got_email_mob: 1, user_id: 601 });
    const calls = fakeRepairApi({ "GET issue/issues": () => page([]) });
    act(() => void (lang.value = "ar"));
    show("/repair?show=waiting");
    const empty = await screen.findByTestId("repair-empty");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("بانتظار القبول");
    expect(empty.textContent).toContain("لا يوجد إصلاح ينتظر قبول فنّي.");
    expect(within(empty).getByRole("link", { name: "كل الإصلاحات المفتوحة" }).getAttribute("href")).toBe("#/repair");
    expect(calls[0].params.get("stage")).toBe("assigned");
  });

  it("an unknown ?show= is the plain list", async () => {
    const calls = fakeRepairApi({ "GET issue/issues": () => page([scheduled]) });
    show("/repair?show=constructor");
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole("tablist")).toBeTruthy();
    expect(calls[0].params.has("visit")).toBe(false);
  });
});

/** WCAG relative luminance and contrast of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("stage badge colours", () => {
  it("give every stage a colour pair with at least AA contrast (4.5:1)", () => {
    for (const stage of STAGES) expect(contrast(STAGE_COLOURS[stage].fg, STAGE_COLOURS[stage].bg), stage).toBeGreaterThanOrEqual(4.5);
  });
});
