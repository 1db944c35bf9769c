import { z } from "zod";
import { Flag, requiredCents } from "./form-fields";
import { COURIER_RETURN_CHARGE_MAX_CENTS, MAX_RETURN_RECEIVING_LOCATIONS } from "./limits";

/**
 * Courier returns (app/returns): whether an approved return is collected by a driver, which of the
 * shop's pickup locations receive returns (an item goes back to the location it came from when that
 * one receives returns, else to the first listed), and what the customer is charged for the
 * collection (cents; 0: free). Off until the merchant turns it on: every collection costs money.
 */
export const COURIER_RETURNS_DEFAULTS = {
  enabled: false,
  receivingLocationGids: [] as string[],
  customerChargeCents: 0,
};

const LOCATION_GID = /^gid:\/\/shopify\/Location\/\d{1,20}$/;

export const CourierReturnSettings = z.object({
  enabled: Flag,
  receivingLocationGids: z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(",")
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.string().regex(LOCATION_GID, "Choose pickup locations of the shop"), {
        error: "Choose pickup locations of the shop",
      })
      .max(MAX_RETURN_RECEIVING_LOCATIONS, `Choose at most ${MAX_RETURN_RECEIVING_LOCATIONS} locations`)
      .refine((gids) => new Set(gids).size === gids.length, "Each location may appear once"),
  ),
  customerChargeCents: requiredCents(0, COURIER_RETURN_CHARGE_MAX_CENTS),
});

export type CourierReturnSettings = z.infer<typeof CourierReturnSettings>;
