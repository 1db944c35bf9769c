/**
 * Relay connections as Shopify serves them: `first`/`last` required (at most 250), opaque cursors,
 * `after`/`before`, `reverse`, edges + nodes + pageInfo.
 */
import { GraphQLError } from "graphql";

export const MAX_PAGE_SIZE = 250;

export type ConnectionArgs = {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
};

export function encodeCursor(key: string): string {
  return Buffer.from(JSON.stringify({ last_id: key })).toString("base64");
}

function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { last_id?: unknown };
    if (typeof parsed.last_id === "string") return parsed.last_id;
  } catch {
    // fall through to Shopify's error
  }
  throw new GraphQLError("Invalid cursor for current pagination sort.", { extensions: { code: "BAD_REQUEST" } });
}

/** Page size from `first`/`last`, with Shopify's errors when both or neither are given or out of range. */
export function pageSize(args: ConnectionArgs): number {
  const { first, last } = args;
  if (first == null && last == null)
    throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  if (first != null && last != null)
    throw new GraphQLError("you must provide only one of first or last", { extensions: { code: "BAD_REQUEST" } });
  const size = (first ?? last)!;
  if (size < 0)
    throw new GraphQLError(`The value of ${first != null ? "first" : "last"} must be a non-negative integer`, {
      extensions: { code: "BAD_REQUEST" },
    });
  if (size > MAX_PAGE_SIZE) {
    throw new GraphQLError(`The value of ${first != null ? "first" : "last"} must be at most ${MAX_PAGE_SIZE}`, {
      extensions: { code: "BAD_REQUEST" },
    });
  }
  return size;
}

export function connection<T>(items: readonly T[], args: ConnectionArgs, keyOf: (item: T) => string) {
  const size = pageSize(args);
  const ordered = args.reverse ? [...items].reverse() : [...items];
  let start = 0;
  let end = ordered.length;
  if (args.after) {
    const key = decodeCursor(args.after);
    const index = ordered.findIndex((item) => keyOf(item) === key);
    start = index === -1 ? ordered.length : index + 1;
  }
  if (args.before) {
    const key = decodeCursor(args.before);
    const index = ordered.findIndex((item) => keyOf(item) === key);
    end = index === -1 ? end : index;
  }
  if (args.first != null) end = Math.min(end, start + size);
  else start = Math.max(start, end - size);
  const page = ordered.slice(start, end);
  const edges = page.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    nodes: page,
    pageInfo: {
      hasNextPage: end < ordered.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** Connection over records with global ids (the usual case). */
export function idConnection<T extends { id: string }>(items: readonly T[], args: ConnectionArgs) {
  return connection(items, args, (item) => item.id);
}

/** Plain lists that take `first` (e.g. `Fulfillment.trackingInfo(first:)`). */
export function firstOf<T>(items: readonly T[], first: number | null | undefined): T[] {
  return first == null ? [...items] : items.slice(0, first);
}
