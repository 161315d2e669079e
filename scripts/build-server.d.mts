/** Builds the server into `out` (inside the repository) and answers the path of its index.mjs (build-server.mjs). */
export function buildServer(out?: string): Promise<string>;
