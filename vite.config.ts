import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The production build runs the React code on preact/compat (D14); `--mode react` builds it on React itself.
export default defineConfig(({ mode }) => {
  const preact = mode !== "react" && mode !== "test";
  return {
    base: "./",
    resolve: {
      alias: [
        { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: here("./src/lib/use-sync-external-store.ts") },
        ...(preact
          ? [
              { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
              { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
              { find: /^react-dom$/, replacement: "preact/compat" },
              { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
              { find: /^react$/, replacement: "preact/compat" },
              { find: /^@preact\/signals-react\/runtime$/, replacement: here("./src/lib/use-signals-shim.ts") },
              { find: /^@preact\/signals-react$/, replacement: "@preact/signals" },
            ]
          : []),
      ],
    },
    build: {
      target: "es2020",
      cssCodeSplit: true,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      manifest: true,
    },
    server: { proxy: { "/api": "http://localhost:8080", "/files": "http://localhost:8080" } },
  };
});
