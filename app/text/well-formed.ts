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

/**
 * Whether any string in a parsed JSON value (keys included) holds a lone surrogate. Walks with a
 * stack of its own, so a body nested thousands of levels deep cannot exhaust the call stack.
 */
export function holdsIllFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (!isWellFormedText(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (!isWellFormedText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
