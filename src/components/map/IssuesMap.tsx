import { css } from "goober";
import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import type * as Leaflet from "leaflet";
import { online } from "../../signals/connectivity";
import { t } from "../../signals/language";
import { cx } from "../../styles/theme";
import { ATTRIBUTION, TILE_URL, mapControls, mapFrame, mapMessage } from "../issues/IssueMap";
import { clusterHtml } from "./markers";
import leafletCss from "leaflet/dist/leaflet.css?url";
import clusterCss from "leaflet.markercluster/dist/MarkerCluster.css?url";
import { loadStylesheet } from "../../lib/stylesheet";

/** One marker: an issue ("issues" layer, clustered when asked) or a technician ("techs" layer). */
export interface MapPin {
  id: string;
  lat: number;
  lng: number;
  /** The divIcon's HTML (./markers.ts): the drawing and the words a screen reader says. */
  html: string;
  layer: "issues" | "techs";
}

export interface IssuesMapProps {
  pins: MapPin[];
  /** Gathers close issue markers into clusters that split as the map zooms in (the manager's map). */
  cluster?: boolean;
  /** Names the remembered view: the map opens where the user left it (coming back from an issue). */
  viewKey: string;
  label: string;
  selected: string | null;
  onSelect: (id: string) => void;
}

/** Where the user left each map, by `viewKey`, for as long as the app is open. */
const views = new Map<string, { lat: number; lng: number; zoom: number }>();
/** The side of the square a marker takes taps in: a finger's size, larger than any marker's drawing (32 to 42 px). */
const MARKER_HIT = 44;
/** Muscat, for a map with nothing on it yet. */
const DEFAULT_VIEW = { lat: 23.588, lng: 58.3829, zoom: 11 };

const frame = css`
  height: 62vh; min-height: 300px; max-height: 560px;
  /* Every marker takes a tap across 44 by 44 px (MARKER_HIT), its drawing centred inside at its own size. */
  & .map-pin-wrap { background: none; border: 0; display: flex; align-items: center; justify-content: center; }
  & .map-stop, & .map-cluster, & .map-tech {
    display: flex; align-items: center; justify-content: center; box-sizing: border-box; color: #fff; font-weight: 800;
    border: 3px solid #fff; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.45);
  }
  & .map-stop { width: 34px; height: 34px; border-radius: 50%; font-size: 15px; }
  & .map-stop.selected { outline: 3px solid #111827; outline-offset: 1px; }
  & .map-cluster { width: 42px; height: 42px; border-radius: 50%; background: #0f766e; font-size: 16px; }
  & .map-tech { width: 32px; height: 32px; border-radius: 8px; background: #7c2d12; }
  & .map-tech.off { background: #6b7280; }
  & .leaflet-marker-icon:focus-visible { outline: 3px solid #111827; outline-offset: 2px; border-radius: 50%; }
`;

type L = typeof Leaflet;

/**
 * Many issues on one Leaflet map (issue 17, D10): Leaflet (and the clustering plugin) load with this map only. The
 * markers are keyboard buttons (Tab, then Enter) that name themselves; choosing one calls `onSelect` and the screen shows
 * its card. Tiles need a connection: offline, or when the tiles fail, a sentence says so and the markers stay on a blank
 * background. The controls sit on the reading side in Arabic.
 */
