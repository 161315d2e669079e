// The data packages D12 names decide which dial codes and language codes are real.
import { countries } from "countries-list";
import ISO6391 from "iso-639-1";

/** "+968", "+1", ... from countries-list's `phone` numbers. */
export const DIAL_CODES: ReadonlySet<string> = new Set(Object.values(countries).flatMap((c) => (c.phone as readonly number[]).map((n) => `+${n}`)));

export const isDialCode = (code: string) => DIAL_CODES.has(code);
export const isLanguageCode = (code: string) => ISO6391.validate(code);
