import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";

/**
 * Remix refuses a post from another site to a page (its check compares `Origin` with `Host` or
 * `X-Forwarded-Host`) by throwing, which answers a bare 500 every time; API (resource) routes are not
 * checked and answer cross-site callers themselves (the order status block posts from
 * https://extensions.shopifycdn.com). This answers such a post before Remix: 404 when no route
 * handles the URL (e.g. `deliveries/%2e%2e/change`, which the URL parser resolves to no route), 403
 * for a page, nothing for an API route.
 */

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A route for matching: an index route has no children (matchRoutes' route object shape). */
type RouteNode =
  | { id: string; path?: string; caseSensitive?: boolean; index: true; children?: undefined }
  | { id: string; path?: string; caseSensitive?: boolean; index?: false; children: RouteNode[] };

/** The build's route tree, as Remix builds it for matching (routes grouped under their parents). */
function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const byParent = new Map<string, ServerBuild["routes"][string][]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId ?? "") ?? [];
    siblings.push(route);
    byParent.set(route.parentId ?? "", siblings);
  }
  const under = (parentId: string): RouteNode[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index ? { ...common, index: true as const } : { ...common, children: under(route.id) };
    });
  return under("");
}

/** The host the request was sent to, as Remix reads it: the first X-Forwarded-Host, else Host. */
function requestHost(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host");
}

function isCrossSite(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  return originHost !== requestHost(headers);
}

const refusal = (status: 403 | 404, error: string) =>
  new Response(JSON.stringify({ error }), { status, headers: { "Content-Type": "application/json" } });

export function createCrossSitePostGuard(build: Pick<ServerBuild, "routes" | "basename">) {
  const tree = routeTree(build.routes);
  /** The answer to a cross-site post Remix would refuse with a 500, or null to let Remix answer. */
  return function crossSitePostRefusal(request: Request): Response | null {
    if (!MUTATING_METHODS.has(request.method) || !isCrossSite(request.headers)) return null;
    const url = new URL(request.url);
    // Single fetch's action requests name the page with a `.data` suffix.
    const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
    const matches = matchRoutes(tree, pathname, build.basename);
    const last = matches?.at(-1)?.route;
    if (!last) return refusal(404, "Not found");
    const module = build.routes[last.id]?.module;
    const isResourceRoute = module && module.default == null && module.ErrorBoundary == null;
    if (isResourceRoute && !url.pathname.endsWith(".data") && !url.searchParams.has("_data")) return null;
    return refusal(403, "Cross-site posts to the app's pages are refused");
  };
}
