import { HttpError } from "./http";

/** Fixed-window counters in memory: enough for one process; a shared store comes with scale-out. */
export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private now: () => number = Date.now) {}

  /** Counts one hit for `key`; throws 429 with Retry-After once `limit` hits fall in `windowMs`. */
  hit(key: string, limit: number, windowMs: number, detail = "Too many attempts. Please try again later.") {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > limit) {
      const retry = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      throw new HttpError(429, detail, undefined, { "Retry-After": String(retry) });
    }
    if (this.windows.size > 50_000) this.sweep(now);
  }

  /** Whether `key` is over `limit` without counting a hit. */
  blocked(key: string, limit: number) {
    const w = this.windows.get(key);
    return !!w && w.resetAt > this.now() && w.count >= limit;
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
