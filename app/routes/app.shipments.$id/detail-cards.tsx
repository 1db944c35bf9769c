import { Button, InlineGrid, InlineStack, Link, Text } from "@shopify/polaris";
import { cancellationLabel } from "../../../extensions/shared/cancellation";
import { STATE_LABELS } from "../../../extensions/shared/presentation";
import { formatDateTime, formatMoney } from "~/text/format";
import type { ShipmentDetail } from "./shipment-detail";
import { TitledCard } from "./titled-card";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <InlineGrid columns={["oneThird", "twoThirds"]} gap="200">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{children}</Text>
    </InlineGrid>
  );
}

/** State, tracking, window, times, prices and what staff added (tip, rating). */
export function DetailsCard({ detail, timeZone }: { detail: ShipmentDetail; timeZone: string }) {
  const { view, shipment } = detail;
  const price = (cents: number | null) => formatMoney(cents, detail.currency);
  return (
    <TitledCard title="Details" gap="200">
      <Row label="State">{STATE_LABELS[view.state]}</Row>
      <Row label="Tracking">
        {view.trackingUrl && shipment.trackingNumber ? (
          <Link url={view.trackingUrl} target="_blank">
            {shipment.trackingNumber}
          </Link>
        ) : (
          (shipment.trackingNumber ?? "—")
        )}
      </Row>
      <Row label="Courier id">{shipment.courierShipmentId ?? "—"}</Row>
      <Row label="Window">
        {view.windowStartIso
          ? `${formatDateTime(view.windowStartIso, timeZone)} – ${formatDateTime(view.windowEndIso, timeZone)}`
          : "—"}
      </Row>
      {detail.slot ? (
        <Row label="Delivery slot">
          {detail.slot.overCapacityNotice ? (
            <Text as="span" tone="critical">
              {detail.slot.overCapacityNotice}
            </Text>
          ) : (
            detail.slot.words
          )}
        </Row>
      ) : null}
      <Row label="Pickup after">{formatDateTime(shipment.pickupAfter, timeZone)}</Row>
      <Row label="ETA">{formatDateTime(view.etaIso, timeZone)}</Row>
      <Row label="Delivered">{formatDateTime(view.deliveredAtIso, timeZone)}</Row>
      <Row label="Price">{price(shipment.priceCents)}</Row>
      <Row label="Quoted at checkout">{price(shipment.quotedPriceCents)}</Row>
      <Row label="Distance">
        {shipment.estimatedDistance !== null ? `${shipment.estimatedDistance.toFixed(1)} mi` : "—"}
      </Row>
      {view.state === "canceled" && view.cancellationCode ? (
        <Row label="Canceled because">{cancellationLabel(view.cancellationCode)}</Row>
      ) : null}
      {view.driverPayRaisedCents > 0 ? (
        // The courier's extra compensation is in US dollars, whatever the shop's currency.
        <Row label="Driver's pay raised">{formatMoney(view.driverPayRaisedCents, "USD")}</Row>
      ) : null}
      {shipment.tipCents !== null ? <Row label="Tip">{price(shipment.tipCents)}</Row> : null}
      {shipment.rating !== null ? <Row label="Rating">{`${shipment.rating} of 5`}</Row> : null}
      {shipment.signatoryName ? <Row label="Signed by">{shipment.signatoryName}</Row> : null}
    </TitledCard>
  );
}

/** The driver and their last known position. */
export function DriverCard({ shipment }: { shipment: ShipmentDetail["shipment"] }) {
  return (
    <TitledCard title="Driver" gap="200">
      {shipment.driver ? (
        <>
          <Row label="Name">{shipment.driver.name ?? "—"}</Row>
          <Row label="Phone">{shipment.driver.phone ?? "—"}</Row>
          <Row label="Vehicle">
            {shipment.driver.vehicle
              ? [
                  shipment.driver.vehicle.color,
                  shipment.driver.vehicle.make,
                  shipment.driver.vehicle.model,
                  shipment.driver.vehicle.category ? `(${shipment.driver.vehicle.category})` : null,
                ]
                  .filter(Boolean)
                  .join(" ") || "—"
              : "—"}
          </Row>
        </>
      ) : (
        <Text as="p" tone="subdued">
          No driver assigned yet.
        </Text>
      )}
      <Row label="Last position">
        {shipment.lastPosition ? (
          <Link
            url={`https://www.openstreetmap.org/?mlat=${shipment.lastPosition.latitude}&mlon=${shipment.lastPosition.longitude}#map=15/${shipment.lastPosition.latitude}/${shipment.lastPosition.longitude}`}
            target="_blank"
          >
            {`${shipment.lastPosition.latitude.toFixed(5)}, ${shipment.lastPosition.longitude.toFixed(5)}`}
          </Link>
        ) : (
          "—"
        )}
      </Row>
    </TitledCard>
  );
}

/** The courier's label, to print and attach to the package. */
export function LabelCard({ labels }: { labels: NonNullable<ShipmentDetail["labels"]> }) {
  return (
    <TitledCard title="Label" gap="200">
      <Text as="p" tone="subdued">
        Print it and attach it to the package.
      </Text>
      <InlineStack gap="200">
        <Button url={labels.pdf} target="_blank" download>
          Download PDF
        </Button>
        <Button url={labels.png} target="_blank" download>
          Download PNG
        </Button>
      </InlineStack>
    </TitledCard>
  );
}
