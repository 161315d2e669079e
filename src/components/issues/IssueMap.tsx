import { css } from "goober";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type * as Leaflet from "leaflet";
import { dir, t } from "../../signals/language";
import leafletCss from "leaflet/dist/leaflet.css?url";
import { loadStylesheet } from "../../lib/stylesheet";

export const MAP_ZOOM = 18;
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const TILE_URL = (import.meta.env.VITE_TILE_URL as string | undefined) || DEFAULT_TILE_URL;
export const ATTRIBUTION =
  (import.meta.env.VITE_TILE_ATTRIBUTION as string | undefined) || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * A map's zoom buttons and attribution, in the user's language and on the reading side (the map is made with
 * `zoomControl: false, attributionControl: false`): Leaflet's own said "Zoom in" and linked "Leaflet" with an English
 * title in Arabic too.
 */
export function mapControls(L: typeof Leaflet, map: Leaflet.Map) {
  const rtl = dir.value === "rtl";
  L.control.zoom({ position: rtl ? "topright" : "topleft", zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
  L.control.attribution({ position: rtl ? "bottomleft" : "bottomright", prefix: false }).addTo(map);
}

/** The frame every map of the app sits in, `height` px tall (the issue map, the property pin map). */
export const mapFrame = (height: number) => css`
  position: relative; height: ${height}px; border-radius: var(--radius); overflow: hidden; border: 1px solid var(--line);
  background: #e5e7eb; isolation: isolate;
  & .leaflet-container { height: 100%; width: 100%; font: inherit; }
  & .map-pin { background: none; border: 0; }
  /* Leaflet's zoom buttons are 30 px; a finger needs 44 (more specific than leaflet.css, which loads later). */
  & .leaflet-control-zoom.leaflet-bar a { width: 44px; height: 44px; line-height: 44px; font-size: 24px; }
  /* The attribution's link sits in a line of text: underlined, so it is told apart by more than its colour. */
  & .leaflet-control-attribution a { text-decoration: underline; }
`;
const wrap = mapFrame(220);
/** The jobs map's sentence when its tiles failed: a band at its top beside the zoom buttons, the markers in sight. */
export const mapMessage = css`
  position: absolute; inset-inline: 64px 8px; top: 8px; z-index: 1000; padding: 10px 12px; border-radius: 10px;
  background: rgba(255, 255, 255, 0.96); color: var(--ink); font-weight: 600; font-size: 14px; text-align: center;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25);
`;

// A drawn pin (L.divIcon), so no marker PNG has to be fetched from anywhere the CSP does not allow.
export const PIN = `<svg width="32" height="44" viewBox="0 0 32 44" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 44 16 44s16-16.5 16-28.3C32 7 24.8 0 16 0z" fill="#b91c1c"/><circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>`;

type LeafletMap = { remove(): void };

/**
 * True once `el` comes within 200 px of the viewport: a map below the fold waits for the user to scroll to it, so a
 * phone opening an issue does not fetch and run Leaflet (about 40 KB and half a second of a slow phone's main thread)
 * and its tiles for a map nobody looked at. Without IntersectionObserver, at once.
 */
export function useNearView(el: RefObject<Element | null>) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (near || !el.current) return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "200px 0px" });
    seen.observe(el.current);
    return () => seen.disconnect();
  }, [el, near]);
  return near;
}

/** How long a map waits for its first tile before it says it could not load. */
export const TILES_TIMEOUT_MS = 15_000;

/**
 * Leaflet map at zoom 18 with a marker (SPEC.md section 2, D10). Leaflet and its CSS load only when a map is shown;
 * when tiles fail, a readable message covers the map instead of a grey box.
 */
export function IssueMap({ lat, lng, label }: { lat: number; lng: number; label?: string }) {
  useSignals();
  const el = useRef<HTMLElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const near = useNearView(el);

  useEffect(() => {
    if (!near) return;
    let map: LeafletMap | null = null;
    let cancelled = false;
    let loadedAny = false;
    // A tile server that never answers (a network that drops requests) fires no tileerror: after a while without a
    // tile the map says it could not load, and a tile that comes later still shows the map.
    const slow = setTimeout(() => !cancelled && !loadedAny && setState("failed"), TILES_TIMEOUT_MS);
    (async () => {
      try {
        const [mod] = await Promise.all([import("leaflet"), loadStylesheet(leafletCss)]);
        const L = (mod as { default?: typeof import("leaflet") }).default ?? (mod as unknown as typeof import("leaflet"));
        if (cancelled || !el.current) return;
        const m = L.map(el.current, { center: [lat, lng], zoom: MAP_ZOOM, zoomControl: false, scrollWheelZoom: false, attributionControl: false });
        map = m;
        mapControls(L, m);
        const layer = L.tileLayer(TILE_URL, { maxZoom: 19, attribution: ATTRIBUTION });
        layer.on("tileload", () => {
          loadedAny = true;
          setState("ready");
        });
        layer.on("tileerror", () => {
          if (!loadedAny) setState("failed");
        });
        layer.addTo(m);
        L.marker([lat, lng], {
          icon: L.divIcon({ className: "map-pin", html: PIN, iconSize: [32, 44], iconAnchor: [16, 44] }),
          keyboard: false,
          interactive: false,
        }).addTo(m);
      } catch {
        if (!cancelled) setState("failed");
      }
    })();
    return () => {
      cancelled = true;
      clearTimeout(slow);
      map?.remove();
    };
  }, [lat, lng, near]);

  return (
    <>
      <div className={wrap} data-testid="issue-map">
        <section ref={el} aria-label={label ?? t("issues.mapLabel")} />
        {state === "loading" && <span className="sr-only">{t("issues.mapLoading")}</span>}
      </div>
      {state === "failed" && <MapFailed />}
    </>
  );
}

const failedCss = css`margin: 8px 0 0; font-size: 14px; font-weight: 600; color: var(--muted);`;

/**
 * Under a small map whose tiles failed: the sentence, and the pin stays in sight on the blank background above it (a
 * sheet over the whole map hid the pin, walked offline).
 */
export function MapFailed() {
  useSignals();
  return (
    <p className={failedCss} role="alert" data-testid="map-error">
      {t("issues.mapError")}
    </p>
  );
}
