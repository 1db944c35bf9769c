/** The shopper's same-day delivery on the order status page. Thin: content comes from shared/shopper-delivery.ts. */
import { useEffect, useState } from "preact/hooks";
import { shopperDeliveryCards, type ShopperDelivery, type ShopperDeliveryCard } from "../../shared/shopper-delivery";

export interface ShopperDeliveryBlockProps {
  /** The order's id (`gid://shopify/Order/…`); null until Shopify has processed the order. */
  orderGid: string | null;
  load: (orderGid: string) => Promise<ShopperDelivery[]>;
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

  useEffect(() => {
    if (!orderGid) return;
    let current = true;
    void load(orderGid).then((deliveries) => {
      if (current) setCards(shopperDeliveryCards(deliveries));
    });
    return () => {
      current = false;
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
