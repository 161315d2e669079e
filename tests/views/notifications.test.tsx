// /notifications (issue 13) against a faked server: the list newest first with the unread marked, the sentence from the
// kind and parameters (in Arabic too), a tap that marks read and opens the issue, mark all, Show more, the empty state,
// the settings per kind saved with PUT; the bell's count in the header and the bottom bar; the one-time push question
// after a useful action; and the prepared WhatsApp message naming the repair.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi, setApi } from "../../src/api/client";
import { BottomNav } from "../../src/components/BottomNav";
import { Header } from "../../src/components/Header";
import { PushPrompt } from "../../src/components/PushPrompt";
import { ContactCard } from "../../src/components/issues/ContactCard";
import { NOTIFICATION_KINDS, MAIL_KINDS, type Notification } from "../../src/contract/notifications";
import { navigate } from "../../src/lib/hash-location";
import { lang } from "../../src/signals/language";
import { signIn, signOut } from "../../src/signals/session";
import { toasts } from "../../src/signals/toasts";
import { unread } from "../../src/signals/unread";
import { NotificationsView, sentence } from "../../src/views/notifications/notifications";
import { OpenIssueView } from "../../src/views/issues/open-issue";
import { type RepairCall, fakeRepairApi, json, repair } from "./repair-helpers";

// Now is Tuesday 24 November 2026, 10:00 UTC (only the clock is faked).
const NOW = new Date("2026-11-24T10:00:00.000Z");
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  signIn({ access_token: "tok", role: 3, got_email_mob: 1, name: "Aisha Tenant", user_id: 3 });
});
afterEach(() => {
  vi.useRealTimers();
  signOut();
  setApi(createApi());
  act(() => {
    lang.value = "en";
    unread.value = 0;
  });
  toasts.value = [];
});

const note = (over: Partial<Notification> & { notification_id: number; kind: string }): Notification => ({
  issue_id: 12,
  params: { title: "Kitchen sink leaking", actor_name: "Salim Al Harthy" },
  created_at: "2026-11-24T09:55:00.000Z",
  read_at: null,
  ...over,
});
const PAGE1 = [
  note({ notification_id: 30, kind: "assigned", params: { title: "Kitchen sink leaking", actor_name: "Gulf Fix", tech_name: "Ahmed Al Balushi" } }),
  note({
    notification_id: 29,
    kind: "scheduled",
    issue_id: 9,
    params: { title: "Water heater", actor_name: "Ahmed", visit: { date: "2026-11-25", time_from: "09:00", time_to: "11:00" } },
    created_at: "2026-11-24T07:00:00.000Z",
    read_at: "2026-11-24T08:00:00.000Z",
  }),
  note({
    notification_id: 28,
    kind: "declined",
    params: { title: "Broken AC", actor_name: "Ahmed", reason: "No parts this week" },
    created_at: "2026-11-20T10:00:00.000Z",
  }),
];
const PAGE2 = [
  note({ notification_id: 7, kind: "comment", issue_id: 4, params: { title: "Door lock", actor_name: "Maryam" }, created_at: "2026-11-01T10:00:00.000Z" }),
];

const page = (data: Notification[], total = 4, unreadCount = 2) => json(200, { status: 1, total, unread: unreadCount, data });
const settingsAnswer = (over: Record<string, { push: boolean; mail: boolean }> = {}) => ({
  status: 1,
  data: {
    settings: NOTIFICATION_KINDS.map((kind) => ({ kind, ...(over[kind] ?? { push: true, mail: MAIL_KINDS.includes(kind) }) })),
    push_public_key: "BAAECAwQ",
  },
});
const listRoutes = (extra: Record<string, (c: RepairCall) => Response | Promise<Response>> = {}) => ({
  "GET notification/notifications": (c: RepairCall) => (c.params.get("page_num") === "2" ? page(PAGE2) : page(PAGE1)),
  "PUT notification/read": () => json(200, { status: 1 }),
  "POST notification/read_all": () => json(200, { status: 1 }),
  ...extra,
});
function show(routes: Record<string, (c: RepairCall) => Response | Promise<Response>> = listRoutes(), query = "") {
  const calls = fakeRepairApi(routes);
  navigate(`/notifications${query}`);
  render(<NotificationsView title="titles.notifications" />);
  return calls;
}
const rows = () => screen.getAllByTestId("notification");
const lastToast = () => toasts.value.at(-1)?.message;

