/** Plain-data helpers for settings read from JSON or built from form fields (isPlainObject: app/http/plain-object.ts). */

/** Freezes a value and everything inside it (the shared defaults must never change). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
