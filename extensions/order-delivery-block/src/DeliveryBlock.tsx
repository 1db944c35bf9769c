/** The order page's status card. Thin: content comes from extensions/shared/presentation.ts. */
import { useEffect, useState } from "preact/hooks";
import type { OrderShipmentsResponse, ShipmentView } from "../../shared/api-contract";
import type { FetchLike } from "../../shared/api-client";
import { loadOrderShipments } from "../../shared/order-actions";
import {
  blockSummary,
  shipmentCard,
  sortForDisplay,
  type AdminWords,
  type FormatTime,
} from "../../shared/presentation";
import { ShipmentCardFacts } from "../../shared/ui/ShipmentCardFacts";
import { Waiting } from "../../shared/ui/Waiting";

export interface DeliveryBlockProps {
  orderGid: string;
  fetchFn: FetchLike;
  now: () => Date;
  formatTime: FormatTime;
  t: AdminWords;
  openAction: () => void;
}

type Load =
  { state: "loading" } | { state: "failed"; message: string } | { state: "loaded"; order: OrderShipmentsResponse };

function ShipmentStatus(props: { shipment: ShipmentView; now: Date; formatTime: FormatTime; t: AdminWords }) {
  const { t } = props;
  const card = shipmentCard(props.shipment, props.now, props.formatTime, t);
  return (
    <s-stack direction="block" gap="small">
      <s-stack direction="inline" gap="small" alignItems="center">
        <s-text type="strong">{card.heading}</s-text>
        <s-badge tone={card.tone}>{card.stateLabel}</s-badge>
      </s-stack>
      <ShipmentCardFacts card={card} t={t} labelStyle="subdued" />
      {card.photos.length > 0 ? (
        <s-stack direction="inline" gap="small">
          {card.photos.map((photo) => (
            <s-link key={photo.url} href={photo.url} target="_blank" accessibilityLabel={photo.label}>
              <s-thumbnail src={photo.url} alt={photo.label} size="small" />
            </s-link>
          ))}
        </s-stack>
      ) : null}
    </s-stack>
  );
}

export function DeliveryBlock(props: DeliveryBlockProps) {
  const { orderGid, fetchFn, t } = props;
  const [load, setLoad] = useState<Load>({ state: "loading" });

  async function reload() {
    setLoad({ state: "loading" });
    const outcome = await loadOrderShipments(fetchFn, orderGid);
    setLoad(outcome.ok ? { state: "loaded", order: outcome.value } : { state: "failed", message: outcome.message });
  }

  useEffect(() => {
    void reload();
  }, [orderGid]);

  if (load.state === "loading") {
    return (
      <s-admin-block heading={t("heading")}>
        <Waiting label={t("loading")} />
      </s-admin-block>
    );
  }
  if (load.state === "failed") {
    return (
      <s-admin-block heading={t("heading")} collapsedSummary={load.message}>
        <s-stack direction="block" gap="small">
          <s-banner tone="critical">{load.message}</s-banner>
          <s-button onClick={() => void reload()}>{t("retry")}</s-button>
        </s-stack>
      </s-admin-block>
    );
  }

  const shipments = sortForDisplay(load.order.shipments);
  const now = props.now();
  return (
    <s-admin-block heading={t("heading")} collapsedSummary={blockSummary(shipments, t)}>
      <s-stack direction="block" gap="base">
        {shipments.length === 0 ? <s-paragraph>{t("noShipments")}</s-paragraph> : null}
        {shipments.map((shipment, index) => (
          <s-stack key={shipment.id} direction="block" gap="base">
            {index > 0 ? <s-divider /> : null}
            <ShipmentStatus shipment={shipment} now={now} formatTime={props.formatTime} t={t} />
          </s-stack>
        ))}
        {shipments.length > 0 || load.order.dispatch.allowed ? (
          <s-stack direction="inline">
            <s-button onClick={props.openAction}>{shipments.length === 0 ? t("dispatch") : t("manage")}</s-button>
          </s-stack>
        ) : load.order.dispatch.reason ? (
          <s-paragraph>{load.order.dispatch.reason}</s-paragraph>
        ) : null}
      </s-stack>
    </s-admin-block>
  );
}
