import { t } from "../signals/language";

/**
 * A currency as the user reads it (ISO 4217 code in, as the server sends it): its code in English ("OMR"), its sign in
 * Arabic ("ر.ع."); a currency the dictionaries lack keeps its code. Every amount and price label says it this way.
 */
export function currencyName(code: string): string {
  const key = `receipt.currency.${code}`;
  const name = t(key);
  return name === key ? code : name;
}
