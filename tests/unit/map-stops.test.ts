import { describe, expect, it } from "vitest";
import { stageColour, stopHtml } from "../../src/components/map/markers";
import { STAGE_COLOURS } from "../../src/components/repair/StageBadge";
import type { Issue } from "../../src/contract/issues";
import { directionsLink, placeOf, visitOrder } from "../../src/lib/map-stops";

const job = (issue_id: number, over: Partial<Issue> = {}): Issue =>
  ({
    issue_id,
    title: `Job ${issue_id}`,
    issue_status: 0,
    created_at: `2026-11-0${issue_id % 9}T08:00:00Z`,
    property_id: 1,
    location: { lat: 23.6 + issue_id / 100, lng: 58.4 },
    visit: null,
    ...over,
  }) as Issue;
const at = (date: string, time_from: string) => ({ visit: { date, time_from, time_to: "23:00" } });
const TODAY = "2026-11-24";

describe("visitOrder", () => {
  it("numbers today's visits first by their start, then the coming days, then overdue visits, then jobs with no visit", () => {
    const { stops } = visitOrder(
      [
        job(1),
        job(2, at("2026-11-25", "08:00")),
        job(3, at(TODAY, "14:00")),
        job(4, at("2026-11-20", "09:00")),
        job(5, at(TODAY, "09:30")),
        job(6, at("2026-11-26", "07:00")),
      ],
      TODAY,
    );
    expect(stops.map((s) => [s.n, s.issue.issue_id])).toEqual([
      [1, 5],
      [2, 3],
      [3, 2],
      [4, 6],
      [5, 4],
      [6, 1],
    ]);
  });

  it("puts two jobs at the same time in the order they were reported", () => {
    const { stops } = visitOrder(
      [job(8, { ...at(TODAY, "10:00"), created_at: "2026-11-05T00:00:00Z" }), job(7, { ...at(TODAY, "10:00"), created_at: "2026-11-01T00:00:00Z" })],
      TODAY,
    );
    expect(stops.map((s) => s.issue.issue_id)).toEqual([7, 8]);
  });

  it("leaves out jobs without a usable location and counts them", () => {
    const { stops, missing } = visitOrder(
      [job(1), job(2, { location: null }), job(3, { location: { lat: null, lng: 58 } }), job(4, { location: { lat: 123, lng: 58 } })],
      TODAY,
    );
    expect(stops.map((s) => [s.n, s.issue.issue_id])).toEqual([[1, 1]]);
    expect(missing).toBe(3);
    expect(placeOf({ location: { lat: 0, lng: 0 } })).toEqual({ lat: 0, lng: 0 });
  });
});

describe("markers", () => {
  it("colour each stage as its badge does, and an unknown stage as open or closed", () => {
    expect(stageColour("scheduled")).toBe(STAGE_COLOURS.scheduled.fg);
    expect(stageColour("in_progress")).toBe(STAGE_COLOURS.in_progress.fg);
    expect(stageColour("assigned")).not.toBe(stageColour("scheduled"));
    expect(stageColour("somewhere-new", 0)).toBe(STAGE_COLOURS.reported.fg);
    expect(stageColour(undefined, 1)).toBe(STAGE_COLOURS.closed.fg);
  });

  it("show the visit number, name themselves in words and escape the title", () => {
    const html = stopHtml(3, "#115e59", 'Job 3: <b>"Leak"</b>, Scheduled', true);
    expect(html).toContain(">3</span>");
    expect(html).toContain("background:#115e59");
    expect(html).toContain("selected");
    expect(html).toContain("&#60;b&#62;&#34;Leak&#34;&#60;/b&#62;");
    expect(html).not.toContain("<b>");
    expect(stopHtml(null, "#000", "x")).toContain('data-n=""');
  });
});

describe("directionsLink", () => {
  it("opens a geo: URI on Android, Apple Maps on an iPhone and Google Maps' directions elsewhere", () => {
    const android = "Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
    expect(directionsLink(23.6, 58.41, "Villa 48, Al Mouj", android)).toBe("geo:23.6,58.41?q=23.6,58.41(Villa%2048%2C%20Al%20Mouj)");
    expect(directionsLink(23.6, 58.41, "x", iphone)).toBe("https://maps.apple.com/?daddr=23.6,58.41&dirflg=d");
    expect(directionsLink(23.6, 58.41, "x", desktop)).toBe("https://www.google.com/maps/dir/?api=1&destination=23.6,58.41");
  });
});
