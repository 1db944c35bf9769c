import { z } from "zod";
import { TAG_LIST_MAX, TAG_MAX_LENGTH } from "./limits";

const TagName = z
  .string({ error: "Enter a tag" })
  .trim()
  .min(1, "Enter a tag")
  .max(TAG_MAX_LENGTH, `Tags must be at most ${TAG_MAX_LENGTH} characters`)
  .refine((tag) => !tag.includes(","), "Tags cannot contain commas");

// A list is one field on the page: a problem with one tag is reported on the list, naming the tag.
export const TagList = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(/[,\n]/) : value),
    z.array(z.string({ error: "Enter tag names separated by commas" }), {
      error: "Enter tag names separated by commas",
    }),
  )
  .transform((tags) => tags.map((tag) => tag.trim()).filter((tag) => tag !== ""))
  .superRefine((tags, ctx) => {
    const tooLong = tags.find((tag) => tag.length > TAG_MAX_LENGTH);
    if (tooLong !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `Tags must be at most ${TAG_MAX_LENGTH} characters ("${tooLong.slice(0, 20)}…" is longer)`,
      });
    }
    const withComma = tags.find((tag) => tag.includes(","));
    if (withComma !== undefined) ctx.addIssue({ code: "custom", message: "Tags cannot contain commas" });
    if (tags.length > TAG_LIST_MAX) ctx.addIssue({ code: "custom", message: `Enter at most ${TAG_LIST_MAX} tags` });
  })
  // Shopify compares tags without regard to case.
  .transform((tags) => tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i));

export const ShopTags = z.object({
  /** Products with any of these tags need a recipient over 21 (courier option over_21_required). */
  over21: TagList,
  /** Products with any of these tags need a recipient over 18 (courier option over_18_required). */
  over18: TagList,
  /** Added to the order once its courier shipment exists. */
  dispatched: TagName,
  /** Added to the order when staff must act (canceled, returned, cannot dispatch). */
  attention: TagName,
});
