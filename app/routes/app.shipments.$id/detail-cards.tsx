import { BlockStack, Button, InlineGrid, InlineStack, Link, Text } from "@shopify/polaris";
import { cancellationLabel } from "../../../extensions/shared/english-words";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { FINAL_STATES } from "~/shipments/states";
import {
  formatInstant,
  formatMoneyWithCode,
  formatPhone,
  formatPosition,
  formatWindow,
  phoneHref,
} from "~/text/staff-format";
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
  const clock = { timeZone, now: new Date(detail.loadedAt) };
  const price = (cents: number | null) => formatMoneyWithCode(cents, detail.currency);
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
      <Row label="Courier's number">{shipment.courierShipmentId ?? "—"}</Row>
      <Row label="Window">{formatWindow(view.windowStartIso, view.windowEndIso, clock)}</Row>
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
      <Row label="Pickup after">{formatInstant(shipment.pickupAfter, clock)}</Row>
      {/* The courier's estimate only means something while the delivery is under way. */}
      {view.etaIso && !FINAL_STATES.has(view.state) && view.state !== "expired" ? (
        <Row label="Expected">{formatInstant(view.etaIso, clock)}</Row>
      ) : null}
      {view.deliveredAtIso ? <Row label="Delivered">{formatInstant(view.deliveredAtIso, clock)}</Row> : null}
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
        <Row label="Driver's pay raised">{formatMoneyWithCode(view.driverPayRaisedCents, "USD")}</Row>
      ) : null}
      {shipment.tipCents !== null ? <Row label="Tip">{price(shipment.tipCents)}</Row> : null}
      {shipment.rating !== null ? <Row label="Rating">{`${shipment.rating} of 5`}</Row> : null}
      {shipment.signatoryName ? <Row label="Signed by">{shipment.signatoryName}</Row> : null}
    </TitledCard>
  );
}

/** The driver and where they were last seen (a map link, never coordinates). */
export function DriverCard({
  shipment,
  timeZone,
  now,
}: {
  shipment: ShipmentDetail["shipment"];
  timeZone: string;
  now: string;
}) {
  const position = formatPosition(shipment.lastPosition, { timeZone, now: new Date(now) });
  const phone = shipment.driver?.phone ?? null;
  const href = phoneHref(phone);
  return (
    <TitledCard title="Driver" gap="200">
      {shipment.driver ? (
        <>
          <Row label="Name">{shipment.driver.name ?? "—"}</Row>
          <Row label="Phone">{href ? <Link url={href}>{formatPhone(phone)}</Link> : formatPhone(phone)}</Row>
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
      {position ? (
        <Row label="Where">
          <Link url={position.mapUrl} target="_blank">
            {`${position.words} (map)`}
          </Link>
        </Row>
      ) : null}
    </TitledCard>
  );
}

/** The customer the delivery goes to (a collection: comes from), as the fulfillment order held them. */
export function CustomerCard({ recipient }: { recipient: NonNullable<ShipmentDetail["view"]["recipient"]> }) {
  const href = phoneHref(recipient.phone);
  return (
    <TitledCard title="Customer" gap="200">
      <Row label="Name">{recipient.name}</Row>
      <Row label="Phone">{href ? <Link url={href}>{recipient.phone}</Link> : recipient.phone}</Row>
      <Row label="Address">{recipient.address}</Row>
    </TitledCard>
  );
}

/** The order's deliveries, return collections and exchange legs; a round trip as one trip with its legs. */
export function OrderLegsCard({ orderName, groups }: { orderName: string; groups: ShipmentDetail["orderLegs"] }) {
  if (groups.length < 2 && groups.every((g) => !g.roundTrip)) return null;
  return (
    <TitledCard title={`Order ${orderName}`} gap="200">
      {groups.map((group) => (
        <BlockStack key={group.legs[0]!.id} gap="100">
          {group.roundTrip ? (
            <Text as="p" fontWeight="semibold">
              {`Exchange: one round trip, ${group.legs.length} legs with one driver`}
            </Text>
          ) : null}
          {group.legs.map((leg, i) => (
            <Text as="p" key={leg.id}>
              {group.roundTrip ? `Leg ${i + 1}: ` : ""}
              {leg.current ? (
                <Text as="span" fontWeight="semibold">{`${leg.words} (this page)`}</Text>
              ) : (
                <Link url={`/app/shipments/${leg.id}`}>{leg.words}</Link>
              )}
              {` · ${leg.state}`}
            </Text>
          ))}
        </BlockStack>
      ))}
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
