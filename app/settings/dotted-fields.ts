import { isPlainObject } from "~/http/plain-object";

/** FormData, URLSearchParams or anything else with `entries()` giving [name, value] pairs. */
export interface FormDataLike {
  entries(): IterableIterator<[string, unknown]> | Iterable<[string, unknown]>;
}

/** Array positions accepted in field names: far above MAX_DELIVERY_WINDOWS, low enough to stay cheap. */
const MAX_FIELD_INDEX = 99;
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Form fields named by dotted paths ("pricing.markupPercent", "deliveryWindows.0.kind") → a nested
 * object (a plain object's keys may be dotted too). A name repeated collects its values in order. Names
 * with an empty or prototype-reaching segment are ignored; a list position above MAX_FIELD_INDEX is
 * an error on that name ("Too many entries") and builds nothing.
 */
export function dottedFieldsToObject(input: FormDataLike | Record<string, unknown>, errors: Record<string, string>) {
  const entries: Iterable<[string, unknown]> =
    typeof (input as FormDataLike).entries === "function"
      ? (input as FormDataLike).entries()
      : Object.entries(input as Record<string, unknown>);
  const result: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    const path = name.split(".");
    if (path.some((segment) => segment === "" || FORBIDDEN_SEGMENTS.has(segment))) continue;
    if (path.some((segment) => /^\d+$/.test(segment) && Number(segment) > MAX_FIELD_INDEX)) {
      errors[name] = "Too many entries";
      continue;
    }
    setPath(result, path, value);
  }
  return result;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i]!;
    const nextIsIndex = /^\d+$/.test(path[i + 1]!);
    const existing = (node as Record<string, unknown>)[segment];
    const usable = nextIsIndex ? Array.isArray(existing) : isPlainObject(existing);
    if (!usable) (node as Record<string, unknown>)[segment] = nextIsIndex ? [] : {};
    node = (node as Record<string, unknown>)[segment] as Record<string, unknown> | unknown[];
  }
  const last = path[path.length - 1]!;
  const holder = node as Record<string, unknown>;
  const existing = holder[last];
  if (existing === undefined) holder[last] = value;
  else if (Array.isArray(existing) && !Array.isArray(value)) existing.push(value);
  else holder[last] = [existing, value];
}

/** `patch` laid over `base`: objects merge key by key; anything else in the patch (a list too) replaces. */
export function mergeOver(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = mergeOver(base[key], value);
  return merged;
}
