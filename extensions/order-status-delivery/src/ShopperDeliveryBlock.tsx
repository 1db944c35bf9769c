/** The shopper's same-day delivery on the order status page. Thin: content comes from shared/shopper-delivery.ts. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiResult } from "../../shared/api-client";
import { createBlockRefresher, type BlockRefresher } from "../../shared/block-refresh";
import type { ShopperChangeResponse, ShopperEdit, ShopperWindowsResponse } from "../../shared/shopper-changes";
import {
  shopperDeliveryCards,
  type ShopperDelivery,
  type ShopperDeliveryCard,
  type ShopperWords,
} from "../../shared/shopper-delivery";
import { DeliveryChanges } from "./DeliveryChanges";

export interface ShopperDeliveryBlockProps {
  /** The order's id (`gid://shopify/Order/…`); null until Shopify has processed the order. */
  orderGid: string | null;
  /** The deliveries, or null when they could not be had (shared/shopper-delivery.ts loadShopperDeliveries). */
  load: (orderGid: string) => Promise<ShopperDelivery[] | null>;
  /** `shopify.extension.rendered`: whether the block is on screen (block-refresh.ts says why this). */
  rendered: { value: boolean; subscribe: (listener: (onScreen: boolean) => void) => () => void };
  loadWindows: (orderGid: string, deliveryId: string) => Promise<ApiResult<ShopperWindowsResponse>>;
  send: (orderGid: string, deliveryId: string, edit: ShopperEdit) => Promise<ApiResult<ShopperChangeResponse>>;
  /** The block's own words in the shopper's language (`shopify.i18n.translate`). */
  t: ShopperWords;
}

type CardProps = {
  card: ShopperDeliveryCard;
  orderGid: string;
  props: ShopperDeliveryBlockProps;
  answered: () => void;
};

function DeliveryCard({ card, orderGid, props, answered }: CardProps) {
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
      <DeliveryChanges
        changes={card.changes}
        loadWindows={() => props.loadWindows(orderGid, card.id)}
        send={(edit) => props.send(orderGid, card.id, edit)}
        answered={answered}
        t={props.t}
      />
    </s-stack>
  );
}

export function ShopperDeliveryBlock(props: ShopperDeliveryBlockProps) {
  const { orderGid, load, rendered, t } = props;
  const [cards, setCards] = useState<ShopperDeliveryCard[]>([]);
  const refresher = useRef<BlockRefresher | null>(null);

  // Asks again while a delivery goes on and the block is on screen, backing off after failures; at
  // once when the block comes back on screen or after a change (shared/block-refresh.ts).
  useEffect(() => {
    if (!orderGid) return;
    const live = createBlockRefresher({
      load: () => load(orderGid),
      show: (deliveries) => setCards(shopperDeliveryCards(deliveries, t)),
      timers: {
        set: (run, ms) => setTimeout(run, ms),
        clear: (handle) => clearTimeout(handle as number),
        now: Date.now,
      },
    });
    refresher.current = live;
    live.rendered(rendered.value);
    live.start();
    const unsubscribe = rendered.subscribe((onScreen) => live.rendered(onScreen));
    return () => {
      unsubscribe();
      live.stop();
      refresher.current = null;
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
            <DeliveryCard
              card={card}
              orderGid={orderGid!}
              props={props}
              answered={() => refresher.current?.refreshNow()}
            />
          </s-stack>
        ))}
      </s-stack>
    </s-section>
  );
}
