import { z } from "zod";
import { EVEN_WITH_OTHER_ERRORS, hasIssueUnder } from "./cross-field-rules";
import { ClockTime, decimalNumber, Flag, optionalCents, text } from "./form-fields";
import {
  MAX_PRICE_CENTS,
  WINDOW_DESCRIPTION_MAX_LENGTH,
  WINDOW_ID_MAX_LENGTH,
  WINDOW_ID_PATTERN,
  type WINDOW_KINDS,
  WINDOW_SERVICE_NAME_MAX_LENGTH,
  WITHIN_HOURS_MAX,
  WITHIN_HOURS_MIN,
} from "./limits";

/** A delivery window's id: lowercased, then checked (it becomes part of the rate's service_code). */
export const WindowId = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z
    .string({ error: "Enter an id for this window" })
    .min(1, "Enter an id for this window")
    .max(WINDOW_ID_MAX_LENGTH, `The id must be at most ${WINDOW_ID_MAX_LENGTH} characters`)
    .regex(WINDOW_ID_PATTERN, "Use lowercase letters and digits, with single hyphens between words"),
);

const windowCommon = {
  id: WindowId,
  serviceName: text(1, WINDOW_SERVICE_NAME_MAX_LENGTH, "A name shoppers see"),
  description: text(0, WINDOW_DESCRIPTION_MAX_LENGTH, "The description"),
  enabled: Flag,
  /** Flat price shown when the courier cannot price in time (checkout fallback "flat_rate"); null: no rate. */
  fallbackPriceCents: optionalCents(0, MAX_PRICE_CENTS),
};

const HOURS_MESSAGE = `Enter hours from ${WITHIN_HOURS_MIN} to ${WITHIN_HOURS_MAX}, in whole or half hours`;

export const WithinHoursWindow = z.object({
  ...windowCommon,
  kind: z.literal("within_hours"),
  /** Delivery within this many hours after pickup. */
  hours: decimalNumber(WITHIN_HOURS_MIN, WITHIN_HOURS_MAX, HOURS_MESSAGE).refine(
    (hours) => Number.isInteger(hours * 2),
    HOURS_MESSAGE,
  ),
});

export const TodayByWindow = z
  .object({
    ...windowCommon,
    kind: z.literal("today_by"),
    /** Delivered by this shop-local time today. */
    deliverBy: ClockTime,
    /** Offered at checkout until this shop-local time. */
    orderCutoff: ClockTime,
  })
  .superRefine((window, ctx) => {
    if (hasIssueUnder(ctx.issues, "orderCutoff") || hasIssueUnder(ctx.issues, "deliverBy")) return;
    if (window.orderCutoff >= window.deliverBy) {
      ctx.addIssue({
        code: "custom",
        path: ["orderCutoff"],
        message: "The order cutoff must be before the delivery deadline",
      });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export const TomorrowWindow = z
  .object({
    ...windowCommon,
    kind: z.literal("tomorrow"),
    startTime: ClockTime,
    endTime: ClockTime,
  })
  .superRefine((window, ctx) => {
    if (hasIssueUnder(ctx.issues, "startTime") || hasIssueUnder(ctx.issues, "endTime")) return;
    if (window.startTime >= window.endTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "The window must end after it starts" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export const DeliveryWindow = z.discriminatedUnion("kind", [WithinHoursWindow, TodayByWindow, TomorrowWindow], {
  error: 'Choose a kind of window: "within hours", "today by" or "tomorrow"',
});

export type DeliveryWindow = z.infer<typeof DeliveryWindow>;
export type WindowKind = (typeof WINDOW_KINDS)[number];
