/** The modal's first panel: the order's shipments with their actions, and "Dispatch now". */
import type { OrderShipmentsResponse, ShipmentView } from "../../../shared/api-contract";
import { shipmentCard, type FormatTime } from "../../../shared/presentation";
import { offeredActions, type ShipmentAction } from "../../../shared/shipment-rules";
import { ShipmentCardFacts } from "../../../shared/ui/ShipmentCardFacts";
import type { Notice, Translate } from "./common";
import { ReturnsSection, type ReturnsLoad } from "./ReturnsSection";

const ACTION_LABEL_KEYS: Record<ShipmentAction, string> = {
  label: "printLabel",
  photos: "viewPhotos",
  tip: "tipDriver",
  rate: "rateDriver",
  redispatch: "redispatch",
  cancel: "cancelDelivery",
};

function ShipmentSummary(props: {
  shipment: ShipmentView;
  now: Date;
  formatTime: FormatTime;
  t: Translate;
  open: (action: ShipmentAction, shipmentId: string) => void;
}) {
  const { shipment, t } = props;
  const card = shipmentCard(shipment, props.now, props.formatTime, t);
  const actions = offeredActions(shipment, props.now);
  return (
    <s-section heading={card.heading}>
      <s-stack direction="block" gap="small">
        <s-stack direction="inline" gap="small">
          <s-badge tone={card.tone}>{card.stateLabel}</s-badge>
        </s-stack>
        <ShipmentCardFacts card={card} t={t} labelStyle="strong" />
        {actions.length > 0 ? (
          <s-stack direction="inline" gap="small">
            {actions.map((action) => (
              <s-button
                key={action}
                tone={action === "cancel" ? "critical" : "auto"}
                onClick={() => props.open(action, shipment.id)}
              >
                {t(ACTION_LABEL_KEYS[action])}
              </s-button>
            ))}
          </s-stack>
        ) : null}
      </s-stack>
    </s-section>
  );
}

export function OverviewPanel(props: {
  order: OrderShipmentsResponse;
  shipments: ShipmentView[];
  now: Date;
  formatTime: FormatTime;
  notice: Notice;
  t: Translate;
  close: () => void;
  open: (action: ShipmentAction, shipmentId: string) => void;
  openDispatch: () => void;
  returns: ReturnsLoad;
  bookReturn: (returnId: string) => void;
}) {
  const { order, shipments, notice, t } = props;
  return (
    <>
      <s-stack direction="block" gap="base">
        {notice ? <s-banner tone={notice.tone}>{notice.message}</s-banner> : null}
        {shipments.length === 0 ? <s-paragraph>{t("noShipments")}</s-paragraph> : null}
        {!order.dispatch.allowed && order.dispatch.reason && shipments.length === 0 ? (
          <s-paragraph>{order.dispatch.reason}</s-paragraph>
        ) : null}
        {shipments.map((shipment) => (
          <ShipmentSummary
            key={shipment.id}
            shipment={shipment}
            now={props.now}
            formatTime={props.formatTime}
            t={t}
            open={props.open}
          />
        ))}
        <ReturnsSection load={props.returns} formatTime={props.formatTime} t={t} book={props.bookReturn} />
      </s-stack>
      {order.dispatch.allowed ? (
        <s-button slot="primary-action" variant="primary" onClick={props.openDispatch}>
          {t("dispatchNow")}
        </s-button>
      ) : notice ? (
        // Closing after a change lets the admin refresh the order page.
        <s-button slot="primary-action" onClick={props.close}>
          {t("done")}
        </s-button>
      ) : null}
      <s-button slot="secondary-actions" onClick={props.close}>
        {t("close")}
      </s-button>
    </>
  );
}
