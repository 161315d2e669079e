import { Hono } from "hono";
import type { Env } from "../app";

// Stub: this area's endpoints come in their own issue.
export function profileRoutes() {
  return new Hono<Env>();
}
