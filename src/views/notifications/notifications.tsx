// /notifications (issue 13, DECISIONS.md D22; every role): the user's notifications, newest first, each a sentence
// written here from its kind and parameters in the user's language; unread ones marked (a dot, bold, and "unread" for
// screen readers). A tap marks it read and opens the issue; "Mark all as read"; "Show more" for older pages; and the
// settings per kind (push and mail switches, mail only for the kinds that go by mail) at ?settings=1.
import { css } from "goober";
import { type MouseEvent, useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchNotifications, fetchSettings, markAllRead, markRead, saveSettings } from "../../api/notifications";
import { DiscardChanges } from "../../components/DiscardChanges";
import { SavedAt } from "../../components/SavedAt";
import { ScreenTitle } from "../../components/ScreenTitle";
import { EmptyState, LinkButton, LoadError, Loading, listCss } from "../../components/property/parts";
import { Button } from "../../components/ui";
import { MAIL_KINDS, NOTIFICATION_KINDS, type Notification, type NotificationKind, type SettingRow } from "../../contract/notifications";
import { formatCreated, formatDay, formatSlotDate, formatSlotTime } from "../../lib/dates";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { askPushOnce, pushPermission, subscribePush } from "../../lib/push";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { usePagedList, useResource } from "../../lib/use-resource";
import { type ViewProps, paths } from "../../paths";
import { lang, t } from "../../signals/language";
import { role } from "../../signals/session";
import { showToast } from "../../signals/toasts";
import { setUnread, unread } from "../../signals/unread";
import { card, cx, muted, page, stack } from "../../styles/theme";
import { personName } from "../../lib/person";

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
/** Kinds whose issue is finished for the technician: the read-only screen opens rather than the open job. */
const FINISHED: readonly string[] = ["confirmed", "cancelled"];

/** The visit of the parameters in words ("Wed 25 Nov 2026, 9:00 AM – 11:00 AM"), or "the agreed time". */
function visitText(visit: unknown, locale: string) {
  const v = (visit ?? {}) as { date?: unknown; time_from?: unknown; time_to?: unknown };
  const date = text(v.date);
  if (!date) return t("notifications.agreedTime");
  const day = formatSlotDate(date, locale);
  const from = text(v.time_from);
  const to = text(v.time_to);
  return from && to ? t("notifications.visit", { date: day, from: formatSlotTime(from, locale), to: formatSlotTime(to, locale) }) : day;
}

/**
 * Kinds said otherwise to one role: the technician is told "you"; a company's manager, who does not confirm, that the
 * customer is asked to; a tenant, that another technician will be found when the one named declines.
 */
const BY_READER: Record<string, Record<number, string>> = {
  assigned: { 1: "assignedYou" },
  completed: { 2: "completedCompany" },
  declined: { 3: "declinedCustomer" },
};

/** The sentence of a notification in the current language, from its kind and parameters (the technician is told "you"). */
export function sentence(n: Pick<Notification, "kind" | "params" | "issue_id">, forRole: number | null = role.value) {
  const p = n.params;
  const actor = personName(text(p.actor_name)) ?? t("notifications.someone");
  const known = (NOTIFICATION_KINDS as readonly string[]).includes(n.kind);
  const key = (forRole != null && BY_READER[n.kind]?.[forRole]) || (known ? n.kind : "other");
  const said = t(`notifications.kind.${key}`, {
    actor,
    tech: personName(text(p.tech_name)) ?? actor,
    title: text(p.title) ?? (n.issue_id != null ? `#${n.issue_id}` : ""),
    when: visitText(p.visit, lang.value),
    property: text(p.property_name) ?? "",
  });
  // A report marked as an emergency says so first: its reporter was told "the company is told at once".
  return p.emergency === true ? t("notifications.emergency", { text: said }) : said;
}

/** "5 minutes ago", "yesterday", then the day (Western digits in Arabic too, D18). */
export function relativeTime(iso: string, locale: string, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  const abs = Math.abs(seconds);
  if (abs < 60) return t("notifications.justNow");
  if (abs >= 7 * 86400 || typeof Intl.RelativeTimeFormat !== "function") return formatDay(iso, locale);
  const rtf = new Intl.RelativeTimeFormat(locale === "ar" ? "ar-u-nu-latn" : locale, { numeric: "auto" });
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), "hour");
  return rtf.format(Math.round(seconds / 86400), "day");
}

