/**
 * An object literal or JSON object (not an array, not a class instance): the one test for "a JSON
 * object" on what arrives from outside (courier events, stored JSON, settings forms).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
