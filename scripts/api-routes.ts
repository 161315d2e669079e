// Prints the API's routes as the server registers them (JSON: [[method, path], ...]), for scripts/fuzz-api.mjs.
// Run through tsx: node --import tsx scripts/api-routes.ts. The app is built without a database: listing needs none.
import { createApp } from "../server/app";
import type { Db } from "../server/db/db";

const app = createApp({ db: {} as Db });
const routes = new Map<string, [string, string]>();
for (const { method, path } of app.routes) if (method !== "ALL" && path.startsWith("/api/")) routes.set(`${method} ${path}`, [method, path]);
process.stdout.write(JSON.stringify([...routes.values()]));
process.exit(0);
