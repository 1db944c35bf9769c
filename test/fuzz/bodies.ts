/**
 * Request bodies from fuzzed values: JSON written by hand (so a key can appear twice and integers
 * beyond 2^53 keep their digits), then sent whole, cut short, empty, as something that is not JSON,
 * or under a content type that is not JSON's.
 */
import fc from "fast-check";
import { DuplicateKey, RawJson } from "./arbitraries";

/** JSON text of a fuzzed value; undefined inside an object drops the key, as JSON.stringify does. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof DuplicateKey) return jsonText(value.value);
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const name = JSON.stringify(key);
      if (item instanceof DuplicateKey) {
        const pair = [`${name}:${jsonText(item.other)}`, `${name}:${jsonText(item.value)}`];
        members.push(...(item.otherFirst ? pair : pair.reverse()));
      } else members.push(`${name}:${jsonText(item)}`);
    }
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export type BodyShape = "whole" | "truncated" | "empty" | "not-json" | "json-scalar";

export type FuzzBody = { text: string; contentType: string | null; shape: BodyShape };

export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  null,
] as const;

/** Mostly JSON's own content type; sometimes another one or none. */
export const contentTypeArb: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);

const NOT_JSON = ["not json", "{", "]", "{'a':1}", "<xml/>", "a=1&b=2", "\u0000\u0001", '{"a":1}}', "NaN", "\ufeff{}"];

/** A body for a value: mostly the whole JSON; else cut at some byte, empty, not JSON or a bare scalar. */
export function bodyArb(value: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.tuple(value, contentTypeArb).map(([v, ct]) => body(jsonText(v), ct, "whole")) },
    {
      weight: 2,
      arbitrary: fc.tuple(value, fc.double({ min: 0, max: 1, noNaN: true }), contentTypeArb).map(([v, cut, ct]) => {
        const text = jsonText(v);
        return body(text.slice(0, Math.floor(text.length * cut)), ct, "truncated");
      }),
    },
    { weight: 1, arbitrary: contentTypeArb.map((ct) => body("", ct, "empty")) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...NOT_JSON), contentTypeArb).map(([t, ct]) => body(t, ct, "not-json")),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("null", "1", '"x"', "[]", "true", "{}"), contentTypeArb)
        .map(([t, ct]) => body(t, ct, "json-scalar")),
    },
  );
}

function body(text: string, contentType: string | null, shape: BodyShape): FuzzBody {
  return { text, contentType, shape };
}

/** The first characters of a body or value, for a report line (never whole: bodies can be huge). */
export function preview(text: string, max = 160): string {
  const shown = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(shown);
}
