import { z } from "zod";
import { LOCATION_GID_PATTERN, MAX_PICKUP_LOCATIONS } from "~/settings/pickup-locations";
import { EVEN_WITH_OTHER_ERRORS, hasIssueUnder } from "./cross-field-rules";
import { ClockTime, optionalWholeNumber, text, wholeNumber } from "./form-fields";
import {
  CLOSED_REASON_MAX_LENGTH,
  MAX_CLOSED_DATES,
  MAX_OPENING_SPANS_PER_DAY,
  PREPARATION_MINUTES_MAX,
  SLOT_CAPACITY_MAX,
} from "./limits";

/**
 * Opening hours per pickup location (kept in the shop's settings, keyed by the Shopify location):
 * a weekly schedule, closed dates and a preparation time. A location without an entry is open every
 * day, all day, with nothing to prepare, which is how the app worked before hours existed.
 */

const END_TIME_MESSAGE = "Choose a closing time (midnight at the end of the day included)";
const SpanEnd = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "24:00" ? "24:00" : value),
  z.union([z.literal("24:00"), ClockTime], { error: END_TIME_MESSAGE }),
);

export const OpeningSpan = z.object({ start: ClockTime, end: SpanEnd }).superRefine((span, ctx) => {
  if (hasIssueUnder(ctx.issues, "start") || hasIssueUnder(ctx.issues, "end")) return;
  if (span.end <= span.start)
    ctx.addIssue({ code: "custom", path: ["end"], message: "The end must be after the start" });
}, EVEN_WITH_OTHER_ERRORS);

const DaySpans = z
  .array(OpeningSpan)
  .max(MAX_OPENING_SPANS_PER_DAY, `Use at most ${MAX_OPENING_SPANS_PER_DAY} spans a day`)
  .superRefine((spans, ctx) => {
    const sorted = spans.map((span, index) => ({ ...span, index })).sort((a, b) => (a.start < b.start ? -1 : 1));
    sorted.forEach((span, i) => {
      const previous = sorted[i - 1];
      if (previous && span.start < previous.end) {
        ctx.addIssue({ code: "custom", path: [span.index, "start"], message: "This span overlaps another one" });
      }
    });
  });

const ISO_DATE_MESSAGE = "Enter a date as YYYY-MM-DD";
export const IsoDate = z
  .string({ error: ISO_DATE_MESSAGE })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ISO_DATE_MESSAGE)
  .refine((text) => {
    const [year, month, day] = text.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, ISO_DATE_MESSAGE);

export const ClosedDates = z
  .object({ from: IsoDate, to: IsoDate, reason: text(0, CLOSED_REASON_MAX_LENGTH, "The reason") })
  .superRefine((closed, ctx) => {
    if (hasIssueUnder(ctx.issues, "from") || hasIssueUnder(ctx.issues, "to")) return;
    if (closed.to < closed.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must not be before the first" });
  }, EVEN_WITH_OTHER_ERRORS);

/** Days of the week a form posts: a closed day posts no field, so a missing or short list's days are closed. */
const WEEK_DAYS = 7;
const postedWeek = (value: unknown) =>
  value === undefined
    ? Array.from({ length: WEEK_DAYS }, () => [])
    : Array.isArray(value) && value.length <= WEEK_DAYS
      ? Array.from({ length: WEEK_DAYS }, (_, day) => (value[day] as unknown) ?? [])
      : value;

export const LocationHours = z.object({
  locationGid: z.string({ error: "Unknown location." }).regex(LOCATION_GID_PATTERN, "Unknown location."),
  /** Seven days, Sunday first; an empty day is closed. */
  weekly: z.preprocess(postedWeek, z.array(DaySpans).length(WEEK_DAYS, "Give the hours of all seven days")),
  // A form posts no field for an empty list.
  closedDates: z.preprocess(
    (value) => value ?? [],
    z.array(ClosedDates).max(MAX_CLOSED_DATES, `Use at most ${MAX_CLOSED_DATES} closed dates`),
  ),
  preparationMinutes: wholeNumber(0, PREPARATION_MINUTES_MAX, "minutes"),
  /**
   * The most deliveries this location takes in one slot (a window's delivery span on one day); null: no
   * limit. Missing in settings saved before capacity existed, which reads as no limit.
   */
  slotCapacity: optionalWholeNumber(0, SLOT_CAPACITY_MAX, "deliveries").default(null),
});

/**
 * A form that clears every location's hours posts `openingHours` as "" (an empty list posts no field,
 * and a field not posted keeps its saved value).
 */
export const OpeningHoursSettings = z.preprocess(
  (value) => (value === "" ? [] : value),
  z
    .array(LocationHours)
    .max(MAX_PICKUP_LOCATIONS, `At most ${MAX_PICKUP_LOCATIONS} locations.`)
    .superRefine((all, ctx) => {
      const seen = new Set<string>();
      all.forEach((entry, index) => {
        if (seen.has(entry.locationGid)) {
          ctx.addIssue({ code: "custom", path: [index, "locationGid"], message: "This location already has hours" });
        }
        seen.add(entry.locationGid);
      });
    }),
);

export type LocationHours = z.infer<typeof LocationHours>;
