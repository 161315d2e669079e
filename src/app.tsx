import { css } from "goober";
import { Suspense, useEffect, useLayoutEffect, useState } from "react";
import { lazyOf } from "./lib/load-again";
import { useSignals } from "@preact/signals-react/runtime";
import { Redirect, Route, Router, Switch, useLocation } from "wouter";
import { routeParser } from "./lib/route-parser";
import { OfflineBar } from "./components/OfflineBar";
import { ErrorBoundary, GateScreen, LoadingScreen, waitingOffline } from "./components/Screens";
import { useHashLocation, useHashSearch } from "./lib/hash-location";
import { AfterFirstScreen } from "./components/AfterFirstScreen";
import { appStarted } from "./lib/first-screen";
import { paths } from "./paths";
import { type RouteDef, preloadRoute, resolveAccess, routeAt, routes, showsHeader, showsNav } from "./routes";
import { online } from "./signals/connectivity";
import { readyFor, t } from "./signals/language";
import { gotEmailMob, isAuthenticated, role } from "./signals/session";
import { screenGate } from "./signals/viewport";

/** Starts fetching the code of the screen a path shows (main.tsx at boot); only this module imports the route table. */
export const preloadScreen = preloadRoute;

const NotFoundView = routes.find((r) => r.path === paths.notFound)!.view;
// Only signed-in screens show the header and the bottom bar, so their code stays out of the sign-in screen's first load
// (main.tsx starts the header's at boot when someone is signed in); a bar of the header's size and colour holds its place.
const Header = lazyOf(() => import("./components/Header").then((m) => m.Header));
const headerSlot = css`height: var(--header-h); background: var(--brand);`;
const BottomNav = lazyOf(() => import("./components/BottomNav").then((m) => m.BottomNav));
const VerifyInfoModal = lazyOf(() => import("./components/VerifyInfoModal").then((m) => m.VerifyInfoModal));
// The toasts' and the update prompt's code come once the first screen is up and the browser has a moment, not beside
// it: nothing is said before the app is up (a toast asked for at boot waits in its signal).
const Toasts = lazyOf(() => import("./components/Toasts").then((m) => m.Toasts));
const UpdatePrompt = lazyOf(() => import("./components/UpdatePrompt").then((m) => m.UpdatePrompt));

/** The verify-info slot: shown over protected screens while got_email_mob is 0; closing hides it until the next screen. */
function VerifyInfoSlot({ path }: { path: string }) {
  useSignals();
  const [closedOn, setClosedOn] = useState<string | null>(null);
  if (gotEmailMob.value !== 0 || closedOn === path) return null;
  return (
    <Suspense fallback={null}>
      <VerifyInfoModal onClose={() => setClosedOn(path)} />
    </Suspense>
  );
}

function Guarded({ def, params }: { def: RouteDef; params: Record<string, string | undefined> }) {
  useSignals();
  const [path] = useLocation();
  const access = resolveAccess(def, isAuthenticated.value, role.value);
  if (access.kind === "redirect") return <Redirect to={access.to} replace />;
  if (access.kind === "notFound") return <NotFoundView title="titles.notFound" />;
  const View = def.view;
  return (
    <>
      <View title={def.title} params={params} />
      {def.roles && <VerifyInfoSlot path={path} />}
    </>
  );
}

function Shell() {
  useSignals();
  const [path] = useLocation();
  // A block body: scrollTo may return a value that React would take for an effect cleanup.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [path]);
  const signedIn = isAuthenticated.value;
  const def = routes.find((r) => r.path === path);
  const protectedTop = signedIn && !!def?.roles && showsNav(def);
  return (
    <>
      {signedIn && showsHeader(def) && (
        <Suspense fallback={<div className={headerSlot} />}>
          <Header />
        </Suspense>
      )}
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          {routes.map((r) => (
            <Route key={r.path} path={r.path}>
              {(params) => <Guarded def={r} params={params} />}
            </Route>
          ))}
          <Route>
            <NotFoundView title="titles.notFound" />
          </Route>
        </Switch>
      </Suspense>
      {protectedTop && (
        <Suspense fallback={null}>
          <BottomNav path={path} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Gates in SPEC.md order: screen too small, too large, offline; then the error boundary and the router. A gate hides
 * the app rather than unmounting it, so a form survives a dropped connection or a turned phone with all it holds.
 * Offline on a route that works offline (D23), the app stays, under a slim offline bar, instead of the offline screen.
 */
export function App({ location }: { location?: { hook: typeof useHashLocation; searchHook: typeof useHashSearch } }) {
  useSignals();
  const gate = screenGate.value;
  const [path] = (location?.hook ?? useHashLocation)();
  const offline = !online.value;
  const offlineOk = offline && !!routeAt(path)?.offline;
  const gated = gate !== null || (offline && !offlineOk);
  // Dialogs render into #overlay-root (index.html), outside the app's tree: a gate hides them too.
  // Rendered once: from now on, the first screen is up when the loads it waits for are done.
  useEffect(() => appStarted(), []);
  useLayoutEffect(() => {
    const overlays = document.getElementById("overlay-root");
    overlays?.toggleAttribute("hidden", gated);
  }, [gated]);
  if (!readyFor(path)) return <LoadingScreen />;
  const gateScreen =
    gate === "small" ? (
      <GateScreen title={t("gates.tooSmall")} />
    ) : gate === "large" ? (
      <GateScreen title={t("gates.tooLarge")} />
    ) : offline && !offlineOk ? (
      <GateScreen title={t("offline.title")} message={t("offline.message")} />
    ) : null;
  return (
    <>
      {gateScreen}
      <div hidden={!!gateScreen}>
        <OfflineBar show={offlineOk && !waitingOffline.value} />
        <ErrorBoundary>
          <Router hook={location?.hook ?? useHashLocation} searchHook={location?.searchHook ?? useHashSearch} parser={routeParser}>
            <Shell />
          </Router>
          <AfterFirstScreen>
            <Toasts />
            <UpdatePrompt />
          </AfterFirstScreen>
        </ErrorBoundary>
      </div>
    </>
  );
}
