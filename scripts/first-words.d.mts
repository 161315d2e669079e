export interface Literals {
  exact: Set<string>;
  prefixes: Set<string>;
}
export function literalsOf(code: string, lang?: "js" | "ts" | "tsx", into?: Literals): Literals;
export function pickWords(dict: Record<string, unknown>, literals: Literals): Record<string, unknown>;
