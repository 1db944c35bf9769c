/**
 * The import rules, checked by `npm run deps:check` (part of `npm test`); README "Architecture" explains them.
 *
 * Imports run one way, down this order (a layer may import its own layer and any layer below it):
 *   1 wiring      routes (route files), app/server, app/runtime.server.ts, app/shopify.server.ts, entry, root
 *   2 pages       page servers beside their routes (app/routes/<route folder>/*), app/components
 *   3 features    quote, dispatch, tracking, order-changes, watchdog, tracking-page, onboarding, staff,
 *                 attention, carrier-service, webhooks, returns, flow-actions, insights
 *   4 models      shipments, settings, schedule, shops, extensions/shared (the extensions' contract)
 *   5 clients     courier, shopify-admin (the only code that talks to the courier or to Shopify)
 *   6 base        db, jobs, http, logging, config, crypto, text, forms, types, app/db.server.ts
 * A feature uses another only through that feature's public module (public.ts, public.server.ts).
 * No module and no folder takes part in an import cycle: features use one another one way only
 * (attention, staff, tracking-page → order-changes → dispatch → watchdog → tracking → quote, onboarding, …).
 */
const WIRING = [
  "^app/routes/[^/]+\\.tsx?$",
  "^app/routes/[^/]+/route\\.tsx?$",
  "^app/server/",
  "^app/(runtime|shopify)\\.server\\.ts$",
  "^app/(entry\\.server|root)\\.tsx$",
];
const PAGES = ["^app/routes/[^/]+/(?!route\\.tsx?$)", "^app/components/"];
const FEATURE_NAMES =
  "quote|dispatch|tracking|order-changes|watchdog|tracking-page|onboarding|staff|attention|carrier-service|webhooks|returns|flow-actions|insights";
const FEATURES = [`^app/(${FEATURE_NAMES})/`];
const MODELS = ["^app/(shipments|settings|schedule|shops)/", "^extensions/shared/"];
const CLIENTS = ["^app/(courier|shopify-admin)/"];
const BASE = ["^app/(db|jobs|http|logging|config|crypto|text|forms|types)/", "^app/db\\.server\\.ts$"];

const LAYERS = [
  ["wiring", WIRING],
  ["pages", PAGES],
  ["features", FEATURES],
  ["models", MODELS],
  ["clients", CLIENTS],
  ["base", BASE],
];

/** One rule per layer: nothing in it imports a layer above it. */
const upward = LAYERS.slice(1).map(([name, paths], index) => ({
  name: `no-upward-from-${name}`,
  comment: `${name} may not import ${LAYERS.slice(0, index + 1)
    .map(([above]) => above)
    .join(", ")} (imports run down the layer order in .dependency-cruiser.mjs)`,
  severity: "error",
  from: { path: paths },
  to: { path: LAYERS.slice(0, index + 1).flatMap(([, above]) => above) },
}));

export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "A module may not reach itself through its imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-circular",
      comment: "A folder may not reach itself through its files' imports (features use one another one way).",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|extensions)/" },
      to: { circular: true },
    },
    ...upward,
    {
      name: "every-file-in-a-layer",
      comment: "Every app file belongs to a layer: add a new top-level folder to .dependency-cruiser.mjs.",
      severity: "error",
      from: { path: "^app/", pathNot: LAYERS.flatMap(([, paths]) => paths) },
      to: {},
    },
    {
      name: "extensions-through-the-contract",
      comment: "Extensions reach the app's code only through extensions/shared.",
      severity: "error",
      from: { path: "^extensions/", pathNot: "^extensions/shared/" },
      to: { path: "^app/" },
    },
    {
      name: "features-through-their-public-module",
      comment:
        "A feature uses another only through that feature's public module: app/<feature>/public.ts (pure, safe in the browser) or public.server.ts. Export what you need there.",
      severity: "error",
      from: { path: `^app/(${FEATURE_NAMES})/` },
      to: {
        path: `^app/(${FEATURE_NAMES})/`,
        pathNot: ["^app/$1/", `^app/(${FEATURE_NAMES})/public(\\.server)?\\.ts$`],
      },
    },
    {
      name: "not-to-tests",
      comment: "App code never imports test code.",
      severity: "error",
      from: { path: "^(app|extensions)/" },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^app/types/", "/node_modules/", "/dist/", "/generated/", "\\.d\\.ts$"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".d.ts"] },
  },
};
