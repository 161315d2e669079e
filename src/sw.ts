// The app's one service worker, served as /sw.js at the root scope (DECISIONS.md D22, D23): the precache of the app
// (index.html, the locales, every chunk of the screens; vite-plugin-pwa's injectManifest fills in self.__WB_MANIFEST
// at build time) and the push notifications of issue 13. A new version installs and waits: it takes over only when
// the user taps "Reload to update" (src/components/UpdatePrompt.tsx sends SKIP_WAITING), or once every tab is closed.
// Nothing else is cached here: /api and /files always go to the network.
import { cleanupOutdatedCaches, createHandlerBoundToURL, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { SYNC_MESSAGE, SYNC_TAG } from "./lib/outbox-sync";
import { paths } from "./paths";

// The few service-worker types used here, spelled out: the project's TypeScript program is typed for the page (DOM),
// and the WebWorker library cannot join it without clashing.
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends WorkerEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface SyncEvent extends WorkerEvent {
  readonly tag: string;
}
interface NotificationEvent extends WorkerEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate?(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "activate", listener: (event: WorkerEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  __WB_MANIFEST: Array<PrecacheEntry | string>;
}
declare const self: WorkerScope;

// ---- Precache and updates -------------------------------------------------------------------------------------------

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
// The app uses hash routes, so its only page is `/`; any other page address a navigation asks for is the same shell,
// as the server answers (server/static.ts). /api (the Google sign-in's redirects) and /files are never the shell.
// The dev server's worker has an empty precache (vite.config.ts), so there is no shell to answer with.
if (manifest.some((entry) => (typeof entry === "string" ? entry : entry.url) === "index.html")) {
  registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [/^\/api\//, /^\/files\//] }));
}

// Workbox-window's messageSkipWaiting (virtual:pwa-register's updateServiceWorker) after the user chose to reload.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
// The first install controls the open page at once (it was loaded from the network, so nothing mixes); an update
// gets here only after SKIP_WAITING, and the page then reloads (src/lib/pwa.ts).
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// ---- Push notifications (issue 13) ----------------------------------------------------------------------------------
// A push carries JSON (src/contract/notifications.ts pushPayload): the title, the sentence in the user's language, and
// the hash route to open. A tap focuses an open window of the app and shows that route there, or opens one.

const FALLBACK_URL = paths.notifications;

/** Only a route of this app: a path that starts with one slash (never another site). */
const safeRoute = (url: unknown) => (typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : FALLBACK_URL);

self.addEventListener("push", (event) => {
  let data: Record<string, unknown> = {};
  try {
    data = (event.data ? event.data.json() : {}) as Record<string, unknown>;
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  data ??= {};
  const title = typeof data.title === "string" && data.title ? data.title : "Fixit Gulf";
  const options: NotificationOptions = {
    body: typeof data.body === "string" ? data.body : "",
    data: { url: safeRoute(data.url) },
    lang: typeof data.lang === "string" ? data.lang : undefined,
    tag: data.notification_id != null ? `notification-${data.notification_id}` : undefined,
  };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // Open windows refresh their unread count (src/signals/unread-watch.ts).
      self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((all) => {
        for (const client of all) client.postMessage({ type: "notification" });
      }),
    ]),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const route = safeRoute((event.notification.data as { url?: unknown } | null)?.url);
  const target = new URL(`./#${route}`, self.registration.scope).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (all) => {
      for (const client of all) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        const focused = await client.focus();
        if (focused.navigate) return focused.navigate(target);
        return focused;
      }
      return self.clients.openWindow(target);
    }),
  );
});

// ---- Background Sync (issue 15) -------------------------------------------------------------------------------------
// The outbox (src/lib/outbox.ts) registers SYNC_TAG when a send found no network; the browser fires it once the network
// is back, even with the app in the background. The sending needs the page's session (its token lives in the page's
// storage), so the worker asks the open windows to send what waits; a window opened later sends on app open.

self.addEventListener("sync", (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((all) => {
      for (const client of all) client.postMessage({ type: SYNC_MESSAGE });
    }),
  );
});
