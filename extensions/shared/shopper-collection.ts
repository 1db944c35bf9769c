/**
 * The order status block's card for a return's collection (a driver collecting the shopper's
 * return and bringing it to the store): the status and step are already the tracking page's
 * collection words (app/tracking-page/collection-words.ts); this names the card and its facts as a
 * collection, never as a delivery. An exchange's new items are a delivery and keep the delivery card.
 */

/** The keys of a card's own words in the block's locale files (extensions/order-status-delivery/locales). */
export type CardWordKeys = { heading: string; window: string; arrival: string; track: string };

export const DELIVERY_CARD_WORDS: CardWordKeys = {
  heading: "heading",
  window: "window",
  arrival: "arrival",
  track: "track",
};

export const COLLECTION_CARD_WORDS: CardWordKeys = {
  heading: "collectionHeading",
  window: "collectionWindow",
  arrival: "collectionArrival",
  track: "trackCollection",
};
