// One rule for `page_num` on every list (issue 9: one list accepted 0, another refused it): a whole number of 1 or
// more, 1 when absent, 422 naming the parameter otherwise.
import * as z from "zod/mini";
import { check } from "./http";
import { msg, translate } from "./i18n";

const PAGE_NUM = translate("en", msg("pageNum"));

export const pageNum = z.optional(
  z.pipe(z.string().check(z.regex(/^\d{1,9}$/, PAGE_NUM)), z.transform(Number)).check(z.refine((n: number) => n >= 1, PAGE_NUM)),
);

/** The page a list asks for, from its query string. */
export const pageOf = (query: Record<string, string | undefined>) => check(z.object({ page_num: pageNum }), { page_num: query.page_num }).page_num ?? 1;
