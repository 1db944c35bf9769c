import { z } from "zod";
import { SHIPMENT_STATES } from "../../../extensions/shared/api-contract";

/** The shipments list's query string (shared by the loader and the page's filter form). */

export const SHIPMENTS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
export const MAX_PAGE = 10_000;
/** The list's state filter: a shipment state, "attention" (needs attention) or "all". */
export const STATE_FILTERS = ["all", "attention", ...SHIPMENT_STATES] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

/** Anything unreadable falls back to the unfiltered first page. */
export const ShipmentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  state: z.enum(STATE_FILTERS).catch("all"),
  q: z.string().trim().max(SEARCH_MAX_LENGTH).catch("").default(""),
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

export function parseListQuery(searchParams: URLSearchParams): ShipmentListQuery {
  return ShipmentListQuery.parse({
    page: searchParams.get("page") ?? undefined,
    state: searchParams.get("state") ?? undefined,
    q: searchParams.get("q") ?? undefined,
  });
}
