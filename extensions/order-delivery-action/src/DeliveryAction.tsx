/**
 * The "Same-day delivery" modal. Thin: what is offered, checked, sent and said comes from
 * extensions/shared; this file only holds the panel being shown and the form values.
 */
import { useEffect, useState } from "preact/hooks";
import type { OrderShipmentsResponse, ShipmentView } from "../../shared/api-contract";
import type { FetchLike } from "../../shared/api-client";
import { loadOrderShipments, mergeShipments } from "../../shared/order-actions";
import { loadOrderReturns } from "../../shared/return-pickups";
import type { FormatTime } from "../../shared/presentation";
import { sortForDisplay } from "../../shared/presentation";
import type { ShipmentAction } from "../../shared/shipment-rules";
import { CancelPanel } from "./panels/CancelPanel";
import type { Notice, Translate } from "./panels/common";
import { DispatchPanel } from "./panels/DispatchPanel";
import { LabelPanel } from "./panels/LabelPanel";
import { OverviewPanel } from "./panels/OverviewPanel";
import { PhotosPanel } from "./panels/PhotosPanel";
import { RatePanel } from "./panels/RatePanel";
import { RedispatchPanel } from "./panels/RedispatchPanel";
import { ReturnPickupPanel } from "./panels/ReturnPickupPanel";
import type { ReturnsLoad } from "./panels/ReturnsSection";
import { TipPanel } from "./panels/TipPanel";

export interface DeliveryActionProps {
  orderGid: string;
  fetchFn: FetchLike;
  now: () => Date;
  formatTime: FormatTime;
  t: Translate;
  close: () => void;
}

type Panel =
  | { kind: "overview" }
  | { kind: "dispatch" }
  | { kind: ShipmentAction; shipmentId: string }
  | { kind: "returnPickup"; returnId: string };

type Load =
  { state: "loading" } | { state: "failed"; message: string } | { state: "loaded"; order: OrderShipmentsResponse };

export function DeliveryAction(props: DeliveryActionProps) {
  const { orderGid, fetchFn, t, close } = props;
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [panel, setPanel] = useState<Panel>({ kind: "overview" });
  const [notice, setNotice] = useState<Notice>(null);
  const [returns, setReturns] = useState<ReturnsLoad>({ state: "loading" });

  async function reload(options: { quietly?: boolean } = {}) {
    if (!options.quietly) setLoad({ state: "loading" });
    const outcome = await loadOrderShipments(fetchFn, orderGid);
    if (outcome.ok) setLoad({ state: "loaded", order: outcome.value });
    else if (!options.quietly) setLoad({ state: "failed", message: outcome.message });
  }

  /** The order's returns ("Book return pickup"): asked for beside the shipments, shown when they come. */
  async function reloadReturns() {
    const outcome = await loadOrderReturns(fetchFn, orderGid);
    setReturns(
      outcome.ok ? { state: "loaded", returns: outcome.value } : { state: "failed", message: outcome.message },
    );
  }

  useEffect(() => {
    void reload();
    void reloadReturns();
  }, [orderGid]);

  if (load.state !== "loaded") {
    return (
      <s-admin-action heading={t("heading")} loading={load.state === "loading"}>
        {load.state === "failed" ? (
          <s-banner tone="critical">{load.message}</s-banner>
        ) : (
          <s-text>{t("loading")}</s-text>
        )}
        {load.state === "failed" ? (
          <s-button slot="primary-action" onClick={() => void reload()}>
            {t("retry")}
          </s-button>
        ) : null}
        <s-button slot="secondary-actions" onClick={close}>
          {t("close")}
        </s-button>
      </s-admin-action>
    );
  }

  const order = load.order;
  const shipments = sortForDisplay(order.shipments);

  /** After an action: keep its message on the overview and show the shipment's new state. */
  function finish(message: string, updated?: ShipmentView[]) {
    setNotice({ tone: "success", message });
    if (updated && load.state === "loaded") {
      setLoad({ state: "loaded", order: { ...load.order, shipments: mergeShipments(load.order.shipments, updated) } });
    }
    setPanel({ kind: "overview" });
    // Whether "Dispatch now" is still offered is the app's decision: ask again, quietly.
    if (panel.kind === "dispatch") void reload({ quietly: true });
    // A booked pickup is new shipments (its legs) and a return no longer offering the button.
    if (panel.kind === "returnPickup") {
      void reload({ quietly: true });
      void reloadReturns();
    }
  }

  const back = () => {
    // A booking the courier refused shows in the return's card.
    if (panel.kind === "returnPickup") void reloadReturns();
    setPanel({ kind: "overview" });
  };
  const common = { fetchFn, now: props.now, t, back, finish };
  const selected = "shipmentId" in panel ? shipments.find((s) => s.id === panel.shipmentId) : undefined;
  const selectedReturn =
    panel.kind === "returnPickup" && returns.state === "loaded"
      ? returns.returns.find((r) => r.id === panel.returnId)
      : undefined;

  let body;
  if (panel.kind === "dispatch") {
    body = <DispatchPanel {...common} orderGid={orderGid} />;
  } else if (selectedReturn) {
    body = <ReturnPickupPanel {...common} orderGid={orderGid} ret={selectedReturn} formatTime={props.formatTime} />;
  } else if (selected && panel.kind === "cancel") {
    body = <CancelPanel {...common} shipment={selected} />;
  } else if (selected && panel.kind === "redispatch") {
    body = <RedispatchPanel {...common} shipment={selected} orderGid={orderGid} />;
  } else if (selected && panel.kind === "tip") {
    body = <TipPanel {...common} shipment={selected} />;
  } else if (selected && panel.kind === "rate") {
    body = <RatePanel {...common} shipment={selected} />;
  } else if (selected && panel.kind === "label") {
    body = <LabelPanel {...common} shipment={selected} />;
  } else if (selected && panel.kind === "photos") {
    body = <PhotosPanel {...common} shipment={selected} />;
  } else {
    body = (
      <OverviewPanel
        order={order}
        shipments={shipments}
        now={props.now()}
        formatTime={props.formatTime}
        notice={notice}
        t={t}
        close={close}
        open={(action, shipmentId) => {
          setNotice(null);
          setPanel({ kind: action, shipmentId });
        }}
        openDispatch={() => {
          setNotice(null);
          setPanel({ kind: "dispatch" });
        }}
        returns={returns}
        bookReturn={(returnId) => {
          setNotice(null);
          setPanel({ kind: "returnPickup", returnId });
        }}
      />
    );
  }

  return <s-admin-action heading={t("heading")}>{body}</s-admin-action>;
}
