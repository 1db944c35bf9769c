/** tagsAdd / tagsRemove on the resources the stand-in models (orders, products, customers). */
import { typeOfGid } from "../gid";
import type { ShopState } from "../shop-state";
import { isoDateTime, normaliseTags } from "../values";

export const TAGGABLE_TYPES = new Set(["Order", "Product", "Customer"]);
/** Types Shopify can tag that the stand-in does not model: a request for one fails loudly. */
const UNMODELLED_TAGGABLE_TYPES = new Set(["DraftOrder", "Article", "DiscountNode"]);

type Taggable = { id: string; tags: string[]; updatedAt: string };

function findTaggable(shop: ShopState, id: string): Taggable | null {
  const type = typeOfGid(id);
  if (type && UNMODELLED_TAGGABLE_TYPES.has(type))
    throw new Error(`Shopify stand-in does not implement tags on ${type}`);
  if (!type || !TAGGABLE_TYPES.has(type)) return null;
  return (shop.index.get(id) as Taggable | undefined) ?? null;
}

export function changeTags(shop: ShopState, id: string, tags: string[], mode: "add" | "remove", now: Date) {
  const node = findTaggable(shop, id);
  if (!node) return { node: null, userErrors: [{ field: ["id"], message: "Resource not found" }] };
  const change = normaliseTags(tags);
  if (mode === "add") {
    node.tags = normaliseTags([...node.tags, ...change]);
  } else {
    const removing = new Set(change.map((t) => t.toLowerCase()));
    node.tags = node.tags.filter((t) => !removing.has(t.toLowerCase()));
  }
  node.updatedAt = isoDateTime(now);
  return { node, userErrors: [] as { field: string[] | null; message: string }[] };
}
