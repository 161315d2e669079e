// The service worker of push notifications (issue 13, DECISIONS.md D22). A push carries JSON (src/contract/
// notifications.ts pushPayload): the title, the sentence in the user's language, and the hash route to open. A tap
// focuses an open window of the app and shows that route there, or opens one.
const FALLBACK_URL = "/notifications";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only a route of this app: a path that starts with one slash (never another site). */
const safeRoute = (url) => (typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : FALLBACK_URL);

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Fixit Gulf";
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    data: { url: safeRoute(data.url) },
    lang: typeof data.lang === "string" ? data.lang : undefined,
    tag: data.notification_id != null ? `notification-${data.notification_id}` : undefined,
  };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      // Open windows refresh their unread count (src/signals/unread.ts).
      self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((all) => {
        for (const client of all) client.postMessage({ type: "notification" });
      }),
    ]),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(`./#${safeRoute(event.notification.data && event.notification.data.url)}`, self.registration.scope).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (all) => {
      for (const client of all) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        const focused = await client.focus();
        if ("navigate" in focused) return focused.navigate(target);
        return focused;
      }
      return self.clients.openWindow(target);
    }),
  );
});