/** Where a notification leads: the technician's job (or the finished job), else the issue; nothing without an issue. */
export function targetOf(n: Pick<Notification, "kind" | "params" | "issue_id">, forRole: number | null = role.value) {
  if (n.issue_id == null) return null;
  if (forRole !== 1) return paths.issueView(n.issue_id);
  return n.params.finished === true || FINISHED.includes(n.kind) ? paths.closedIssue(n.issue_id) : paths.openIssue(n.issue_id);
}

const rowCss = css`
  display: flex; gap: 12px; align-items: flex-start; width: 100%; padding: 12px; min-height: 44px; text-align: start;
  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); color: var(--ink); text-decoration: none;
  font: inherit; cursor: pointer;
  & .dot { flex: none; width: 10px; height: 10px; margin-top: 7px; border-radius: 50%; }
  & .body { min-width: 0; flex: 1; display: flex; flex-direction: column; gap: 4px; }
  & .text { overflow-wrap: anywhere; }
  & .reason { font-size: 14px; color: var(--muted); white-space: pre-wrap; overflow-wrap: anywhere; }
  & time { font-size: 13px; color: var(--muted); }
  &[data-unread] { background: #f0fdfa; border-color: var(--brand); }
  &[data-unread] .dot { background: var(--brand); }
  &[data-unread] .text { font-weight: 700; }
`;
const toolsCss = css`display: flex; flex-wrap: wrap; gap: 10px; align-items: center; & > * { flex: 1 1 160px; }`;

function Row({ item, onOpen }: { item: Notification; onOpen: (n: Notification, e: MouseEvent) => void }) {
  useSignals();
  const isUnread = item.read_at == null;
  const to = targetOf(item);
  const reason = text(item.params.reason);
  const inner = (
    <>
      <span className="dot" aria-hidden="true" />
      <span className="body">
        {/* The sentence is in the app's language, so it takes the page's direction: dir="auto" read an Arabic one that
            starts with an English name («Ahmed Al Balushi في الطريق…») as left to right. The reason is the user's text. */}
        <span className="text">
          {sentence(item)}
          {isUnread && <span className="sr-only"> ({t("notifications.unread")})</span>}
        </span>
        {reason && (
          <span className="reason" dir="auto">
            {reason}
          </span>
        )}
        <time dateTime={item.created_at} title={formatCreated(item.created_at, lang.value)}>
          {relativeTime(item.created_at, lang.value)}
        </time>
      </span>
    </>
  );
  const common = { className: rowCss, "data-unread": isUnread || undefined, "data-testid": "notification", onClick: (e: MouseEvent) => onOpen(item, e) };
  return to ? (
    <a href={`#${to}`} {...common}>
      {inner}
    </a>
  ) : (
    <button type="button" {...common}>
      {inner}
    </button>
  );
}

