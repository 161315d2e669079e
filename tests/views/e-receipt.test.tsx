import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import type { Receipt } from "../../src/contract/jobs";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { EReceiptView, quoted } from "../../src/views/receipt/e-receipt";
import { type RepairCall, fakeRepairApi, json } from "./repair-helpers";

afterEach(() => {
  setApi(createApi());
  act(() => void (lang.value = "en"));
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "share");
  Reflect.deleteProperty(window, "print");
});

/** A receipt as GET /issue/receipt sends it: Omani rials (3 decimals), 5 % VAT, every amount also as text. */
const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  receipt_no: 17,
  issued_at: "2026-11-21T09:00:00.000Z",
  completed_at: "2026-11-20T10:00:00.000Z",
  property: { name: "Al Khuwair Residence", address: "Way 2734, Muscat, Oman", unit: "Flat 7" },
  company: { name: "Gulf Fix", reg_no: "CR-1234567" },
  technician: { name: "Khalid Al Hinai" },
  work: { notes: "Replaced the trap seal and two tap washers.", minutes: 90, follow_up: true, occupant_damage: false },
  before_photos: [{ media_id: 3, file_name: "leak.jpg", path: "", url: "/api/issue/file/3?sig=b" }],
  after_photos: [
    { media_id: 8, file_name: "done.jpg", path: "", url: "/api/issue/file/8?sig=a" },
    { media_id: 9, file_name: "done2.jpg", path: "", url: "/api/issue/file/9?sig=c" },
  ],
  parts: [
    { name: "Tap washer", qty: 2, unit_price_text: "0.500", total_text: "1.000" },
    { name: "Trap seal", qty: 1, unit_price_text: "2.250", total_text: "2.250" },
  ],
  labour: { minutes: 90, hourly_rate_text: "10.000", amount_text: "15.000" },
  extra_costs: [{ label: "Parking", amount_text: "1.000" }],
  subtotal_text: "19.250",
  vat_rate: 5,
  vat_text: "0.963",
  total_text: "20.213",
  currency: "OMR",
  decimals: 3,
  rating: 4,
  rating_comment: "Quick and tidy",
  signature: null,
  ...over,
});

function show(answer: (c: RepairCall) => Response, id = 42) {
  const calls = fakeRepairApi({ "GET issue/receipt": answer });
  navigate(`/property/e-receipt?issue_id=${id}`);
  render(<EReceiptView title="titles.eReceipt" />);
  return calls;
}
const ok =
  (over: Partial<Receipt> = {}) =>
  () =>
    json(200, { status: 1, data: receipt(over) });
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s+/g, " ").trim();

