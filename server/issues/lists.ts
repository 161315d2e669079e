// The routes that answer a page of issues (GET /issue/jobs, /issue/issues, /issue/offers): one helper registers each.
import type { Context, Hono } from "hono";
import { requireAuthKept } from "../lib/answer-cache";
import type { Env } from "../lib/env";
import { jsonAnswer } from "../lib/raw-json";
import { pageOfIssues } from "./queries";

/**
 * What a list asks for, read from the request: the issues (`where`, over `i`, `p`, `r`, the caller's $1..$3 and then
 * `params` from $4), their `order` (the keys of an `order by`), the page and its size. Throws the 422 of a query string
 * to refuse.
 */
export interface IssueListInput {
  where: string;
  params: unknown[];
  order: string;
  size: number;
  page: number;
}

/**
 * GET `path`: the page of issues `read` names, for callers of `roles` (none: any), as { status, total, data }. The
 * answer is kept and sent again while nothing is written to the database (requireAuthKept): a list asked for again
 * costs one session lookup.
 */
export function issueListRoute(app: Hono<Env>, path: string, roles: number[], read: (c: Context) => IssueListInput) {
  app.get(path, requireAuthKept(...roles), async (c) => {
    const { where, params, order, size, page } = read(c);
    const { total, data, closesAt } = await pageOfIssues(c.var.db, c.var.user, where, params, order, size, page);
    if (closesAt !== null) c.set("keepUntil", closesAt);
    return jsonAnswer(c, { status: 1, total, data });
  });
}
