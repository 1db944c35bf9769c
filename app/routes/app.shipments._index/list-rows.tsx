import { Badge, BlockStack, IndexTable, InlineStack, Link, Text } from "@shopify/polaris";
import { Fragment } from "react";
import { STATE_TONES } from "../../../extensions/shared/presentation";
import { STATE_LABELS } from "../../../extensions/shared/english-words";
import { toShipmentState } from "~/staff/view-model";
import { polarisTone } from "~/text/format";
import { formatMoneyWithCode } from "~/text/staff-format";
import type { ListEntry, ListItem } from "./list.server";

/**
 * The Deliveries table's rows: a shipment on its own row; a round trip as a subheader ("#1003 ·
 * Exchange: one round trip, 2 legs", selecting it selects its legs) over its legs as child rows.
 * Beside a shipment, the order's other shipments (a return collection with its delivery), linked.
 */

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
type Entry = Omit<Json<ListEntry>, "legs"> & { legs: Json<ListItem>[] };

function StateBadge({ item }: { item: Json<ListItem> }) {
  const state = toShipmentState(item.state);
  return (
    <Badge tone={item.needsAttention ? "critical" : polarisTone(STATE_TONES[state])}>
      {item.needsAttention ? `${STATE_LABELS[state]} · needs attention` : STATE_LABELS[state]}
    </Badge>
  );
}

function SameOrder({ entry }: { entry: Entry }) {
  if (entry.sameOrder.length === 0) return null;
  return (
    <Text as="span" tone="subdued">
      {"Same order: "}
      {entry.sameOrder.map((s, i) => (
        <Fragment key={s.id}>
          {i > 0 ? "; " : null}
          <Link url={`/app/shipments/${s.id}`} removeUnderline>
            {`${s.words} (${STATE_LABELS[toShipmentState(s.state)]})`}
          </Link>
        </Fragment>
      ))}
    </Text>
  );
}

function Cells({ s, entry, condensed, currency, leg }: CellProps) {
  const money = (cents: number | null) => formatMoneyWithCode(cents, currency);
  const what = leg ? `Leg ${leg}: ${s.roleWords}` : s.role !== "delivery" ? s.roleWords : null;
  const order = (
    <Link url={`/app/shipments/${s.id}`} removeUnderline monochrome dataPrimaryLink>
      <Text as="span" fontWeight="semibold">
        {leg ? `${s.orderName} · leg ${leg}` : s.orderName}
      </Text>
    </Link>
  );
  if (condensed)
    return (
      <IndexTable.Cell>
        <BlockStack gap="100">
          <InlineStack align="space-between" gap="200">
            {order}
            <StateBadge item={s} />
          </InlineStack>
          {what ? <Text as="span">{what}</Text> : null}
          {s.customerName ? (
            <Text as="span">{`${s.customerName}${s.customerPhone ? ` · ${s.customerPhone}` : ""}`}</Text>
          ) : null}
          <Text as="span" tone="subdued">
            {`Pickup ${s.pickupLabel} · ${s.locationName}`}
          </Text>
          <Text as="span" tone="subdued">
            {s.windowLabel}
          </Text>
          <Text as="span" tone="subdued">
            {`${s.driverName ? `Driver ${s.driverName} · ` : ""}Courier charged ${money(s.priceCents)}`}
          </Text>
          {leg ? null : <SameOrder entry={entry} />}
        </BlockStack>
      </IndexTable.Cell>
    );
  return (
    <>
      <IndexTable.Cell>
        <BlockStack gap="050">
          {order}
          {what ? (
            <Text as="span" tone="subdued">
              {what}
            </Text>
          ) : null}
          {leg ? null : <SameOrder entry={entry} />}
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <BlockStack gap="050">
          <Text as="span">{s.customerName ?? "—"}</Text>
          {s.customerPhone ? (
            <Text as="span" tone="subdued">
              {s.customerPhone}
            </Text>
          ) : null}
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>{s.pickupLabel}</IndexTable.Cell>
      <IndexTable.Cell>{s.locationName}</IndexTable.Cell>
      <IndexTable.Cell>{s.windowLabel}</IndexTable.Cell>
      <IndexTable.Cell>
        <StateBadge item={s} />
      </IndexTable.Cell>
      <IndexTable.Cell>{s.driverName ?? "—"}</IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric>
          {money(s.shopperPriceCents)}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric>
          {money(s.priceCents)}
        </Text>
      </IndexTable.Cell>
    </>
  );
}

type CellProps = { s: Json<ListItem>; entry: Entry; condensed: boolean; currency: string; leg: number | null };

export function ListRows(props: { entries: Entry[]; selected: string[]; condensed: boolean; currency: string }) {
  const { entries, selected, condensed, currency } = props;
  let position = 0;
  return (
    <>
      {entries.map((entry) => {
        const first = position;
        position += entry.legs.length;
        if (!entry.tripWords) {
          const s = entry.legs[0]!;
          return (
            <IndexTable.Row id={s.id} key={s.id} position={first} selected={selected.includes(s.id)}>
              <Cells s={s} entry={entry} condensed={condensed} currency={currency} leg={null} />
            </IndexTable.Row>
          );
        }
        const legIds = entry.legs.map((leg) => leg.id);
        const chosen = legIds.filter((id) => selected.includes(id)).length;
        return (
          <Fragment key={entry.id}>
            <IndexTable.Row
              rowType="subheader"
              id={entry.id}
              position={first}
              selectionRange={[first, first + entry.legs.length - 1]}
              selected={chosen === legIds.length ? true : chosen > 0 ? "indeterminate" : false}
              accessibilityLabel={`Select the round trip of ${entry.legs[0]!.orderName}`}
            >
              <IndexTable.Cell colSpan={condensed ? 1 : 9} scope="colgroup" as="th">
                <BlockStack gap="050">
                  <Text as="span" fontWeight="semibold">{`${entry.legs[0]!.orderName} · ${entry.tripWords}`}</Text>
                  <SameOrder entry={entry} />
                </BlockStack>
              </IndexTable.Cell>
            </IndexTable.Row>
            {entry.legs.map((s, i) => (
              <IndexTable.Row
                rowType="child"
                id={s.id}
                key={s.id}
                position={first + i}
                selected={selected.includes(s.id)}
              >
                <Cells s={s} entry={entry} condensed={condensed} currency={currency} leg={i + 1} />
              </IndexTable.Row>
            ))}
          </Fragment>
        );
      })}
    </>
  );
}
