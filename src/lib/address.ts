import type { Addrs } from "../contract/issues";
import { lang } from "../signals/language";
import { displayName } from "./display-names";

const PARTS = ["block", "no", "street", "city", "state", "zipcode", "country"] as const;
type AddressPart = (typeof PARTS)[number];
const filled = (s: string | null | undefined) => (s ?? "").trim();
/** A part as shown: a country saved as its ISO code ("OM", what the property form saves) by its name in the user's language. */
const shown = (k: (typeof PARTS)[number], v: string) => (k === "country" && /^[A-Z]{2}$/.test(v) ? (displayName("region", lang.value, v) ?? v) : v);

/**
 * SPEC.md section 3's display rule: the free-text address if present; otherwise null ("unavailable")
 * when at least two of block, no and street are empty; otherwise the non-empty parts joined with spaces.
 */
export function formatAddress(addres: string | null | undefined, addrs: Partial<Record<AddressPart, string | null>> | null | undefined): string | null {
  const free = filled(addres);
  if (free) return free;
  const a = addrs ?? {};
  const emptyCore = (["block", "no", "street"] as const).filter((k) => !filled(a[k])).length;
  if (emptyCore >= 2) return null;
  return joined(a, PARTS);
}

/** The filled parts among `keys`, as shown, joined with spaces. */
const joined = (a: Partial<Addrs>, keys: readonly (typeof PARTS)[number][]) =>
  keys
    .map((k) => shown(k, filled(a[k])))
    .filter(Boolean)
    .join(" ");

/**
 * A property's address as its own pages show it: SPEC.md's line (formatAddress), and under it, when that line is the
 * place chosen in the search (a town), the parts the owner typed (without the country the place already names), so
 * that a street or a building number saved with the place is seen.
 */
export function addressLines(addres: string | null | undefined, addrs: Addrs | null | undefined): string[] {
  const line = formatAddress(addres, addrs);
  const parts = filled(addres) && addrs ? joined(addrs, PARTS.slice(0, -1)) : "";
  return [line ?? "", parts].filter(Boolean);
}