describe("the receipt", () => {
  it("asks the server for the issue's receipt and shows every part of it with the amounts as sent", async () => {
    const calls = show(ok());
    await screen.findByTestId("receipt-lines");
    expect(calls.map((c) => `${c.method} ${c.path}?${c.params}`)).toEqual(["GET issue/receipt?issue_id=42"]);
    expect(screen.getByRole("heading", { level: 1, name: "E-receipt" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();

    expect(screen.getByRole("heading", { name: "Receipt No. 17" })).toBeTruthy();
    const head = text("receipt-head");
    expect(head).toContain("Issued 21 Nov 2026");
    expect(head).toContain("Work completed 20 Nov 2026");
    expect(text("receipt-company")).toBe("Gulf FixRegistration No. CR-1234567");
    expect(text("receipt-property")).toBe("Al Khuwair Residence · Unit Flat 7Way 2734, Muscat, OmanTechnician: Khalid Al Hinai");

    const work = text("receipt-work");
    expect(work).toContain("Replaced the trap seal and two tap washers.");
    expect(work).toContain("A follow-up visit is needed.");
    expect(work).not.toContain("occupant");
    const srcs = (id: string) => [...screen.getByTestId(id).querySelectorAll("img")].map((i) => [i.getAttribute("src"), i.getAttribute("alt")]);
    expect(srcs("receipt-before")).toEqual([["/api/issue/file/3?sig=b", "Before the repair, photo 1"]]);
    expect(srcs("receipt-after")).toEqual([
      ["/api/issue/file/8?sig=a", "After the repair, photo 1"],
      ["/api/issue/file/9?sig=c", "After the repair, photo 2"],
    ]);

    const cells = (row: HTMLElement) => [...row.querySelectorAll("td")].map((td) => td.textContent);
    expect(screen.getAllByTestId("receipt-part").map(cells)).toEqual([
      ["Tap washer2 × 0.500 OMR", "1.000 OMR"],
      ["Trap seal1 × 2.250 OMR", "2.250 OMR"],
    ]);
    expect(cells(screen.getByTestId("receipt-labour"))).toEqual(["Labour1 h 30 min × 10.000 OMR an hour", "15.000 OMR"]);
    expect(text("receipt-cost")).toBe("Parking1.000 OMR");
    expect(text("receipt-vat")).toBe("VAT 5%0.963 OMR");
    expect(text("receipt-total")).toBe("Total20.213 OMR");
    expect(screen.getByTestId("receipt-lines").textContent).toContain("Subtotal19.250 OMR");

    expect(text("receipt-rating")).toContain("4 of 5 stars");
    expect(text("receipt-rating")).toContain("Quick and tidy");
    expect(screen.queryByRole("heading", { name: "Signature" })).toBeNull();
  });

  it("shows the currency's own decimals, an unrated repair, no parts, the damage note and the signature", async () => {
    show(
      ok({
        currency: "AED",
        decimals: 2,
        parts: [],
        extra_costs: [],
        labour: { minutes: 45, hourly_rate_text: "120.00", amount_text: "90.00" },
        subtotal_text: "90.00",
        vat_text: "4.50",
        total_text: "94.50",
        rating: null,
        rating_comment: null,
        work: { notes: "Reset the breaker.", minutes: 45, follow_up: false, occupant_damage: true },
        company: { name: null, reg_no: null },
        signature: { media_id: 12, file_name: "signature.png", path: "", url: "/api/issue/file/12?sig=s" },
      }),
    );
    expect(await screen.findByText("No parts were used.")).toBeTruthy();
    expect(text("receipt-total")).toBe("Total94.50 AED");
    // The time as worked, so the line adds up: 45 min × 120.00 is 90.00 (a rounded "0.8 h" made it read 96.00).
    expect(text("receipt-labour")).toBe("Labour45 min × 120.00 AED an hour90.00 AED");
    expect(text("receipt-rating")).toBe("Not rated yet.");
    expect(text("receipt-work")).toContain("The damage was caused by the occupant.");
    expect(text("receipt-company")).toBe("Independent technician");
    expect(screen.getByRole("img", { name: "Signature of the person who was there" }).getAttribute("src")).toBe("/api/issue/file/12?sig=s");
  });

  it("reads right to left in Arabic, with the currency's Arabic name and Western digits", async () => {
    act(() => void (lang.value = "ar"));
    show(ok());
    expect(await screen.findByRole("heading", { name: "إيصال رقم 17" })).toBeTruthy();
    expect(text("receipt-total")).toBe("الإجمالي20.213 ر.ع.");
    expect(text("receipt-vat")).toBe("ضريبة القيمة المضافة 5%0.963 ر.ع.");
    expect(text("receipt-labour")).toBe("أجرة العملساعة و30 دقيقة × 10.000 ر.ع. للساعة15.000 ر.ع.");
    expect(text("receipt-head")).toContain("صدر في 21 نوفمبر 2026");
    expect(screen.getByRole("button", { name: "طباعة أو حفظ PDF" })).toBeTruthy();
  });

  it("writes the address from its parts in the reader's language (the country by its name), and the common areas", async () => {
    act(() => void (lang.value = "ar"));
    const property = { name: "Al Khuwair Residence", address: "233, 7, Way 3319, Muscat, OM", addres: "", unit_id: null, unit: null };
    show(ok({ property: { ...property, addrs: { block: "233", no: "7", street: "Way 3319", city: "Muscat", state: "", zipcode: "", country: "OM" } } }));
    await screen.findByRole("heading", { name: "إيصال رقم 17" });
    expect(text("receipt-property")).toContain("233 7 Way 3319 Muscat عُمان");
    expect(text("receipt-property")).toContain("المرافق المشتركة");
    expect(text("receipt-property")).not.toContain("OM");
  });
});

describe("the customer's words", () => {
  it("are quoted in their script's marks: « » around Arabic (“ ” read backwards there), “ ” otherwise", () => {
    expect(quoted("شكرًا، عمل ممتاز")).toBe("«شكرًا، عمل ممتاز»");
    expect(quoted("«٥» نجوم")).toBe("««٥» نجوم»");
    expect(quoted("Quick and tidy")).toBe("“Quick and tidy”");
    expect(quoted("5 stars, شكرًا")).toBe("“5 stars, شكرًا”");
  });
});

describe("print and share", () => {
  it("prints with the browser, on a page whose print stylesheet drops the chrome and fits A4", async () => {
    const print = vi.fn();
    Object.defineProperty(window, "print", { value: print, configurable: true });
    show(ok());
    fireEvent.click(await screen.findByRole("button", { name: "Print or save as PDF" }));
    expect(print).toHaveBeenCalledTimes(1);
    // The print rules are on the page while the receipt is on screen, and only then.
    const sheet = () => document.head.querySelector("style[data-receipt-print]")?.textContent ?? "";
    expect(sheet()).toMatch(/^@media print \{/);
    expect(sheet()).toContain("@page { size: A4;");
    expect(sheet()).toContain("header, nav, [data-toasts], [data-no-print], [data-receipt] button { display: none !important; }");
    expect(sheet()).toContain("[data-receipt] * { color: #000 !important; background: #fff !important;");
    expect(screen.getByRole("main").hasAttribute("data-receipt")).toBe(true);
    // The buttons are what the print rules hide.
    expect(screen.getByRole("button", { name: "Print or save as PDF" }).closest("[data-no-print]")).toBeTruthy();
    cleanup();
    expect(sheet()).toBe("");
  });

  it("shares with the phone's share sheet: a short text and the link to the receipt", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    show(ok());
    fireEvent.click(await screen.findByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledTimes(1);
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.title).toBe("Receipt No. 17");
    expect(data.text).toBe("Receipt No. 17 for Al Khuwair Residence: total 20.213 OMR.");
    expect(data.url).toMatch(/#\/property\/e-receipt\?issue_id=42$/);
    expect(screen.queryByTestId("share-whatsapp")).toBeNull();
  });

  it("falls back to a WhatsApp link with the same text and link where the browser cannot share", async () => {
    show(ok());
    const link = await screen.findByRole("link", { name: "Share on WhatsApp" });
    const url = new URL(link.getAttribute("href") ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/");
    const sent = url.searchParams.get("text") ?? "";
    expect(sent.split("\n")[0]).toBe("Receipt No. 17 for Al Khuwair Residence: total 20.213 OMR.");
    expect(sent.split("\n")[1]).toMatch(/^http.*#\/property\/e-receipt\?issue_id=42$/);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.queryByRole("button", { name: "Share" })).toBeNull();
  });

  // Walked: «الإجمالي 99.575 ر.ع..», the sign's own full stop and the sentence's.
  it("ends the Arabic message with one full stop after the sign ر.ع.", async () => {
    act(() => void (lang.value = "ar"));
    show(ok());
    const link = await screen.findByRole("link", { name: "مشاركة عبر واتساب" });
    const first = (new URL(link.getAttribute("href") ?? "").searchParams.get("text") ?? "").split("\n")[0];
    expect(first.endsWith("20.213 ر.ع.")).toBe(true);
    expect(first).not.toMatch(/\.\.$/);
  });
});

describe("when the server refuses", () => {
  it("explains a 403 in the user's language, with no receipt and no print", async () => {
    act(() => void (lang.value = "ar"));
    show(() => json(403, { detail: "Only the owner of the property and the company's managers can see the receipt." }));
    expect((await screen.findByRole("alert")).textContent).toBe("لا يطّلع على هذا الإيصال إلا مالك العقار ومديرو شركته.");
    expect(screen.queryByTestId("receipt-lines")).toBeNull();
    expect(screen.queryByRole("button", { name: "طباعة أو حفظ PDF" })).toBeNull();
  });

  it("explains a 409 (the work is not completed) and links back to the repair", async () => {
    show(() => json(409, { detail: "The receipt is ready once the work is completed." }));
    expect((await screen.findByRole("alert")).textContent).toBe("The receipt is ready once the technician has completed the work.");
    expect(screen.getByRole("link", { name: "Open the repair" }).getAttribute("href")).toBe("#/property/issues-view?issue_id=42");
  });

  it("offers to try again after a failure, and shows the receipt once it loads", async () => {
    let n = 0;
    const calls = show(() => (++n === 1 ? json(500, { detail: "boom" }) : json(200, { status: 1, data: receipt() })));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load the receipt.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("receipt-lines");
    expect(calls).toHaveLength(2);
  });

  it("asks nothing for a link without an issue", async () => {
    const calls = fakeRepairApi({});
    navigate("/property/e-receipt");
    render(<EReceiptView title="titles.eReceipt" />);
    expect(screen.getByRole("alert").textContent).toBe("This repair was not found, or it is not yours to see.");
    await waitFor(() => expect(calls).toHaveLength(0));
    expect(within(screen.getByRole("main")).queryByRole("link")).toBeNull();
  });
});
