import { Hono } from "hono";
import type { Env } from "../lib/env";
import { requireAuth } from "../lib/auth";
import { gazetteer } from "../places/gazetteer";

/** GET /place/search?keyword= (SPEC.md section 7, D10): the offline gazetteer, best matches first, at most 10. */
export function placeRoutes() {
  const app = new Hono<Env>();
  // The gazetteer (135,000 cities, about 110 MB indexed) is read on the first search, not at start (issue 16: memory at
  // rest); that first search waits about half a second for it.
  app.get("/place/search", requireAuth(), async (c) => {
    const keyword = c.req.query("keyword") ?? "";
    if (keyword.trim().length < 3) return c.json([]);
    const places = await gazetteer();
    return c.json(places.search(keyword));
  });
  return app;
}
