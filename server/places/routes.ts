import { Hono } from "hono";
import type { Env } from "../lib/env";
import { requireAuth } from "../lib/auth";
import { gazetteer } from "../places/gazetteer";

/** GET /place/search?keyword= (SPEC.md section 7, D10): the offline gazetteer, best matches first, at most 10. */
export function placeRoutes() {
  const app = new Hono<Env>();
  // Index the gazetteer while the server starts rather than on the first user's search (tests load it on demand).
  if (!process.env.VITEST) setTimeout(() => void gazetteer().catch(() => undefined), 0).unref?.();
  app.get("/place/search", requireAuth(), async (c) => {
    const keyword = c.req.query("keyword") ?? "";
    if (keyword.trim().length < 3) return c.json([]);
    const places = await gazetteer();
    return c.json(places.search(keyword));
  });
  return app;
}
