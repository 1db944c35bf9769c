import { z } from "zod";
import { SHIPMENT_STATES } from "../../../extensions/shared/api-contract";

/** The shipments list's query string (shared by the loader, the CSV export and the page's filters). */

export const SHIPMENTS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
export const MAX_PAGE = 10_000;
export const LOCATION_PARAM_MAX_LENGTH = 200;
/** The list's state filter: a shipment state, "attention" (needs attention) or "all". */
export const STATE_FILTERS = ["all", "attention", ...SHIPMENT_STATES] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
/** The saved views, as Shopify's own lists have them (tabs). */
export const LIST_VIEWS = ["all", "today", "waiting", "out", "attention"] as const;
export type ListView = (typeof LIST_VIEWS)[number];
/** What a shipment is (app/shipments/leg-kind.ts): deliveries, return collections, an exchange's legs, or all. */
export const KIND_FILTERS = ["all", "delivery", "return", "exchange"] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];
export const LIST_SORTS = ["pickup_desc", "pickup_asc", "created_desc", "created_asc"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .catch("")
  .default("");

/** Anything unreadable falls back to its default (the unfiltered first page). */
export const ShipmentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  view: z.enum(LIST_VIEWS).catch("all"),
  state: z.enum(STATE_FILTERS).catch("all"),
  location: z.string().trim().max(LOCATION_PARAM_MAX_LENGTH).catch("").default(""),
  kind: z.enum(KIND_FILTERS).catch("all"),
  /** Pickup date range, days of the shop's calendar (inclusive). */
  from: day,
  to: day,
  sort: z.enum(LIST_SORTS).catch("pickup_desc"),
  q: z.string().trim().max(SEARCH_MAX_LENGTH).catch("").default(""),
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

export const DEFAULT_LIST_QUERY: ShipmentListQuery = ShipmentListQuery.parse({});

export function parseListQuery(searchParams: URLSearchParams): ShipmentListQuery {
  const get = (name: string) => searchParams.get(name) ?? undefined;
  return ShipmentListQuery.parse({
    page: get("page"),
    view: get("view"),
    state: get("state"),
    location: get("location"),
    kind: get("kind"),
    from: get("from"),
    to: get("to"),
    sort: get("sort"),
    q: get("q"),
  });
}

/** The query as URL parameters, defaults left out (the page's links and the export's URL). */
export function listQueryParams(query: ShipmentListQuery, without: readonly (keyof ShipmentListQuery)[] = []) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [keyof ShipmentListQuery, string | number][]) {
    if (without.includes(key) || value === DEFAULT_LIST_QUERY[key]) continue;
    params.set(key, String(value));
  }
  return params;
}
