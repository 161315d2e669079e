// The installable app (DECISIONS.md D23): registers the service worker of src/sw.ts (/sw.js at the root scope: the
// precache and the push handlers) once the first screen is up, and links the web app manifest in the app's language. A
// new version waits until the user taps "Reload to update" (src/components/UpdatePrompt.tsx); the page reloads once
// the new worker controls it. Workbox-window is fetched only here, after the first load.

/** The worker's address: the same registration src/lib/push.ts makes for push notifications. */
export const SW_URL = "./sw.js";

/** The manifests vite.config.ts writes: English and Arabic. */
export const MANIFESTS = { en: "./manifest.webmanifest", ar: "./manifest.ar.webmanifest" } as const;

/** An open app checks for a new version this often (besides every page load), so a phone left on a screen updates too. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Links the web app manifest of `language` (installed in Arabic, the app is named in Arabic, right to left), once the
 * first screen is up (src/components/UpdatePrompt.tsx): the built page links none, so that the manifest and its icon
 * do not take the phone's connections while the first screen loads (vite.config.ts). `create` false (the dev server,
 * which writes no manifest) only repoints a link already there.
 */
export function linkManifest(language: string, doc: Document = document, create: boolean = import.meta.env.PROD) {
  let link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = language === "ar" ? MANIFESTS.ar : MANIFESTS.en;
  if (!link && create) {
    link = doc.createElement("link");
    link.rel = "manifest";
    doc.head.appendChild(link);
  }
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

/**
 * Registers /sw.js. `onNeedRefresh` is called when a new version is installed and waiting (found now, at a later check,
 * or by another tab), with the function that lets it take over; the page reloads once it controls the page.
 */
export async function registerServiceWorker(onNeedRefresh: (update: () => Promise<void>) => void, reload = () => location.reload()) {
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox(SW_URL, { scope: "./" });
  let asked = false;
  // Reloaded only when this tab asked: a version another tab let in does not throw away what this one holds.
  wb.addEventListener("controlling", () => {
    if (asked) reload();
  });
  let registration: ServiceWorkerRegistration | undefined;
  // Listened to before registering: a version already waiting is announced during register().
  wb.addEventListener("waiting", () =>
    onNeedRefresh(async () => {
      asked = true;
      // Another tab may have let the new version in already: then there is nothing left to wait for.
      if (!registration || registration.waiting) wb.messageSkipWaiting();
      else reload();
    }),
  );
  registration = await wb.register({ immediate: true });
  if (registration) setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  return wb;
}