describe("the notifications list", () => {
  it("shows the sentences newest first, marks the unread ones, and takes the server's unread count for the bell", async () => {
    const calls = show();
    await screen.findByTestId("notification-list");
    expect(calls.map((c) => `${c.method} ${c.path}?${c.params}`)).toEqual(["GET notification/notifications?page_num=1"]);
    expect(rows().map((r) => r.textContent)).toEqual([
      "Ahmed Al Balushi will do your repair “Kitchen sink leaking”. (unread)5 minutes ago",
      "The visit for “Water heater” is set for Wed 25 Nov 2026, 9:00\u00a0AM – 11:00\u00a0AM.3 hours ago",
      "Ahmed cannot take “Broken AC” after all: another technician will be assigned, and you will be told. (unread)No parts this week4 days ago",
    ]);
    expect(rows().map((r) => r.hasAttribute("data-unread"))).toEqual([true, false, true]);
    expect(rows()[0].querySelector(".sr-only")?.textContent).toBe(" (unread)");
    expect(rows()[0].getAttribute("href")).toBe("#/property/issues-view?issue_id=12");
    expect(unread.value).toBe(2);
  });

  it("a tap marks it read with PUT, with the earlier ones of its issue, and opens the issue; a read one opens without a request", async () => {
    const calls = show();
    await screen.findByTestId("notification-list");
    fireEvent.click(rows()[0]);
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT").map((c) => `${c.path}?${c.params}`)).toEqual(["notification/read?id=30"]));
    expect(location.hash).toBe("#/property/issues-view?issue_id=12");
    // The declined job of 20 November is of the same issue, and earlier: read with it, as the server reads it.
    expect(unread.value).toBe(0);
    expect(rows().map((r) => r.hasAttribute("data-unread"))).toEqual([false, false, false]);

    fireEvent.click(rows()[1]);
    expect(location.hash).toBe("#/property/issues-view?issue_id=9");
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
  });

  it("opens the technician's job, or the finished job, and tells the technician 'you'", async () => {
    signIn({ access_token: "tok", role: 1, got_email_mob: 1, name: "Ahmed", user_id: 5 });
    show(
      listRoutes({
        "GET notification/notifications": () =>
          page(
            [
              note({ notification_id: 3, kind: "assigned", params: { title: "Kitchen sink leaking", actor_name: "Gulf Fix" } }),
              note({ notification_id: 2, kind: "confirmed", issue_id: 8, params: { title: "Water heater", actor_name: "Aisha" } }),
            ],
            2,
            2,
          ),
      }),
    );
    await screen.findByTestId("notification-list");
    expect(rows()[0].textContent).toContain("Gulf Fix assigned you the job “Kitchen sink leaking”.");
    expect(rows().map((r) => r.getAttribute("href"))).toEqual(["#/property/open-issues?issue_id=12", "#/property/closed-issue?issue_id=8"]);
    fireEvent.click(rows()[1]);
    expect(location.hash).toBe("#/property/closed-issue?issue_id=8");
  });

  it("marks all as read with one POST, and the button goes away", async () => {
    const calls = show();
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(lastToast()).toBe("All notifications are marked as read."));
    expect(calls.filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path}`)).toEqual(["POST notification/read_all"]);
    expect(rows().some((r) => r.hasAttribute("data-unread"))).toBe(false);
    expect(screen.queryByText("(unread)", { exact: false })).toBeNull();
    expect(unread.value).toBe(0);
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("says so when marking all fails, and keeps them unread", async () => {
    show(listRoutes({ "POST notification/read_all": () => json(503, { detail: "down" }) }));
    fireEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(lastToast()).toBe("That did not work. Please try again."));
    expect(rows()[0].hasAttribute("data-unread")).toBe(true);
    expect(unread.value).toBe(2);
  });

  it("Show more asks for page 2 and appends it; then there is no more to show", async () => {
    const calls = show();
    await screen.findByTestId("notification-list");
    expect(rows()).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls.map((c) => c.params.get("page_num"))).toEqual(["1", "2"]);
    expect(rows()[3].textContent).toBe("Maryam commented on “Door lock”. (unread)1 Nov 2026");
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("says what will appear here when there is nothing yet, with no Mark all", async () => {
    show(listRoutes({ "GET notification/notifications": () => page([], 0, 0) }));
    expect((await screen.findByTestId("notifications-empty")).textContent).toContain("When one of your repairs moves on");
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("says it in a technician's and a manager's terms to them (jobs, not 'your repairs')", async () => {
    signIn({ access_token: "tok", role: 1, got_email_mob: 1, name: "Ahmed", user_id: 5 });
    show(listRoutes({ "GET notification/notifications": () => page([], 0, 0) }));
    expect((await screen.findByTestId("notifications-empty")).textContent).toContain("When you are given a job");
    cleanup();
    signIn({ access_token: "tok", role: 2, got_email_mob: 1, name: "Fatma", user_id: 6 });
    show(listRoutes({ "GET notification/notifications": () => page([], 0, 0) }));
    expect((await screen.findByTestId("notifications-empty")).textContent).toContain("When a repair is reported");
  });

  it("writes the sentences in Arabic for an Arabic reader, digits Western", async () => {
    act(() => void (lang.value = "ar"));
    show();
    await screen.findByTestId("notification-list");
    expect(rows()[0].textContent).toBe("سيقوم \u2068Ahmed Al Balushi\u2069 بإصلاح «\u2068Kitchen sink leaking\u2069». (غير مقروء)قبل 5 دقائق");
    expect(
      rows()[1].textContent?.startsWith("تم تحديد موعد الزيارة من أجل «\u2068Water heater\u2069»: الأربعاء 25 نوفمبر 2026، 9:00\u00a0ص – 11:00\u00a0ص."),
    ).toBe(true);
    expect(screen.getByRole("button", { name: "تعليم الكل كمقروء" })).toBeTruthy();
  });
});

describe("the sentences by reader", () => {
  it("asks the customer to check and confirm a finished repair, and tells the company's manager that the customer is asked", () => {
    const done = { kind: "completed", issue_id: 7, params: { actor_name: "Ahmed Al Balushi", title: "Kitchen sink leaking" } };
    expect(sentence(done, 0)).toBe("Ahmed Al Balushi finished “Kitchen sink leaking”. Please check the work and confirm.");
    expect(sentence(done, 3)).toBe("Ahmed Al Balushi finished “Kitchen sink leaking”. Please check the work and confirm.");
    expect(sentence(done, 2)).toBe("Ahmed Al Balushi finished “Kitchen sink leaking”. The customer is asked to check the work and confirm.");
  });

  // Bug (walked at 360 px): the tenant heard who would do the repair, and nothing when that technician declined.
  it("tells a tenant that another technician will be found when the one named declines; the company hears the decline", () => {
    const no = { kind: "declined", issue_id: 7, params: { actor_name: "Ahmed Al Balushi", title: "Bathroom fan" } };
    expect(sentence(no, 3)).toBe("Ahmed Al Balushi cannot take “Bathroom fan” after all: another technician will be assigned, and you will be told.");
    expect(sentence(no, 2)).toBe("Ahmed Al Balushi declined the job “Bathroom fan”.");
  });
});

// Walked: the tenant's report had "This is an emergency" on, and the manager's notification read as any other.
describe("an emergency report", () => {
  it("says it is an emergency first, in both languages; a report without the flag does not", () => {
    const report = { kind: "reported", issue_id: 7, params: { actor_name: "Maryam Al Said", title: "Water pouring", emergency: true } };
    expect(sentence(report, 2)).toBe("Emergency: Maryam Al Said reported “Water pouring”.");
    expect(sentence({ ...report, params: { ...report.params, emergency: false } }, 2)).toBe("Maryam Al Said reported “Water pouring”.");
    act(() => void (lang.value = "ar"));
    expect(sentence(report, 2).startsWith("طارئ: ")).toBe(true);
    act(() => void (lang.value = "en"));
  });
});

describe("notification settings", () => {
  it("shows push for every kind and mail only for the mail kinds, and saves the changed rows with PUT", async () => {
    const calls = show(
      {
        "GET notification/settings": () => json(200, settingsAnswer({ comment: { push: false, mail: false } })),
        "PUT notification/settings": (c) =>
          json(200, { status: 1, data: { settings: (c.body as { settings: unknown[] }).settings, push_public_key: "BAAECAwQ" } }),
      },
      "?settings=1",
    );
    const list = await screen.findByTestId("notification-settings");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Notification settings");
    expect(within(list).getAllByRole("switch", { name: /^Push notification:/ })).toHaveLength(NOTIFICATION_KINDS.length);
    expect(
      within(list)
        .getAllByRole("switch", { name: /^Email:/ })
        .map((s) => s.getAttribute("aria-label")),
    ).toEqual(["Email: Job assigned", "Email: Visit scheduled", "Email: Visit moved", "Email: Repair completed"]);
    expect((screen.getByRole("switch", { name: "Push notification: New comment" }) as HTMLInputElement).checked).toBe(false);
    const save = screen.getByRole("button", { name: "Save settings" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByRole("switch", { name: "Push notification: New comment" }));
    // A tap anywhere in the switch's cell (48 px high, the column wide) flips it, not only on its 24 px box.
    fireEvent.click(screen.getByTestId("switch-scheduled-mail"));
    fireEvent.click(screen.getByRole("switch", { name: "Push notification: Reminder an hour before" }));
    fireEvent.click(screen.getByRole("switch", { name: "Push notification: Reminder an hour before" }));
    fireEvent.click(save);
    await waitFor(() => expect(lastToast()).toBe("Your notification settings are saved."));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      {
        settings: [
          { kind: "scheduled", push: true, mail: false },
          { kind: "comment", push: true, mail: false },
        ],
      },
    ]);
    expect(save.disabled).toBe(true);
  });

  it("asks before the back arrow leaves switches flipped and not saved; Keep editing keeps them, Discard goes", async () => {
    show({ "GET notification/settings": () => json(200, settingsAnswer()) }, "?settings=1");
    await screen.findByTestId("notification-settings");
    fireEvent.click(screen.getByRole("switch", { name: "Push notification: New comment" }));
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    const dialog = await screen.findByRole("dialog", { name: "Discard changes?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect(location.hash).toContain("settings=1");
    expect((screen.getByRole("switch", { name: "Push notification: New comment" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(location.hash).toBe("#/notifications"));
  });

  it("says so when the settings do not load, and the list links to them", async () => {
    show({ "GET notification/settings": () => json(503, { detail: "down" }) }, "?settings=1");
    expect(await screen.findByText("Could not load your notification settings.")).toBeTruthy();
  });
});

describe("the bell's unread count", () => {
  it("names the count in the header and the bottom bar, and shows none at 0", () => {
    act(() => void (unread.value = 3));
    render(
      <>
        <Header />
        <BottomNav path="/home" />
      </>,
    );
    const bells = screen.getAllByRole("link", { name: "Notifications, 3 unread" });
    // The bottom bar's links are the router's (the app gives it the hash router); the header's is a plain hash link.
    expect(bells.map((b) => b.getAttribute("href"))).toEqual(["#/notifications", "/notifications"]);
    expect(screen.getAllByTestId("unread-badge").map((b) => b.textContent)).toEqual(["3", "3"]);
    act(() => void (unread.value = 0));
    expect(screen.getAllByRole("link", { name: "Notifications" })).toHaveLength(2);
    expect(screen.queryByTestId("unread-badge")).toBeNull();
    act(() => void (lang.value = "ar"));
    act(() => void (unread.value = 120));
    expect(screen.getAllByRole("link", { name: "الإشعارات، 120 غير مقروءة" })).toHaveLength(2);
    expect(screen.getAllByTestId("unread-badge")[0].textContent).toBe("99+");
  });
});

describe("the one-time push question", () => {
  let granted: ReturnType<typeof vi.fn>;
  let subscribe: ReturnType<typeof vi.fn>;
  let register: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    granted = vi.fn(async () => "granted");
    subscribe = vi.fn(async () => ({
      endpoint: "https://push.example/abc",
      toJSON: () => ({ endpoint: "https://push.example/abc", keys: { p256dh: "BPkey", auth: "authkey" } }),
    }));
    register = vi.fn(async () => ({}));
    Object.assign(window, { Notification: { permission: "default", requestPermission: granted }, PushManager: class {} });
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: {
        register,
        ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }),
        addEventListener() {},
        removeEventListener() {},
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, "Notification");
    Reflect.deleteProperty(window, "PushManager");
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("Allow asks the browser, registers the worker, subscribes with the server's key and sends the subscription; never asked again", async () => {
    const calls = fakeRepairApi({
      "GET notification/settings": () => json(200, settingsAnswer()),
      "POST notification/push_subscription": () => json(201, { status: 1 }),
    });
    const view = render(<PushPrompt />);
    expect(screen.getByRole("heading", { name: "Get told when your repair moves?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Allow" }));
    expect(await screen.findByText("Notifications are on for this phone.")).toBeTruthy();
    expect(granted).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith("./sw.js");
    const options = subscribe.mock.calls[0][0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([4, 0, 4, 8, 12, 16]);
    expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["notification/push_subscription", { endpoint: "https://push.example/abc", keys: { p256dh: "BPkey", auth: "authkey" } }],
    ]);
    expect(localStorage.getItem("push_asked")).toBe("asked");
    view.unmount();
    render(<PushPrompt />);
    expect(screen.queryByTestId("push-prompt")).toBeNull();
  });

  it("Not now is remembered and asks the browser nothing", () => {
    render(<PushPrompt />);
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByTestId("push-prompt")).toBeNull();
    expect(granted).not.toHaveBeenCalled();
    expect(localStorage.getItem("push_asked")).toBe("later");
  });

  it("is not shown where the browser cannot push, or where it was already answered", () => {
    Reflect.deleteProperty(window, "PushManager");
    const a = render(<PushPrompt />);
    expect(screen.queryByTestId("push-prompt")).toBeNull();
    a.unmount();
    Object.assign(window, { PushManager: class {}, Notification: { permission: "denied", requestPermission: granted } });
    render(<PushPrompt />);
    expect(screen.queryByTestId("push-prompt")).toBeNull();
  });

  it("comes after a technician accepts a job, not before", async () => {
    signIn({ access_token: "tok", role: 1, got_email_mob: 1, name: "Ahmed", user_id: 5 });
    const assigned = repair({ stage: "assigned", actions: ["accept", "decline"] });
    fakeRepairApi({
      "POST issue/accept": () => json(200, { message: "Job accepted.", status: 1, data: repair({ stage: "accepted", actions: ["acknowledge"] }) }),
    });
    navigate(`/property/open-issues?issue_id=${assigned.issue_id}`, { state: assigned });
    render(<OpenIssueView title="titles.issueDetails" />);
    fireEvent.click(await screen.findByRole("button", { name: "Accept job" }));
    expect(screen.queryByTestId("push-prompt")).toBeNull();
    expect(await screen.findByRole("heading", { name: "Get told about your jobs?" })).toBeTruthy();
  });
});

describe("the prepared WhatsApp message", () => {
  it("greets the person and names the repair in the user's language, as plain text; without a repair it stays 'Hello there'", () => {
    const { rerender } = render(<ContactCard title="Technician" name="Ahmed" mobile="+968 9100 0002" repair="Kitchen sink leaking" />);
    const link = () => document.querySelector('a[href^="https://wa.me/"]')?.getAttribute("href") ?? "";
    const text = () => decodeURIComponent(link().split("?text=")[1]);
    expect(link().startsWith("https://wa.me/96891000002?text=")).toBe(true);
    expect(text()).toBe("Hello Ahmed, I am writing about the repair “Kitchen sink leaking”.");
    act(() => void (lang.value = "ar"));
    rerender(<ContactCard title="Technician" name="Ahmed" mobile="+968 9100 0002" repair="Kitchen sink leaking" />);
    // Without the isolates the app's own layout puts around names: they would travel as invisible characters.
    expect(text()).toBe("مرحبًا Ahmed، أكتب إليك بخصوص الإصلاح «Kitchen sink leaking».");
    rerender(<ContactCard title="Technician" name="Ahmed" mobile="+968 9100 0002" />);
    expect(text()).toBe("Hello there");
  });

  it("the technician's card on an open job names the repair", async () => {
    signIn({ access_token: "tok", role: 1, got_email_mob: 1, name: "Ahmed", user_id: 5 });
    const job = repair({ stage: "scheduled", actions: [] });
    fakeRepairApi({});
    navigate(`/property/open-issues?issue_id=${job.issue_id}`, { state: job });
    render(<OpenIssueView title="titles.issueDetails" />);
    const link = await screen.findByRole("link", { name: /WhatsApp/ });
    expect(decodeURIComponent(link.getAttribute("href")?.split("?text=")[1] ?? "")).toContain(`about the repair “${job.title}”`);
  });
});
