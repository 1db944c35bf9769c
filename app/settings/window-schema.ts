import { z } from "zod";
import { EVEN_WITH_OTHER_ERRORS, hasIssueUnder } from "./cross-field-rules";
import { WindowPrice } from "./window-price-schema";
import { ClockTime, decimalNumber, Flag, optionalCents, text, wholeNumber } from "./form-fields";
import {
  MAX_PRICE_CENTS,
  MAX_SLOT_TIMES,
  SLOT_DAYS_AHEAD_MAX,
  SLOT_DAYS_AHEAD_MIN,
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  SLOT_RATES_MAX,
  SLOT_RATES_MIN,
  SLOT_REPEAT_MINUTES_MIN,
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
  /** What the shopper pays for this window (window-price-schema.ts); missing: the courier's price (COURIER_PRICED). */
  price: WindowPrice.optional(),
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

/** Slots starting every `everyMinutes` from `from` up to `until` (both shop-local, `until` included). */
export const SlotRepeat = z
  .object({
    from: ClockTime,
    until: ClockTime,
    everyMinutes: wholeNumber(SLOT_REPEAT_MINUTES_MIN, SLOT_MINUTES_MAX, "minutes"),
  })
  .superRefine((repeat, ctx) => {
    if (hasIssueUnder(ctx.issues, "from") || hasIssueUnder(ctx.issues, "until")) return;
    if (repeat.until < repeat.from) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "The last slot must not start before the first" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

/**
 * Scheduled slots: each slot a rate of its own ("Today 2–4 pm"), on the open days ahead, the soonest
 * first, at most `maxRates` of them. Start times are listed, or repeat on a pattern, or both.
 */
export const SlotsWindow = z
  .object({
    ...windowCommon,
    kind: z.literal("slots"),
    slotMinutes: wholeNumber(SLOT_MINUTES_MIN, SLOT_MINUTES_MAX, "minutes"),
    // A form posts no field for an empty list or a missing pattern.
    startTimes: z.preprocess(
      (value) => value ?? [],
      z.array(ClockTime).max(MAX_SLOT_TIMES, `Use at most ${MAX_SLOT_TIMES} slot times`),
    ),
    repeat: z.preprocess((value) => value ?? null, SlotRepeat.nullable()),
    daysAhead: wholeNumber(SLOT_DAYS_AHEAD_MIN, SLOT_DAYS_AHEAD_MAX, "open days"),
    maxRates: wholeNumber(SLOT_RATES_MIN, SLOT_RATES_MAX, "rates"),
  })
  .superRefine((window, ctx) => {
    if (hasIssueUnder(ctx.issues, "startTimes") || hasIssueUnder(ctx.issues, "repeat")) return;
    if (window.startTimes.length === 0 && window.repeat === null) {
      ctx.addIssue({ code: "custom", path: ["startTimes"], message: "Give the slots' start times or a pattern" });
    }
  }, EVEN_WITH_OTHER_ERRORS);

export const DeliveryWindow = z.discriminatedUnion(
  "kind",
  [WithinHoursWindow, TodayByWindow, TomorrowWindow, SlotsWindow],
  { error: 'Choose a kind of window: "within hours", "today by", "tomorrow" or "slots"' },
);

export type SlotsWindow = z.infer<typeof SlotsWindow>;

export type DeliveryWindow = z.infer<typeof DeliveryWindow>;
export type WindowKind = (typeof WINDOW_KINDS)[number];
