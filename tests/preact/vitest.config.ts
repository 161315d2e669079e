// The forms view tests again on preact/compat, the production build's React (D14): `npm run test:preact`.
// The aliases are vite.config.ts's preact ones, plus @testing-library/react mapped to a Preact equivalent.
// Only the tests that type with `input` events run here (preact/compat's onChange listens to `input`, as browsers fire it).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here("../.."),
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: here("../../src/lib/use-sync-external-store.ts") },
      { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^@preact\/signals-react\/runtime$/, replacement: here("../../src/lib/use-signals-shim.ts") },
      { find: /^@preact\/signals-react$/, replacement: "@preact/signals" },
      { find: /^@testing-library\/react$/, replacement: here("./rtl-preact.ts") },
    ],
  },
  test: {
    name: "preact",
    environment: "happy-dom",
    // As the app project (vitest.config.ts): a VM context per file on reused threads, not a process per file.
    pool: "vmThreads",
    // As vitest.config.ts: a file's afterEach after the setup's unmount.
    sequence: { hooks: "list" },
    setupFiles: [here("../setup.ts")],
    include: [
      "tests/views/forms-*.test.tsx",
      "tests/views/repair-report*.test.tsx",
      "tests/views/work-report-form.test.tsx",
      "tests/views/assign-sheet.test.tsx",
      "tests/views/e-receipt.test.tsx",
      "tests/views/account-edit.test.tsx",
      "tests/views/outbox-*.test.tsx",
      // The loading hook's kept reads (D23): its effects and the connection's return on Preact too.
      "tests/unit/use-resource-keep.test.tsx",
    ],
    server: { deps: { inline: [/wouter/] } },
    testTimeout: 15000,
  },
});
