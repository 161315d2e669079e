import type { Addrs } from "../contract/issues";

const PARTS = ["block", "no", "street", "city", "state", "zipcode", "country"] as const;
const filled = (s: string | null | undefined) => (s ?? "").trim();

/**
 * SPEC.md section 3's display rule: the free-text address if present; otherwise null ("unavailable")
 * when at least two of block, no and street are empty; otherwise the non-empty parts joined with spaces.
 */
export function formatAddress(addres: string | null | undefined, addrs: Addrs | null | undefined): string | null {
  const free = filled(addres);
  if (free) return free;
  const a = addrs ?? {};
  const emptyCore = (["block", "no", "street"] as const).filter((k) => !filled(a[k])).length;
  if (emptyCore >= 2) return null;
  return PARTS.map((k) => filled(a[k]))
    .filter(Boolean)
    .join(" ");
}