export function IssuesMap({ pins, cluster = false, viewKey, label, selected, onSelect }: IssuesMapProps) {
  useSignals();
  const el = useRef<HTMLElement>(null);
  const [lib, setLib] = useState<{ L: L; map: Leaflet.Map } | null>(null);
  const [failed, setFailed] = useState<"tiles" | "leaflet" | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const isOnline = online.value;

  // The map itself: made once, where the user left it or around every marker.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first pins place the view; later ones must not move it
  useEffect(() => {
    let map: Leaflet.Map | null = null;
    let cancelled = false;
    (async () => {
      try {
        const [mod] = await Promise.all([import("leaflet"), loadStylesheet(leafletCss)]);
        const L = ((mod as { default?: L }).default ?? mod) as L;
        if (cancelled || !el.current) return;
        const m = L.map(el.current, { zoomControl: false, scrollWheelZoom: true, attributionControl: false });
        map = m;
        mapControls(L, m);
        const saved = views.get(viewKey);
        if (saved) m.setView([saved.lat, saved.lng], saved.zoom);
        else if (pins.length) m.fitBounds(L.latLngBounds(pins.map((p) => [p.lat, p.lng] as [number, number])), { padding: [48, 48], maxZoom: 15 });
        else m.setView([DEFAULT_VIEW.lat, DEFAULT_VIEW.lng], DEFAULT_VIEW.zoom);
        m.on("moveend", () => {
          const c = m.getCenter();
          views.set(viewKey, { lat: c.lat, lng: c.lng, zoom: m.getZoom() });
        });
        setLib({ L, map: m });
      } catch {
        if (!cancelled) setFailed("leaflet");
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [viewKey]);

  // Tiles, once there is a connection (and again when it comes back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tiles are added again when the connection comes back
  useEffect(() => {
    if (!lib || !isOnline) return;
    let loadedAny = false;
    const layer = lib.L.tileLayer(TILE_URL, { maxZoom: 19, attribution: ATTRIBUTION });
    layer.on("tileload", () => {
      loadedAny = true;
      setFailed((f) => (f === "tiles" ? null : f));
    });
    layer.on("tileerror", () => {
      if (!loadedAny) setFailed("tiles");
    });
    layer.addTo(lib.map);
    return () => void layer.remove();
  }, [lib, isOnline]);

  // The markers, drawn again whenever the pins or the chosen one change.
  useEffect(() => {
    if (!lib) return;
    const { L, map } = lib;
    let group: Leaflet.LayerGroup | null = null;
    let cancelled = false;
    const make = (p: MapPin) =>
      L.marker([p.lat, p.lng], {
        icon: L.divIcon({
          className: "map-pin-wrap",
          html: p.html,
          iconSize: [MARKER_HIT, MARKER_HIT],
          iconAnchor: [MARKER_HIT / 2, MARKER_HIT / 2],
        }),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: p.id === selected ? 1000 : p.layer === "techs" ? -100 : 0,
      })
        .on("click", () => select.current(p.id))
        // Leaflet's Enter opens popups only: these markers open the screen's card instead, with Enter or Space.
        .on("keypress", (e) => {
          const key = (e as Leaflet.LeafletKeyboardEvent).originalEvent;
          if (key.key !== "Enter" && key.key !== " ") return;
          key.preventDefault();
          select.current(p.id);
        });
    (async () => {
      const issues = pins.filter((p) => p.layer === "issues").map(make);
      const techs = pins.filter((p) => p.layer === "techs").map(make);
      let issueLayer: Leaflet.Layer = L.layerGroup(issues);
      if (cluster) {
        // The plugin extends the global L that Leaflet sets; it comes with the manager's map only.
        (window as unknown as { L: L }).L ??= L;
        await Promise.all([import("leaflet.markercluster"), loadStylesheet(clusterCss)]);
        if (cancelled) return;
        const clusters = L.markerClusterGroup({
          showCoverageOnHover: false,
          maxClusterRadius: 48,
          spiderfyOnMaxZoom: true,
          iconCreateFunction: (c) => {
            const n = c.getChildCount();
            return L.divIcon({ className: "map-pin-wrap", html: clusterHtml(n, t("map.cluster", { n })), iconSize: [MARKER_HIT, MARKER_HIT] });
          },
        });
        clusters.addLayers(issues);
        issueLayer = clusters;
      }
      if (cancelled) return;
      group = L.layerGroup([issueLayer, ...techs]).addTo(map);
    })().catch(() => !cancelled && setFailed("leaflet"));
    return () => {
      cancelled = true;
      group?.remove();
    };
  }, [lib, pins, cluster, selected]);

  return (
    <div className={cx(mapFrame(360), frame)} data-testid="issues-map">
      <section ref={el} aria-label={label} />
      {/* Offline, the tiles fail too: the sentence says why (the markers still show), not that the map failed. */}
      {!isOnline ? (
        <output className={mapMessage} data-testid="map-offline">
          {t("map.offline")}
        </output>
      ) : (
        failed && (
          <p className={mapMessage} role="alert" data-testid="map-error">
            {t("issues.mapError")}
          </p>
        )
      )}
      {!lib && !failed && <span className="sr-only">{t("issues.mapLoading")}</span>}
    </div>
  );
}
