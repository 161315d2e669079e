// The routes that answer a page of issues (GET /issue/jobs, /issue/issues, /issue/offers): one helper registers each,
// so that on PostgreSQL each is one round trip to the database (issue 16).
import type { Context, Hono } from "hono";
import { bearerOf, requireAuth } from "../lib/auth";
import type { Env } from "../lib/env";
import { jsonAnswer } from "../lib/raw-json";
import { hashToken } from "../lib/tokens";
import { pageOfIssues, pageOfIssuesForSession } from "./queries";

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
 * GET `path`: the page of issues `read` names, for callers of `roles` (none: any), as { status, total, data }.
 * On PostgreSQL the session is looked up in the list's own statement (pageOfIssuesForSession), refused exactly as
 * requireAuth(...roles) would. A request without a token, or with a query string to refuse (422 comes after 401 and
 * 403), and the embedded database (whose sessions are cached in the process, lib/auth.ts) go through requireAuth.
 */
export function issueListRoute(app: Hono<Env>, path: string, roles: number[], read: (c: Context) => IssueListInput) {
  app.get(
    path,
    async (c, next) => {
      const token = bearerOf(c.req.header("authorization"));
      if (c.var.db.kind !== "postgres" || !token) return next();
      let input: IssueListInput;
      try {
        input = read(c);
      } catch {
        return next();
      }
      const { where, params, order, size, page } = input;
      const { total, data } = await pageOfIssuesForSession(c.var.db, hashToken(token), roles, where, params, order, size, page);
      return jsonAnswer(c, { status: 1, total, data });
    },
    requireAuth(...roles),
    async (c) => {
      const { where, params, order, size, page } = read(c);
      const { total, data } = await pageOfIssues(c.var.db, c.var.user, where, params, order, size, page);
      return jsonAnswer(c, { status: 1, total, data });
    },
  );
}
