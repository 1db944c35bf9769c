import { z } from "zod";
import { Flag, requiredCents } from "./form-fields";
import {
  MAX_NO_DRIVER_RAISE_TIMES,
  NO_DRIVER_DAILY_CAP_MAX_CENTS,
  NO_DRIVER_RAISE_MINUTES_MAX,
  NO_DRIVER_SHIPMENT_CAP_MAX_CENTS,
  NO_DRIVER_STEP_MAX_CENTS,
} from "./limits";

/**
 * The no-driver watchdog (app/watchdog): while a shipment is scheduled with no driver, at each of
 * `raiseMinutesBeforePickup` (minutes before its pickup_after; 0 is the pickup time itself) the app
 * raises the driver's extra compensation by `stepCents`, never past `maxPerShipmentCents` for one
 * shipment nor `maxPerShopPerDayCents` for the shop in one day of its time zone. Raises spend the
 * merchant's money, so they are off until the merchant turns them on (`raisesEnabled`); the "no
 * driver yet" attention at the last of these times needs no money and is always on.
 */
export const NO_DRIVER_WATCH_DEFAULTS = {
  raisesEnabled: false,
  raiseMinutesBeforePickup: [20, 10, 0],
  stepCents: 200,
  maxPerShipmentCents: 600,
  maxPerShopPerDayCents: 5_000,
};

const MINUTES_MESSAGE = `Enter whole minutes before pickup from 0 to ${NO_DRIVER_RAISE_MINUTES_MAX}, separated by commas`;

/**
 * A list of minutes: JSON numbers, or the page's one text field ("20, 10, 0"). A wrong entry is
 * reported on the list, where the page shows it.
 */
const raiseTimes = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((part) => part.trim())
          .filter((part) => part !== "")
      : value,
  z
    .array(z.union([z.number(), z.string()]), { error: MINUTES_MESSAGE })
    .transform((items, ctx) => {
      const minutes = items.map((item) => (typeof item === "number" ? item : Number(item)));
      const valid = (m: number) => Number.isInteger(m) && m >= 0 && m <= NO_DRIVER_RAISE_MINUTES_MAX;
      if (minutes.every(valid)) return minutes;
      ctx.addIssue({ code: "custom", message: MINUTES_MESSAGE });
      return z.NEVER;
    })
    .pipe(
      z
        .array(z.number())
        .min(1, "Enter at least one time before pickup")
        .max(MAX_NO_DRIVER_RAISE_TIMES, `Use at most ${MAX_NO_DRIVER_RAISE_TIMES} times`)
        .refine((minutes) => new Set(minutes).size === minutes.length, "Each time may appear once")
        // Earliest first: the watchdog looks at them in the order they come.
        .transform((minutes) => [...minutes].sort((a, b) => b - a)),
    ),
);

export const NoDriverWatchSettings = z.object({
  raisesEnabled: Flag,
  raiseMinutesBeforePickup: raiseTimes,
  stepCents: requiredCents(1, NO_DRIVER_STEP_MAX_CENTS),
  maxPerShipmentCents: requiredCents(0, NO_DRIVER_SHIPMENT_CAP_MAX_CENTS),
  maxPerShopPerDayCents: requiredCents(0, NO_DRIVER_DAILY_CAP_MAX_CENTS),
});

export type NoDriverWatchSettings = z.infer<typeof NoDriverWatchSettings>;
