// The browser's current position as a promise with the three outcomes SPEC.md section 8 names a message for.

export type GeoOutcome = { ok: true; lat: number; lng: number } | { ok: false; reason: GeoFailure };
export type GeoFailure = "unsupported" | "denied" | "failed";

/** Translation keys of SPEC.md section 8's location messages. */
export const GEO_MESSAGE: Record<GeoFailure, string> = {
  failed: "verify.geo.failed",
  unsupported: "verify.geo.unsupported",
  denied: "verify.geo.denied",
};

const PERMISSION_DENIED = 1;

/** Asks the browser for the current position; never rejects. `geo` is injectable for tests. */
export function currentPosition(
  geo: Geolocation | undefined = typeof navigator !== "undefined" ? navigator.geolocation : undefined,
  options: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
): Promise<GeoOutcome> {
  if (!geo || typeof geo.getCurrentPosition !== "function") return Promise.resolve({ ok: false, reason: "unsupported" });
  return new Promise((resolve) => {
    try {
      geo.getCurrentPosition(
        (pos) => resolve({ ok: true, lat: pos.coords.latitude, lng: pos.coords.longitude }),
        (err) => resolve({ ok: false, reason: err?.code === PERMISSION_DENIED ? "denied" : "failed" }),
        options,
      );
    } catch {
      resolve({ ok: false, reason: "failed" });
    }
  });
}

export type GeoPermission = PermissionState | "unknown";

/**
 * The browser's geolocation permission, read without asking the person: 'unknown' where the Permissions API is
 * missing or refuses the query. Never rejects; `perms` is injectable for tests.
 */
export async function geoPermission(
  perms: Permissions | undefined = typeof navigator !== "undefined" ? navigator.permissions : undefined,
): Promise<GeoPermission> {
  try {
    if (!perms || typeof perms.query !== "function") return "unknown";
    return (await perms.query({ name: "geolocation" })).state;
  } catch {
    return "unknown";
  }
}
