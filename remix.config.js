/** Remix 2, classic compiler. The custom server (app/server/main.server.ts) is bundled with the app. */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  server: "app/server/main.server.ts",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  // shopify-app-remix 6 imports JSON with import attributes, which the classic server build drops
  // from external imports; bundling the JSON inlines it (stack recipe, breakage 2).
  serverDependenciesToBundle: [/\.json$/],
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  dev: { port: 8002 },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
