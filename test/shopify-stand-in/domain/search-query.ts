/**
 * Shopify's search syntax (the `query:` argument), the subset apps use: space-separated terms that
 * must all match, `field:value`, comparators `:>`, `:>=`, `:<`, `:<=`, negation with `-` or `NOT`,
 * quoted values, bare words. `OR` and filters the stand-in does not know fail loudly.
 */
import { StandInNotImplementedError } from "../not-implemented";

export type Comparator = "=" | ">" | ">=" | "<" | "<=";
export type SearchTerm = { field: string | null; comparator: Comparator; value: string; negated: boolean };

function tokens(query: string): string[] {
  return [...query.matchAll(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g)].map((m) => m[0]);
}

function unquote(value: string): string {
  return value.replace(/^["'](.*)["']$/, "$1").replace(/(^|:)["'](.*)["']$/, "$1$2");
}

export function parseSearchQuery(query: string | null | undefined, resource: string): SearchTerm[] {
  if (!query?.trim()) return [];
  const terms: SearchTerm[] = [];
  let negateNext = false;
  for (const token of tokens(query)) {
    if (token === "AND") continue;
    if (token === "OR") throw new StandInNotImplementedError(`OR in ${resource}(query:)`);
    if (token === "NOT") {
      negateNext = true;
      continue;
    }
    const negated = negateNext || token.startsWith("-");
    negateNext = false;
    const body = token.startsWith("-") ? token.slice(1) : token;
    const match = /^([a-z_]+):(>=|<=|>|<)?(.*)$/.exec(body);
    if (!match) terms.push({ field: null, comparator: "=", value: unquote(body), negated });
    else
      terms.push({
        field: match[1]!,
        comparator: (match[2] as Comparator | undefined) ?? "=",
        value: unquote(match[3]!),
        negated,
      });
  }
  return terms;
}

export function compare(actual: number | string, comparator: Comparator, expected: number | string): boolean {
  switch (comparator) {
    case "=":
      return actual === expected;
    case ">":
      return actual > expected;
    case ">=":
      return actual >= expected;
    case "<":
      return actual < expected;
    case "<=":
      return actual <= expected;
  }
}

export type FieldMatchers<T> = Record<string, (record: T, term: SearchTerm) => boolean>;

/** Keeps the records matching every term; `text` handles bare words. */
export function filterBySearch<T>(
  records: readonly T[],
  query: string | null | undefined,
  resource: string,
  matchers: FieldMatchers<T>,
): T[] {
  const terms = parseSearchQuery(query, resource);
  for (const term of terms) {
    const name = term.field ?? "text";
    if (!matchers[name]) throw new StandInNotImplementedError(`the "${name}" filter of ${resource}(query:)`);
  }
  return records.filter((record) =>
    terms.every((term) => matchers[term.field ?? "text"]!(record, term) !== term.negated),
  );
}

export const matchText = (actual: string | null | undefined, term: SearchTerm) =>
  (actual ?? "").toLowerCase() === term.value.toLowerCase();

export const matchDate = (actual: string | null, term: SearchTerm) => {
  if (!actual) return false;
  const expected = Date.parse(term.value);
  if (Number.isNaN(expected)) return false;
  return compare(Date.parse(actual), term.comparator, expected);
};
