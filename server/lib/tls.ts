// HTTPS with HTTP/2 when TLS_CERT and TLS_KEY name a certificate and its key (PEM files): a phone then fetches the
// app's scripts, words and first reads over one connection, side by side, where HTTP/1.1 gives it six and queues the
// rest (issue 16). HTTP/1.1 over TLS still answers clients without HTTP/2. Behind a load balancer that ends TLS (see
// README, Running at scale), the balancer speaks HTTP/2 to phones and the servers need neither.
import { readFileSync } from "node:fs";
import { createSecureServer } from "node:http2";

export interface TlsFiles {
  key: Buffer;
  cert: Buffer;
}

/** The certificate and key of TLS_CERT and TLS_KEY, or undefined when neither is set; one sentence when unusable. */
export function tlsFromEnv(env: { TLS_CERT?: string; TLS_KEY?: string } = process.env): TlsFiles | undefined {
  const { TLS_CERT: certPath, TLS_KEY: keyPath } = env;
  if (!certPath && !keyPath) return undefined;
  if (!certPath || !keyPath) throw new Error(`Cannot start: HTTPS needs both TLS_CERT and TLS_KEY; only ${certPath ? "TLS_CERT" : "TLS_KEY"} is set.`);
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (e) {
      throw new Error(`Cannot start: ${name} (${path}) could not be read: ${(e as Error).message}.`);
    }
  };
  return { cert: read("TLS_CERT", certPath), key: read("TLS_KEY", keyPath) };
}

/** @hono/node-server's options for HTTPS with HTTP/2 (and HTTP/1.1 for clients without it). */
export const secureServe = (tls: TlsFiles) => ({ createServer: createSecureServer, serverOptions: { ...tls, allowHTTP1: true } });
