import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { t } from "../../signals/language";
import { ATTRIBUTION, MapFailed, PIN, TILE_URL, mapControls, mapFrame } from "../issues/IssueMap";
import leafletCss from "leaflet/dist/leaflet.css?url";
import { loadStylesheet } from "../../lib/stylesheet";

/** Where the map opens before a place is chosen: Muscat, zoomed out to show the city. */
const START = { lat: 23.588, lng: 58.3829, zoom: 11 };
const PIN_ZOOM = 17;
const wrap = mapFrame(260);

type L = typeof import("leaflet");
type LatLng = { lat: number; lng: number };

/**
 * A Leaflet map (D10) where the user taps to put the property's pin or drags it to the right door. Leaflet loads only
 * when this map is shown. A place chosen in the search moves the pin and the view.
 */
export function PinMap({ value, onChange, label }: { value: LatLng | null; onChange: (at: LatLng) => void; label?: string }) {
  useSignals();
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const leaflet = useRef<{ L: L; map: import("leaflet").Map; marker: import("leaflet").Marker | null } | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const initial = useRef(value);

  // Built once per mount; the pin's later moves are the next effect's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: place reads refs only
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const [mod] = await Promise.all([import("leaflet"), loadStylesheet(leafletCss)]);
        const Lf = (mod as { default?: L }).default ?? (mod as unknown as L);
        if (cancelled || !el.current) return;
        const at = initial.current;
        const map = Lf.map(el.current, {
          center: at ? [at.lat, at.lng] : [START.lat, START.lng],
          zoom: at ? PIN_ZOOM : START.zoom,
          scrollWheelZoom: false,
          zoomControl: false,
          attributionControl: false,
        });
        mapControls(Lf, map);
        let loadedAny = false;
        const layer = Lf.tileLayer(TILE_URL, { maxZoom: 19, attribution: ATTRIBUTION });
        layer.on("tileload", () => {
          loadedAny = true;
          setState("ready");
        });
        layer.on("tileerror", () => !loadedAny && setState("failed"));
        layer.addTo(map);
        leaflet.current = { L: Lf, map, marker: null };
        if (at) place(at);
        map.on("click", (e: import("leaflet").LeafletMouseEvent) => {
          const next = { lat: round(e.latlng.lat), lng: round(e.latlng.lng) };
          place(next);
          changeRef.current(next);
        });
      } catch {
        if (!cancelled) setState("failed");
      }
    })();
    return () => {
      cancelled = true;
      leaflet.current?.map.remove();
      leaflet.current = null;
    };
  }, []);

  // A place chosen elsewhere (the search) moves the pin and the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the coordinates matter
  useEffect(() => {
    const l = leaflet.current;
    if (!l || !value) return;
    const current = l.marker?.getLatLng();
    if (current && current.lat === value.lat && current.lng === value.lng) return;
    place(value);
    l.map.setView([value.lat, value.lng], Math.max(l.map.getZoom(), 15));
  }, [value?.lat, value?.lng]);

  function place(at: LatLng) {
    const l = leaflet.current;
    if (!l) return;
    if (l.marker) {
      l.marker.setLatLng([at.lat, at.lng]);
      return;
    }
    const marker = l.L.marker([at.lat, at.lng], {
      draggable: true,
      autoPan: true,
      icon: l.L.divIcon({ className: "map-pin", html: PIN, iconSize: [32, 44], iconAnchor: [16, 44] }),
      title: t("propertyForms.location.pin"),
    }).addTo(l.map);
    marker.on("dragend", () => {
      const p = marker.getLatLng();
      changeRef.current({ lat: round(p.lat), lng: round(p.lng) });
    });
    l.marker = marker;
  }

  return (
    <>
      <div className={wrap} data-testid="pin-map">
        <section ref={el} aria-label={label ?? t("propertyForms.location.map")} />
      </div>
      {state === "failed" && <MapFailed />}
    </>
  );
}

/** Six decimals: about 10 cm, more than a door needs. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
