import type { CourierClient } from "~/courier/client.server";
import { CourierError } from "~/courier/errors";
import { API_ERROR_CODES } from "~/courier/limits";
import { DeliveryOptionsSchema, type DeliveryOptions } from "~/courier/requests";
import { retryLater, permanentFailure } from "~/jobs/errors";
import { dollarsToCents } from "~/quote/public";

/**
 * The courier side of one raise: the shipment's options as sent at creation with a new
 * `extra_compensation`, through the update operation, which the courier allows only before a driver
 * is assigned. The amount sent is absolute (what the shipment started with plus every raise), so a
 * retry after a lost answer sends the same value again instead of adding twice.
 */

export type RaiseOutcome =
  | { kind: "raised"; priceCents: number | null }
  /** The courier refused with 1003: a driver took the shipment between our look and the update. */
  | { kind: "already_assigned" };

/** The options the shipment was created with (null when its request was redacted or is unreadable). */
export function createdOptions(requestJson: string | null): DeliveryOptions | null {
  if (!requestJson) return null;
  try {
    const parsed = DeliveryOptionsSchema.safeParse((JSON.parse(requestJson) as { options?: unknown }).options);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the shipment's extra compensation was at creation, in cents. */
export function startingExtraCents(options: DeliveryOptions | null): number {
  return options?.extra_compensation ? dollarsToCents(options.extra_compensation) : 0;
}

async function currentOptions(courier: CourierClient, courierShipmentId: string): Promise<DeliveryOptions> {
  const remote = await courier.getShipment(courierShipmentId, { lane: "background" });
  // Every option the courier reports, so the update changes nothing but the extra compensation.
  const known = Object.keys(DeliveryOptionsSchema.shape);
  const reported = Object.entries(remote.options ?? {}).filter(([k, v]) => known.includes(k) && v !== null);
  const parsed = DeliveryOptionsSchema.safeParse(Object.fromEntries(reported));
  if (!parsed.success)
    throw permanentFailure("The courier's record of the shipment lacks its options; the driver's pay was not raised.");
  return parsed.data;
}

export async function raiseExtraCompensation(
  courier: CourierClient,
  input: { courierShipmentId: string; options: DeliveryOptions | null; extraCompensationCents: number },
): Promise<RaiseOutcome> {
  try {
    const options = input.options ?? (await currentOptions(courier, input.courierShipmentId));
    const updated = await courier.updateShipment(
      input.courierShipmentId,
      { options: { ...options, extra_compensation: input.extraCompensationCents / 100 } },
      { lane: "background" },
    );
    const price = updated.price;
    return { kind: "raised", priceCents: typeof price === "number" && price >= 0 ? dollarsToCents(price) : null };
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    if (error.kind === "validation" && error.apiErrors.some((e) => e.code === API_ERROR_CODES.rule))
      return { kind: "already_assigned" };
    if (error.retryable) throw retryLater(error.merchantMessage, error.retryAfterMs ?? 5_000, error);
    throw permanentFailure(error.merchantMessage, error);
  }
}
