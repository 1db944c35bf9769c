import { z } from "zod";
import { ADDRESS_LINE_MAX, US_STATE_CODES } from "~/courier/limits";
import { LOCATION_GID_PATTERN } from "~/settings/pickup-locations";
import { ClockTime } from "~/settings/form-fields";
import { IsoDate } from "~/settings/hours-schema";

/**
 * The settings page's preview question: a pickup location, a shopper's address (a ZIP code at least;
 * street, city and state for a courier price) and a shop-local date and time.
 */

const ZIP_MESSAGE = "Enter a 5-digit ZIP code";
const optionalLine = (label: string) =>
  z
    .string()
    .trim()
    .max(ADDRESS_LINE_MAX, `${label} must be at most ${ADDRESS_LINE_MAX} characters`)
    .optional()
    .transform((value) => value || null);

export const RatePreviewInput = z.object({
  locationGid: z.string({ error: "Choose a pickup location" }).regex(LOCATION_GID_PATTERN, "Choose a pickup location"),
  address1: optionalLine("The street"),
  city: optionalLine("The city"),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || (US_STATE_CODES as readonly string[]).includes(value), {
      message: "Enter a US state code, for example CA",
    }),
  zip: z
    .string({ error: ZIP_MESSAGE })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, ZIP_MESSAGE),
  date: IsoDate,
  time: ClockTime,
});

export type RatePreviewInput = z.infer<typeof RatePreviewInput>;
