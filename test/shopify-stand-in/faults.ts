/**
 * Fault injection in front of the stand-in's HTTP surface (the chaos run): a share of Admin API
 * and token requests answered 502 or 503 before anything is executed, as Shopify's edge answers
 * when a backend is briefly unavailable (an HTML page, not JSON). THROTTLED bursts need no wrapper:
 * `throttle.setAvailable(shop, 0)` empties a shop's cost bucket, and Shopify's own throttling does
 * the rest.
 */

export type AdminFaults = {
  /** Share of requests (0..1) answered with one of `errorStatuses`. */
  errorRate: number;
  errorStatuses: number[];
};

export const NO_ADMIN_FAULTS: AdminFaults = { errorRate: 0, errorStatuses: [502, 503] };

type FetchLike = { fetch: (request: Request) => Promise<Response | null> };

const EDGE_PAGE = (status: number) =>
  `<!DOCTYPE html><html><head><title>${status}</title></head><body>Shopify is temporarily unavailable.</body></html>`;

export function withAdminFaults(inner: FetchLike, random: () => number = Math.random) {
  let faults: AdminFaults = { ...NO_ADMIN_FAULTS };
  const injected: Record<string, number> = {};
  return {
    async fetch(request: Request): Promise<Response | null> {
      if (request.method === "POST" && faults.errorRate > 0 && random() < faults.errorRate) {
        const status = faults.errorStatuses[Math.floor(random() * faults.errorStatuses.length)] ?? 502;
        injected[status] = (injected[status] ?? 0) + 1;
        return new Response(EDGE_PAGE(status), { status, headers: { "content-type": "text/html; charset=utf-8" } });
      }
      return inner.fetch(request);
    },
    setFaults(patch: Partial<AdminFaults>): AdminFaults {
      faults = { ...faults, ...patch };
      return faults;
    },
    /** Injected answers by status. */
    injected: () => ({ ...injected }),
  };
}
