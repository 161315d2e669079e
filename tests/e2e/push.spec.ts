// Issue 13's pushes reach the installed app (issue 15's service worker): a push delivered to the registration shows its
// notification with the route to open and tells the open app. In the whole browser: the headless shell the rest of the
// suite runs on (playwright.config.ts) takes the push but keeps no notification to read back.
import { CHROMIUM_ARGS, FULL_CHROMIUM } from "../../playwright.config";
import { controlled, DEMO, expect, signInAs, test } from "./fixtures";

test.use({ serviceWorkers: "allow", launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } });

test("the same worker still takes pushes: a push shows its notification with the route to open and tells the open app", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await signInAs(page, DEMO.technician, "/jobs");
  await controlled(page);
  await page.evaluate(() => {
    const w = window as unknown as { pushMessages: unknown[] };
    w.pushMessages = [];
    navigator.serviceWorker.addEventListener("message", (e) => w.pushMessages.push(e.data));
  });

  // DevTools' "Push" button: a push delivered to the registration, as the push service would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL === new URL("/", page.url()).href);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const payload = { title: "Fixit Gulf", body: "Your repair moved", url: "/notifications", lang: "en", notification_id: 7 };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });

  await expect.poll(() => page.evaluate(() => (window as unknown as { pushMessages: unknown[] }).pushMessages)).toContainEqual({ type: "notification" });
  const shown = await page.evaluate(async () =>
    (await (await navigator.serviceWorker.getRegistration())?.getNotifications())?.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })),
  );
  expect(shown).toEqual([{ title: "Fixit Gulf", body: "Your repair moved", tag: "notification-7", data: { url: "/notifications" } }]);
});
