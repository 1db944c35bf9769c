import { fieldErrorsFromIssues } from "~/forms/field-errors";
import { z } from "zod";
import {
  CANCEL_COMMENT_MAX_LENGTH,
  LABEL_FORMATS,
  ORDER_ID_PATTERN,
  SERVICE_CODE_MAX_LENGTH,
  type CancelRequest,
  type RatingRequest,
  type TipRequest,
} from "../../extensions/shared/api-contract";
import { validateCancel } from "../../extensions/shared/cancellation";
import { validateBulkSelection, validateRating, validateTip, type Validated } from "../../extensions/shared/validation";
import { parseServiceCode } from "~/schedule/service-code";
import { invalidInput } from "./errors";

/**
 * What staff send (extension JSON bodies, page form fields), checked with zod for shape and with
 * the rules the extensions already apply before sending (extensions/shared), so both sides give
 * the same message for the same mistake. Errors are keyed by field name.
 */

/** Largest JSON body a staff action accepts (the biggest is a cancel with its comment). */
export const MAX_ACTION_BODY_BYTES = 16 * 1024;

function fromShared<T>(result: Validated<T>, ctx: z.RefinementCtx): T {
  if (!result.ok) {
    for (const [field, message] of Object.entries(result.fieldErrors ?? { form: result.message })) {
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    return z.NEVER;
  }
  return result.value;
}

const text = (message: string) => z.string({ error: message });
const BODY = { error: "The request must be a JSON object with the form's fields." };

export const CancelInput = z
  .object(
    {
      code: text("Choose a reason for canceling."),
      comment: text("The comment must be text.")
        .max(CANCEL_COMMENT_MAX_LENGTH * 4, `Keep the comment to ${CANCEL_COMMENT_MAX_LENGTH} characters or fewer.`)
        .default(""),
    },
    BODY,
  )
  .transform((input, ctx): CancelRequest => fromShared(validateCancel(input), ctx));

/** The page's form sends text, the extension a number: both are accepted. */
export const TipInput = z
  .object({ amountDollars: z.union([z.number(), z.string()], { error: "Enter a tip amount." }) }, BODY)
  .transform((input, ctx): TipRequest => fromShared(validateTip(input.amountDollars), ctx));

export const RatingInput = z
  .object({ value: z.union([z.number(), z.string()], { error: "Choose a rating from 1 to 5." }) }, BODY)
  .transform((input, ctx): RatingRequest => fromShared(validateRating(input.value), ctx));

export const LabelFormatInput = z.object({
  format: z.enum(LABEL_FORMATS, { error: "Choose PDF or PNG." }).default("PNG"),
});

export const DispatchInput = z.object(
  {
    windowServiceCode: z
      .string({ error: "Choose a delivery window." })
      .trim()
      .min(1, "Choose a delivery window.")
      .max(SERVICE_CODE_MAX_LENGTH, "Choose a delivery window.")
      // Refused here, before a dispatch job is queued with a window no shop can have.
      .refine((code) => parseServiceCode(code) !== null, "Choose a delivery window."),
  },
  BODY,
);

export const BulkDispatchInput = z
  .object({ orderIds: z.array(z.string(), { error: "Select at least one order to dispatch." }) }, BODY)
  .transform((input, ctx) => fromShared(validateBulkSelection(input.orderIds), ctx));

export const OrderIdParam = z.object({
  orderId: z.string({ error: "An order id is required." }).regex(ORDER_ID_PATTERN, "This is not an order id."),
});

/** Parses input with a schema; a failure becomes a 400 with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors = fieldErrorsFromIssues(parsed.error.issues);
  throw invalidInput(fieldErrors, Object.keys(fieldErrors).length === 1 ? Object.values(fieldErrors)[0]! : undefined);
}
