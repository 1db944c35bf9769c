/**
 * The order status block's card for a return's collection (a driver collecting the shopper's
 * return and bringing it to the store): the status and step are already the tracking page's
 * collection words (app/tracking-page/collection-words.ts); this names the card and its facts as a
 * collection, never as a delivery. An exchange's new items are a delivery and keep the delivery card.
 */

export const COLLECTION_CARD_HEADING = "Return collection";
export const TRACK_COLLECTION_LABEL = "Track your return collection";

/** The delivery card's fact labels (shopper-delivery.ts) and what a collection calls them. */
const COLLECTION_DETAIL_LABELS: Readonly<Record<string, string>> = {
  "Delivery window": "Collection window",
  Arrival: "Expected",
};

type Card = {
  heading: string;
  details: { label: string; value: string }[];
  link: { href: string; label: string } | null;
};

export function asCollectionCard<C extends Card>(card: C): C {
  return {
    ...card,
    heading: COLLECTION_CARD_HEADING,
    details: card.details.map((detail) => ({
      ...detail,
      label: COLLECTION_DETAIL_LABELS[detail.label] ?? detail.label,
    })),
    link: card.link ? { ...card.link, label: TRACK_COLLECTION_LABEL } : null,
  };
}
