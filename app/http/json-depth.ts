/**
 * How deep a parsed JSON body nests. JSON.parse takes any depth, but recursive code after it (a
 * stable stringify, JSON.stringify, a schema) runs out of call stack on a body nested some thousands
 * of levels: a RangeError, answered 500. Bodies are checked here, without recursion, where they enter.
 */

/** Deepest nesting any outside JSON body the app reads needs (Shopify's and the courier's reach about 6). */
export const MAX_JSON_DEPTH = 64;

/** Whether arrays and objects in `value` nest deeper than `maxDepth` levels. */
export function jsonDepthExceeds(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: next, depth } = pending.pop()!;
    if (next === null || typeof next !== "object") continue;
    if (depth + 1 > maxDepth) return true;
    for (const item of Array.isArray(next) ? next : Object.values(next))
      pending.push({ value: item, depth: depth + 1 });
  }
  return false;
}
