// localStorage can throw (private mode, quota, disabled storage): every access is guarded so the app still runs.
export function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | number | null | undefined): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    /* storage unavailable: the in-memory signal still holds the value */
  }
}

export function readJSON<T>(key: string): T | null {
  const raw = readKey(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readNumber(key: string): number | null {
  const raw = readKey(key);
  if (raw == null || raw === "") return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}
