import { z } from "zod";

/**
 * Text from outside that may reach the database. JSON's `\uD800` escape gives JavaScript a lone
 * UTF-16 surrogate, which no UTF-8 encoder can write: Prisma's query engine refuses the whole query
 * ("JSON Error: unexpected end of hex escape"), so such a value must be refused where it enters
 * (a 4xx naming the field), never carried to a write (a 500, and Shopify retries it for days).
 */

/** A lone surrogate: with the `u` flag a pair is one code point, so only an unpaired half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

export const NOT_WELL_FORMED_MESSAGE = "must be well-formed Unicode text (no lone UTF-16 surrogate)";

/** A string that is well-formed Unicode; further checks (.max, .regex) chain after it. */
export const wellFormedString = () =>
  z.string().refine(isWellFormedText, { message: NOT_WELL_FORMED_MESSAGE, abort: true });
