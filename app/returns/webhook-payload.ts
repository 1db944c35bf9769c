import { z } from "zod";
import { OrderGid, ReturnGid } from "~/shopify-admin/global-ids";

/**
 * returns/approve (API 2026-10): the return's ids route the work; the job reads the return itself
 * through the Admin API, so a stale or repeated payload never carries old data into a booking.
 * Unknown fields are kept; the order may come as an object with its GID.
 */
export const ReturnApprovedPayload = z.looseObject({
  admin_graphql_api_id: ReturnGid,
  order: z.looseObject({ admin_graphql_api_id: OrderGid }),
});
export type ReturnApprovedPayload = z.infer<typeof ReturnApprovedPayload>;
