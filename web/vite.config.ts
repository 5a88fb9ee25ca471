import { defineConfig } from "vite";

// The built client ships inside the Python package (bot/web/static), hashed asset names,
// no inline script or style (the CSP is default-src 'self'); the build is deterministic:
// .ci/run builds it and fails when it differs from the committed copy.
export default defineConfig({
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "../bot/web/static",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    rollupOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