function NotificationList({ title }: { title: string }) {
  useSignals();
  const paged = usePagedList(
    (pageNum, signal) =>
      fetchNotifications(pageNum, signal).then((answer) => {
        setUnread(answer.unread);
        return answer;
      }),
    (n: Notification) => n.notification_id,
    [],
    { keep: "notifications" },
  );
  const { list, loading, error } = paged;
  const [marking, setMarking] = useState(false);
  const anyUnread = unread.value > 0 || list.items.some((n) => n.read_at == null);

  const readLocally = (ids: number[] | "all") => {
    const now = new Date().toISOString();
    paged.update((l) => ({
      ...l,
      items: l.items.map((n) => (n.read_at == null && (ids === "all" || ids.includes(n.notification_id)) ? { ...n, read_at: now } : n)),
    }));
  };

  const open = (n: Notification, e: MouseEvent) => {
    e.preventDefault();
    if (n.read_at == null) {
      // The earlier ones of the same issue go with it, as the server reads them (PUT /notification/read).
      const read = list.items
        .filter(
          (m) =>
            m.read_at == null && (m.notification_id === n.notification_id || (n.issue_id != null && m.issue_id === n.issue_id && m.created_at <= n.created_at)),
        )
        .map((m) => m.notification_id);
      readLocally(read);
      setUnread(Math.max(0, unread.value - read.length));
      markRead(n.notification_id).then(
        (left) => left !== undefined && setUnread(left),
        () => undefined,
      );
    }
    const to = targetOf(n);
    if (to) navigate(to);
  };

  const readAll = async () => {
    if (marking) return;
    setMarking(true);
    try {
      await markAllRead();
      readLocally("all");
      setUnread(0);
      showToast({ key: "notifications.markedAll" }, "success", { id: "notifications" });
    } catch {
      showToast({ key: "notifications.failed" }, "error", { id: "notifications" });
    } finally {
      setMarking(false);
    }
  };

  const empty = list.done && !loading && error == null && list.items.length === 0;
  return (
    <main className={page}>
      <ScreenTitle title={t(title)} />
      <div className={stack} aria-busy={loading}>
        <SavedAt at={paged.savedAt} />
        <div className={toolsCss}>
          {anyUnread && (
            <Button variant="secondary" onClick={() => void readAll()} disabled={marking} aria-busy={marking || undefined}>
              {t("notifications.markAll")}
            </Button>
          )}
          <LinkButton to={paths.notificationSettings}>{t("notifications.settings.open")}</LinkButton>
        </div>
        {list.items.length > 0 && (
          <ul className={listCss} data-testid="notification-list">
            {list.items.map((n) => (
              <li key={n.notification_id}>
                <Row item={n} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
        {empty && (
          <EmptyState
            text={t(role.value === 1 ? "notifications.emptyTech" : role.value === 2 ? "notifications.emptyManager" : "notifications.empty")}
            testId="notifications-empty"
          />
        )}
        {loading && <Loading />}
        {error != null && <LoadError retry={list.items.length ? paged.retry : paged.reload} text="notifications.loadError" />}
        {!loading && error == null && !list.done && list.nextPage > 1 && (
          <Button variant="secondary" onClick={paged.loadMore}>
            {t("notifications.showMore")}
          </Button>
        )}
      </div>
    </main>
  );
}

const settingsCss = css`
  list-style: none; margin: 0; padding: 0;
  & li { display: grid; grid-template-columns: 1fr 64px 64px; align-items: center; gap: 8px; min-height: 52px; border-bottom: 1px solid var(--line); }
  & li:last-child { border-bottom: 0; }
  & li.head { min-height: 0; padding-bottom: 6px; font-size: 13px; font-weight: 700; color: var(--muted); }
  & li > :not(:first-child) { justify-self: center; text-align: center; }
  & input { width: 24px; height: 24px; margin: 0; accent-color: var(--brand); cursor: pointer; }
  /* Each switch's whole column cell takes the tap, not only its 24 px box. */
  & li > label:not(:first-child) { justify-self: stretch; align-self: stretch; display: flex; align-items: center; justify-content: center; min-height: 48px; cursor: pointer; }
`;

type Draft = Record<string, SettingRow>;
const toDraft = (rows: readonly SettingRow[]) => Object.fromEntries(rows.map((r) => [r.kind, r])) as Draft;

/** Push on this phone: a button to turn it on while the browser was not asked, or why it is off. */
function PushState() {
  useSignals();
  const [permission, setPermission] = useState(pushPermission);
  const [busy, setBusy] = useState(false);
  if (permission === "unsupported" || permission === "granted") return null;
  if (permission === "denied") return <p className={muted}>{t("notifications.settings.pushBlocked")}</p>;
  const turnOn = () => {
    setBusy(true);
    void askPushOnce().then((r) => {
      setBusy(false);
      setPermission(pushPermission());
      showToast({ key: r === "on" ? "notifications.prompt.on" : "notifications.prompt.denied" }, r === "on" ? "success" : "error", { id: "notifications" });
    });
  };
  return (
    <div className={cx(stack, css`gap: 8px;`)}>
      <p className={cx(muted, css`margin: 0;`)}>{t("notifications.settings.pushOff")}</p>
      <Button variant="secondary" onClick={turnOn} disabled={busy} aria-busy={busy || undefined}>
        {t("notifications.settings.pushOn")}
      </Button>
    </div>
  );
}

function NotificationSettings() {
  useSignals();
  const loaded = useResource((signal) => fetchSettings(signal), []);
  // A phone that allowed push earlier but has no subscription (another account, a cleared browser) subscribes again.
  useEffect(() => {
    const key = loaded.data?.push_public_key;
    if (key && pushPermission() === "granted") void subscribePush(key);
  }, [loaded.data]);
  // Switches flipped and not saved: every way out asks first (the back arrow, the phone's back, the bottom bar).
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty);
  return (
    <main className={page}>
      <ScreenTitle title={t("notifications.settings.title")} onBack={() => guard.leave(() => navigate(paths.notifications, { replace: true }))} />
      <div className={stack} aria-busy={loaded.loading}>
        {loaded.loading && <Loading />}
        {loaded.error != null && <LoadError retry={loaded.retry} text="notifications.settings.loadError" />}
        {loaded.data && <SettingsForm rows={loaded.data.settings} onDirty={setDirty} />}
      </div>
      <DiscardChanges guard={guard} />
    </main>
  );
}

/** The switches per kind (push always, mail for MAIL_KINDS) and Save, which sends the rows that changed. */
function SettingsForm({ rows, onDirty }: { rows: readonly SettingRow[]; onDirty: (dirty: boolean) => void }) {
  useSignals();
  const [saved, setSaved] = useState<Draft>(() => toDraft(rows));
  const [draft, setDraft] = useState<Draft>(saved);
  const [saving, setSaving] = useState(false);

  const kinds = NOTIFICATION_KINDS.filter((k) => draft[k]);
  const changed = kinds.filter((k) => draft[k].push !== saved[k]?.push || draft[k].mail !== saved[k]?.mail).map((k) => draft[k]);
  const unsaved = changed.length > 0;
  useEffect(() => onDirty(unsaved), [unsaved, onDirty]);
  const flip = (kind: NotificationKind, channel: "push" | "mail") => setDraft((d) => ({ ...d, [kind]: { ...d[kind], [channel]: !d[kind][channel] } }));

  const save = async () => {
    if (saving || !changed.length) return;
    setSaving(true);
    try {
      const answer = await saveSettings(changed);
      const next = answer.settings.length ? { ...draft, ...toDraft(answer.settings) } : draft;
      setSaved(next);
      setDraft(next);
      showToast({ key: "notifications.settings.saved" }, "success", { id: "notifications" });
    } catch {
      showToast({ key: "notifications.failed" }, "error", { id: "notifications" });
    } finally {
      setSaving(false);
    }
  };

  // One switch: its whole cell takes the tap (settingsCss), its name says the kind and the channel.
  const toggle = (kind: (typeof kinds)[number], channel: "push" | "mail", kindName: string) => (
    <label data-testid={`switch-${kind}-${channel}`}>
      <input
        type="checkbox"
        role="switch"
        checked={draft[kind][channel]}
        aria-checked={draft[kind][channel]}
        onChange={() => flip(kind, channel)}
        aria-label={t(`notifications.settings.${channel}Label`, { kind: kindName })}
      />
    </label>
  );
  return (
    <>
      <p className={cx(muted, css`margin: 0;`)}>{t("notifications.settings.intro")}</p>
      <PushState />
      <div className={card}>
        <ul className={settingsCss} data-testid="notification-settings">
          <li className="head" aria-hidden="true">
            <span />
            <span>{t("notifications.settings.push")}</span>
            <span>{t("notifications.settings.mail")}</span>
          </li>
          {kinds.map((k) => {
            const name = t(`notifications.kindName.${k}`);
            return (
              <li key={k}>
                <span>{name}</span>
                {toggle(k, "push", name)}
                {MAIL_KINDS.includes(k) ? toggle(k, "mail", name) : <span />}
              </li>
            );
          })}
        </ul>
      </div>
      <Button onClick={() => void save()} disabled={saving || !changed.length} aria-busy={saving || undefined}>
        {saving ? t("notifications.settings.saving") : t("notifications.settings.save")}
      </Button>
    </>
  );
}

/** /notifications, or its settings at ?settings=1. */
export function NotificationsView({ title }: ViewProps) {
  useSignals();
  const settings = new URLSearchParams(useHashSearch()).get("settings") === "1";
  return settings ? <NotificationSettings /> : <NotificationList title={title} />;
}
