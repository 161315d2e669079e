import { Hono } from "hono";
import * as z from "zod/mini";
import type { Env } from "../lib/env";
import { clientAddress } from "../lib/client-address";
import { body } from "../lib/http";
import { msg, t } from "../lib/i18n";
import { rateLimit } from "../lib/rate-limit";
import { ERRORS_PER_ADDRESS } from "../auth/limits";

const text = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
/** SPEC.md section 3's error report payload; every field kept, each capped. */
export const errorReport = z.object({
  error_type: z.string().check(z.minLength(1), z.maxLength(200)),
  error_message: z.string().check(z.maxLength(2000)),
  occurred_at: z.optional(z.nullable(z.iso.datetime())),
  line_number: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(10_000_000)))),
  stack: text(8000),
  page_url: text(2000),
  browser_info: text(500),
  os_info: text(500),
  user_agent: text(1000),
  referrer_url: text(2000),
});

export function errorRoutes() {
  const app = new Hono<Env>();
  app.post("/error", rateLimit(ERRORS_PER_ADDRESS), async (c) => {
    const ip = clientAddress(c);
    const r = await body(c, errorReport);
    await c.var.db.query(
      `insert into error_reports (error_type, error_message, occurred_at, line_number, stack, page_url, browser_info, os_info, user_agent, referrer_url, client_ip)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        r.error_type,
        r.error_message,
        r.occurred_at ?? null,
        r.line_number ?? null,
        r.stack ?? null,
        r.page_url ?? null,
        r.browser_info ?? null,
        r.os_info ?? null,
        r.user_agent ?? null,
        r.referrer_url ?? null,
        ip,
      ],
    );
    return c.json({ message: t(c, msg("errorReceived")) }, 201);
  });
  return app;
}
