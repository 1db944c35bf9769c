import { z } from "zod";
import { OrderGid, ReturnGid } from "~/shopify-admin/global-ids";

/** The returns job kinds and their payloads (ids only: the return is read again when a job runs). */

/** Books the courier legs of one return (its collections and, for an exchange, the new items' deliveries). */
export const BOOK_RETURN_PICKUP_JOB = "returns.book-pickup";
/** Records a booked collection's courier tracking on the return's reverse deliveries in Shopify. */
export const ATTACH_REVERSE_DELIVERY_JOB = "returns.attach-reverse-delivery";

export const ReturnPickupPayload = z.object({
  returnGid: ReturnGid,
  orderGid: OrderGid,
  generation: z.number().int().min(1),
  /** Set when staff booked it: the shop's "courier returns" switch does not stop a staff action. */
  byStaff: z.boolean().optional(),
});
export type ReturnPickupPayload = z.infer<typeof ReturnPickupPayload>;

export const ReverseDeliveryPayload = z.object({ shipmentId: z.string().min(1).max(64) });
export type ReverseDeliveryPayload = z.infer<typeof ReverseDeliveryPayload>;
