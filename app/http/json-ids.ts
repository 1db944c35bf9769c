/**
 * JSON with ids above 2^53. Shopify's ids (and possibly the courier's) are 64-bit integers sent as
 * JSON numbers; a JavaScript number keeps only 53 bits, so `820982911946154508` would silently become
 * `820982911946154500`. Ids therefore stay text in the app: read with `parseJsonKeepingIds`, written
 * back as a JSON number with `exactJsonInteger`. Both use the JSON source-text access of Node 22+
 * (`context.source` in a reviver, `JSON.rawJSON`).
 */

import { jsonDepthExceeds } from "./json-depth";

type ReviverContext = { source?: string };
type SourceAwareParse = (
  text: string,
  reviver: (this: unknown, key: string, value: unknown, context?: ReviverContext) => unknown,
) => unknown;
type RawJson = { rawJSON(text: string): unknown };

/** Sixteen digits in a row: the shortest text of an integer above 2^53 (9007199254740992). */
const LONG_DIGITS = /\d{16}/;

/**
 * JSON.parse, except that an integer too large to be a JavaScript number exactly comes back as its
 * digits (a string); every other value is what JSON.parse gives. Throws a SyntaxError as JSON.parse does.
 * A text without sixteen digits in a row holds no such integer and is parsed once, as fast as before;
 * one nested deeper than MAX_JSON_DEPTH is returned as JSON.parse reads it (a reviver recurses, and
 * every reader refuses such a body anyway).
 */
export function parseJsonKeepingIds(text: string): unknown {
  const plain: unknown = JSON.parse(text);
  if (!LONG_DIGITS.test(text) || jsonDepthExceeds(plain)) return plain;
  return (JSON.parse as SourceAwareParse)(text, (_key, value, context) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)
      ? context.source
      : value,
  );
}

/** Digits of a positive 64-bit id (Shopify's are unsigned 64-bit: at most 20 digits). */
export const ID_DIGITS = /^[1-9]\d{0,19}$/;

/**
 * A value that JSON.stringify writes as the JSON number with exactly these digits (never a
 * JavaScript number on the way). `digits` must match ID_DIGITS.
 */
export function exactJsonInteger(digits: string): unknown {
  if (!ID_DIGITS.test(digits)) throw new TypeError("Expected the digits of a positive id");
  return (JSON as unknown as RawJson).rawJSON(digits);
}
