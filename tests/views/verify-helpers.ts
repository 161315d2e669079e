export { type Call, fakeApi, json } from "./fake-api";

type Answer = { ok: true; lat: number; lng: number } | { ok: false; code: number };

/** Replaces navigator.geolocation: `answer` decides each request; `undefined` removes geolocation entirely. */
export function stubGeolocation(answer: Answer | (() => Answer) | undefined) {
  const requests: number[] = [];
  const value =
    answer === undefined
      ? undefined
      : {
          getCurrentPosition(ok: PositionCallback, fail: PositionErrorCallback) {
            requests.push(Date.now());
            const a = typeof answer === "function" ? answer() : answer;
            queueMicrotask(() => {
              if (a.ok) ok({ coords: { latitude: a.lat, longitude: a.lng } } as GeolocationPosition);
              else fail({ code: a.code, message: "no", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
            });
          },
          watchPosition: () => 0,
          clearWatch: () => undefined,
        };
  Object.defineProperty(navigator, "geolocation", { value, configurable: true, writable: true });
  return requests;
}

/** Replaces navigator.permissions so that the geolocation permission reads `state` (happy-dom says 'granted'). */
export function stubPermission(state: PermissionState | undefined) {
  const value = state === undefined ? undefined : { query: async () => ({ state }) };
  Object.defineProperty(navigator, "permissions", { value, configurable: true, writable: true });
}
