// How long an idle keep-alive connection stays open. Node closes one after 5 s; a load balancer or client that reuses
// it in the instant the server closes it gets a reset instead of an answer (a 502 from the balancer; the browser suite
// saw ECONNRESET). The server waits longer than the balancers' own idle limit (60 s for most, AWS's included), so the
// balancer, not the server, ends an idle connection (README, Running at scale).
export const KEEP_ALIVE_MS = 65_000;

/** Sets the keep-alive wait on a Node HTTP(S) server, and the wait for a request's headers just above it (Node requires it). */
export const keepConnectionsOpen = (server: object) => Object.assign(server, { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 });
