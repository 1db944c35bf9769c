/** Shopify global ids: `gid://shopify/<Type>/<number>`. */
const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/;

let sequence = 1000;

/** A fresh numeric id; one counter per process keeps ids unique across shops and types. */
export function nextNumericId(): number {
  sequence += 1;
  return sequence;
}

export function gid(type: string, id: number | string = nextNumericId()): string {
  return `gid://shopify/${type}/${id}`;
}

export function parseGid(value: string): { type: string; id: string } | null {
  const match = GID.exec(value);
  return match ? { type: match[1]!, id: match[2]! } : null;
}

export function typeOfGid(value: string): string | null {
  return parseGid(value)?.type ?? null;
}

/** The numeric part, as Shopify's `legacyResourceId` (an UnsignedInt64, serialised as a string). */
export function legacyIdOf(value: string): string {
  const parsed = parseGid(value);
  if (!parsed) throw new Error(`not a Shopify global id: ${value}`);
  return parsed.id;
}
