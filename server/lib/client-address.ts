import type { Context } from "hono";

/** The client's address for rate limits: the connection's peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export const clientAddress = (c: Context): string => {
  // X-Forwarded-For is only believed behind a proxy the operator names (TRUST_PROXY=1): otherwise any client could
  // send a fresh address with each request and never meet a per-address limit. Without a socket (app.request() in
  // tests) the header stands in for the peer.
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  if (process.env.TRUST_PROXY === "1") return forwarded || socket || "local";
  return socket || forwarded || "local";
};
