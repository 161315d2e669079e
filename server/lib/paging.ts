// One rule for `page_num` on every list (issue 9: one list accepted 0, another refused it): a whole number of 1 or
// more, 1 when absent, 422 naming the parameter otherwise.
import * as z from "zod/mini";
import { HttpError, check } from "./http";
import { msg, translate } from "./i18n";

const PAGE_NUM = translate("en", msg("pageNum"));

export const pageNum = z.optional(
  z.pipe(z.string().check(z.regex(/^\d{1,9}$/, PAGE_NUM)), z.transform(Number)).check(z.refine((n: number) => n >= 1, PAGE_NUM)),
);

const pageQuery = z.object({ page_num: pageNum });

/** The page a list asks for, from its query string (one schema for every call: building it was 4% of a list's time). */
export const pageOf = (query: Record<string, string | undefined>) => check(pageQuery, { page_num: query.page_num }).page_num ?? 1;

/** The most rows one page may hold: a map asks for every open issue at once (issue 17), a list keeps its pages of 10. */
export const MAX_PAGE_SIZE = 100;

/** `page_size` from a list's query: `fallback` when absent, 1 to MAX_PAGE_SIZE, else 422 naming the parameter. */
export function pageSizeOf(query: Record<string, string | undefined>, fallback: number): number {
  const raw = query.page_size;
  if (raw === undefined) return fallback;
  const n = /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > MAX_PAGE_SIZE) {
    const text = msg("pageSize", { max: MAX_PAGE_SIZE });
    throw new HttpError(422, text, { page_size: text });
  }
  return n;
}
