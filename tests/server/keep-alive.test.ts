// An idle keep-alive connection outlives a load balancer's idle limit (server/lib/keep-alive.ts), on the server that
// server/index.ts starts.
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS, keepConnectionsOpen } from "../../server/lib/keep-alive";

describe("keep-alive", () => {
  it("keeps an idle connection longer than a balancer's 60 s, and waits for headers longer still", async () => {
    const server = serve({ fetch: () => new Response("ok"), port: 0, hostname: "127.0.0.1" }) as Server;
    try {
      expect(server.keepAliveTimeout).toBe(5_000);
      keepConnectionsOpen(server);
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
      expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
