import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, BlockStack, Box, Button, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { AttentionActionResult } from "~/routes/app.attention/attention-list.server";
import type { TodayBoard } from "./today.server";
import { minutesToPickupLabel, type LocationDay, type TodayItem } from "./today";
import { ATTENTION_ACTION_URL } from "~/routes/app.attention/attention-actions";
import { FlowAlertsHint } from "~/components/flow-alerts-hint";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { toShipmentState } from "~/staff/view-model";

/** Home once setup is done: the shop's day per pickup location, from the app's own records. */

function RaisePayNow({ item }: { item: TodayItem }) {
  const fetcher = useFetcher<AttentionActionResult>();
  return (
    <InlineStack gap="200" blockAlign="center">
      <Button
        size="slim"
        variant="primary"
        loading={fetcher.state !== "idle"}
        onClick={() =>
          fetcher.submit(
            { intent: "raise_pay", shipmentId: item.shipmentId },
            { method: "post", action: ATTENTION_ACTION_URL },
          )
        }
        accessibilityLabel={`Raise pay now: ${item.orderName}`}
      >
        Raise pay now
      </Button>
      {fetcher.data ? (
        <Text as="span" tone={fetcher.data.ok ? "success" : "critical"}>
          {fetcher.data.message}
        </Text>
      ) : null}
    </InlineStack>
  );
}

function Row({ item, detail, action }: { item: TodayItem; detail: string; action?: ReactNode }) {
  return (
    <Box borderBlockStartWidth="025" borderColor="border" paddingBlockStart="200">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <BlockStack gap="050">
          <InlineStack gap="200" blockAlign="center">
            <Button variant="plain" url={`/app/shipments/${item.shipmentId}`}>
              {item.orderName}
            </Button>
            {item.legWords ? <Badge>{item.legWords}</Badge> : null}
            {item.needsAttention ? <Badge tone="critical">Needs attention</Badge> : null}
          </InlineStack>
          <Text as="span" tone="subdued">
            {detail}
          </Text>
          {item.legs.map((leg, i) => (
            <InlineStack key={leg.shipmentId} gap="100" blockAlign="center">
              <Button variant="plain" url={`/app/shipments/${leg.shipmentId}`}>
                {`Leg ${i + 1}: ${leg.words}`}
              </Button>
              <Text as="span" tone="subdued">
                {STATE_LABELS[toShipmentState(leg.state)]}
              </Text>
            </InlineStack>
          ))}
        </BlockStack>
        {action}
      </InlineStack>
    </Box>
  );
}

function Section({
  title,
  items,
  empty,
  detail,
  action,
}: {
  title: string;
  items: TodayItem[];
  empty: string;
  detail: (item: TodayItem) => string;
  action?: (item: TodayItem) => ReactNode;
}) {
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {title}
        </Text>
        <Badge>{String(items.length)}</Badge>
      </InlineStack>
      {items.length === 0 ? (
        <Text as="p" tone="subdued">
          {empty}
        </Text>
      ) : (
        items.map((item) => <Row key={item.shipmentId} item={item} detail={detail(item)} action={action?.(item)} />)
      )}
    </BlockStack>
  );
}

function LocationCard({ day }: { day: LocationDay }) {
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {day.name}
          </Text>
          <Text as="span" tone="subdued">
            {`${day.due.length} to pick up · ${day.outForDelivery.length} out · ${day.delivered.length} delivered`}
          </Text>
        </InlineStack>
        <Section
          title="Waiting for a driver"
          items={day.waitingForDriver}
          empty="Every booked delivery has a driver."
          detail={(item) => `Ready by ${item.readyBy} · ${minutesToPickupLabel(item.minutesToPickup)}`}
          action={(item) => <RaisePayNow item={item} />}
        />
        <Section
          title="Pickups due today"
          items={day.due}
          empty="Nothing left to hand over today."
          detail={(item) =>
            `Ready by ${item.readyBy} · delivery ${item.window}${item.driverFirstName ? ` · driver ${item.driverFirstName}` : ""}`
          }
        />
        <Section
          title="Out for delivery"
          items={day.outForDelivery}
          empty="Nothing on the road."
          detail={(item) => `Delivery ${item.window}${item.driverFirstName ? ` · ${item.driverFirstName}` : ""}`}
        />
        <Section
          title="Delivered"
          items={day.delivered}
          empty="Nothing delivered yet today."
          detail={(item) => `Window ${item.window}`}
        />
        {day.needsAttention.length > 0 ? (
          <Section
            title="Needs attention"
            items={day.needsAttention}
            empty=""
            detail={(item) => `Ready by ${item.readyBy}: open it to fix or resolve`}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}

export function TodayBoardView({ board }: { board: TodayBoard }) {
  const sum = (pick: (day: LocationDay) => TodayItem[]) =>
    board.locations.reduce((total, day) => total + pick(day).length, 0);
  const figures: [string, number][] = [
    ["To pick up", sum((d) => d.due)],
    ["Waiting for a driver", sum((d) => d.waitingForDriver)],
    ["Out for delivery", sum((d) => d.outForDelivery)],
    ["Delivered", sum((d) => d.delivered)],
  ];
  return (
    <BlockStack gap="400">
      <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
        {figures.map(([label, value]) => (
          <Card key={label}>
            <BlockStack gap="100">
              <Text as="p" tone="subdued">
                {label}
              </Text>
              <Text as="p" variant="headingLg">
                {String(value)}
              </Text>
            </BlockStack>
          </Card>
        ))}
      </InlineGrid>
      {sum((d) => d.waitingForDriver) + sum((d) => d.needsAttention) > 0 ? <FlowAlertsHint /> : null}
      {board.locations.length === 0 ? (
        <Card>
          <Text as="p" tone="subdued">
            No pickup location is enabled: choose one in Settings to see its day here.
          </Text>
        </Card>
      ) : (
        board.locations.map((day) => <LocationCard key={day.locationGid} day={day} />)
      )}
      {board.truncated ? (
        <Text as="p" tone="subdued">
          Only the first 1,000 deliveries of the day are shown; the Shipments list has them all.
        </Text>
      ) : null}
    </BlockStack>
  );
}
