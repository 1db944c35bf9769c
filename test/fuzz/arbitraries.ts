/**
 * Hostile values for the fuzzer (fast-check arbitraries): strings that are huge, unicode, with lone
 * UTF-16 surrogates or control characters; numbers as text, ids above 2^53, nulls, deep nesting.
 * `hostileVariant(base)` keeps a valid input's shape and puts such values in it (one to three fields,
 * or unicode spliced into every string), so inputs get past the first checks and reach the code behind.
 * Numbers that JSON.stringify cannot write (beyond 2^53) are RawJson and written digit by digit (bodies.ts).
 */
import fc from "fast-check";

/** JSON text put into a body as it is: integers beyond 2^53, deep nesting, `1e400`. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A key written twice in a JSON object: `first` then the real value (or the reverse). */
export class DuplicateKey {
  constructor(
    readonly other: unknown,
    readonly otherFirst: boolean,
    readonly value: unknown,
  ) {}
}

/** Text as a URL or header can carry it: lone surrogates become U+FFFD, as UTF-8 encoding makes them. */
export function asWellFormed(text: string): string {
  return text.replace(/\p{Surrogate}/gu, "\ufffd");
}

export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Short unicode pieces: any code point, grapheme clusters, right-to-left marks, NUL, a lone surrogate. */
export const unicodePiece = fc.oneof(
  fc.string({ unit: "binary", minLength: 1, maxLength: 8 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
  fc.constantFrom("\u0000", "\u202e", "\ufeff", "\u200d", "👩‍👩‍👧‍👦", "ﷺ", "Z̤͔ͧ̑̓", "\r\n", "\\", '"'),
  loneSurrogate,
);

/** Text an attacker or a broken client might send where a string belongs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 3, arbitrary: fc.array(unicodePiece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("")) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 }))
      .map(([a, s, b]) => a + s + b),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "🍰", " ", "\u0000", "9", "ﷺ"), fc.integer({ min: 1_000, max: 200_000 }))
      .map(([piece, times]) => piece.repeat(times)),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "null",
      "undefined",
      "NaN",
      "Infinity",
      "-0",
      "1e400",
      "0x1F",
      "9007199254740993",
      "18446744073709551616",
      "-1",
      "1.5",
      "true",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "'; DROP TABLE Shop; --",
      "%00",
      "\r\nX-Injected: 1",
      "gid://shopify/Order/99999999999999999999",
      "gid://shopify/Order/-1",
      "__proto__",
    ),
  },
);

/** A number, or what should be one: as text, beyond 2^53 (as a number literal and as text), not finite. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map((big) => new RawJson(big.toString())),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map((big) => big.toString()),
  fc.constantFrom(new RawJson("1e400"), new RawJson("-0"), new RawJson("1E-400"), 0, -1, Number.MAX_SAFE_INTEGER),
);

/** Deep nesting: arrays or objects thousands of levels deep (a recursive parser runs out of stack). */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson("[".repeat(depth) + "]".repeat(depth))
      : new RawJson('{"a":'.repeat(depth) + "1" + "}".repeat(depth)),
  );

/** Any hostile value, for a field whatever its type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { "": null }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
);

type Path = (string | number)[];

/** Every place in a JSON value (the value itself, each key, each array element), depth first. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

/** A copy of `value` with `replacement` at `path` (undefined removes an object's key). */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, replacement) : item));
  const copy = { ...(value as Record<string, unknown>) };
  const next = setAt(copy[head as string], rest, replacement);
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/** Every string in a JSON value with a unicode piece spliced in at a chosen place. */
function spliceIntoStrings(value: unknown, pieces: string[], at: number, counter = { n: 0 }): unknown {
  if (typeof value === "string") {
    const piece = pieces[counter.n++ % pieces.length]!;
    const cut = Math.min(value.length, at % (value.length + 1));
    return value.slice(0, cut) + piece + value.slice(cut);
  }
  if (Array.isArray(value)) return value.map((item) => spliceIntoStrings(item, pieces, at, counter));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, spliceIntoStrings(item, pieces, at, counter)]),
    );
  return value;
}

/**
 * A valid input (`base`) turned hostile: as it is (valid inputs must keep working), one to three
 * places replaced by hostile values or removed, a key written twice, or unicode spliced into every
 * string.
 */
export function hostileVariant(base: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(base);
  const place = fc.constantFrom(...paths);
  const replaced = fc
    .array(fc.tuple(place, fc.oneof({ weight: 6, arbitrary: hostileValue }, fc.constant(undefined))), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) => changes.reduce<unknown>((value, [path, replacement]) => setAt(value, path, replacement), base));
  const objectPaths = paths.filter((path) => {
    const parent = path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base);
    return path.length > 0 && typeof path[path.length - 1] === "string" && parent !== null && !Array.isArray(parent);
  });
  const duplicated =
    objectPaths.length === 0
      ? replaced
      : fc.tuple(fc.constantFrom(...objectPaths), hostileValue, fc.boolean()).map(([path, other, otherFirst]) => {
          const current = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base);
          return setAt(base, path, new DuplicateKey(other, otherFirst, current));
        });
  const spliced = fc
    .tuple(fc.array(unicodePiece, { minLength: 1, maxLength: 5 }), fc.nat(64))
    .map(([pieces, at]) => spliceIntoStrings(base, pieces, at));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(base) },
    { weight: 6, arbitrary: replaced },
    { weight: 2, arbitrary: duplicated },
    { weight: 3, arbitrary: spliced },
  );
}
