/** The shopper's same-day delivery on the order status page. Thin: content comes from shared/shopper-delivery.ts. */
import { useEffect, useState } from "preact/hooks";
import {
  nextRefreshMs,
  shopperDeliveryCards,
  type ShopperDelivery,
  type ShopperDeliveryCard,
} from "../../shared/shopper-delivery";

export interface ShopperDeliveryBlockProps {
  /** The order's id (`gid://shopify/Order/…`); null until Shopify has processed the order. */
  orderGid: string | null;
  /** The deliveries, or null when they could not be had (shared/shopper-delivery.ts loadShopperDeliveries). */
  load: (orderGid: string) => Promise<ShopperDelivery[] | null>;
}

function DeliveryCard({ card }: { card: ShopperDeliveryCard }) {
  return (
    <s-stack direction="block" gap="small-200">
      <s-stack direction="inline" gap="small-200" alignItems="center">
        <s-heading>{card.heading}</s-heading>
        <s-badge tone={card.badge.tone}>{card.badge.label}</s-badge>
      </s-stack>
      <s-paragraph>{card.status}</s-paragraph>
      {card.details.map((detail) => (
        <s-paragraph key={detail.label}>
          <s-text color="subdued">{`${detail.label}: `}</s-text>
          <s-text>{detail.value}</s-text>
        </s-paragraph>
      ))}
      {card.link ? (
        <s-link href={card.link.href} target="_blank">
          {card.link.label}
        </s-link>
      ) : null}
    </s-stack>
  );
}

export function ShopperDeliveryBlock({ orderGid, load }: ShopperDeliveryBlockProps) {
  const [cards, setCards] = useState<ShopperDeliveryCard[]>([]);

  // Asks again while a delivery goes on, backing off after failures (nextRefreshMs); stops when
  // every delivery has ended or the block goes away.
  useEffect(() => {
    if (!orderGid) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let shown: ShopperDelivery[] = [];
    const refresh = async () => {
      const deliveries = await load(orderGid);
      if (!current) return;
      if (deliveries === null) failures += 1;
      else {
        failures = 0;
        shown = deliveries;
        setCards(shopperDeliveryCards(deliveries));
      }
      const wait = nextRefreshMs(shown, failures);
      if (wait !== null) timer = setTimeout(() => void refresh(), wait);
    };
    void refresh();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [orderGid]);

  // Nothing at all for an order without a same-day delivery (or while it loads).
  if (cards.length === 0) return null;
  return (
    <s-section>
      <s-stack direction="block" gap="base">
        {cards.map((card, index) => (
          <s-stack key={card.heading} direction="block" gap="base">
            {index > 0 ? <s-divider /> : null}
            <DeliveryCard card={card} />
          </s-stack>
        ))}
      </s-stack>
    </s-section>
  );
}
