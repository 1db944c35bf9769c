import { Badge, BlockStack, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { PHOTO_LABELS } from "../../../extensions/shared/english-words";
import { formatInstant } from "~/text/staff-format";
import type { ShipmentDetail } from "./shipment-detail";
import { TitledCard } from "./titled-card";

const SOURCE_TONES = { Courier: "success", App: undefined, Staff: "info", Flow: "attention" } as const;

/**
 * What happened to the delivery, newest first, in one list: what was booked and what it cost, what the
 * courier said and what Shopify shows, what the app did, and every staff action with who did it.
 */
export function TimelineCard({
  timeline,
  timeZone,
  now,
}: {
  timeline: ShipmentDetail["timeline"];
  timeZone: string;
  now: string;
}) {
  const clock = { timeZone, now: new Date(now) };
  return (
    <TitledCard title="Timeline" gap="300">
      {timeline.length === 0 ? (
        <Text as="p" tone="subdued">
          Nothing has happened yet.
        </Text>
      ) : (
        <BlockStack gap="200">
          {timeline.map((entry) => (
            <InlineGrid key={entry.id} columns={["oneThird", "twoThirds"]} gap="200">
              <Text as="span" tone="subdued">
                {formatInstant(entry.at, clock)}
              </Text>
              <BlockStack gap="050">
                <InlineStack gap="200" blockAlign="center">
                  <Badge tone={SOURCE_TONES[entry.source]}>{entry.source}</Badge>
                  <Text as="span" fontWeight="semibold">
                    {entry.title}
                  </Text>
                </InlineStack>
                {entry.detail ? (
                  <Text as="span" tone="subdued">
                    {entry.detail}
                    {entry.synthesized ? " (read back from the courier)" : ""}
                  </Text>
                ) : null}
                {entry.by ? (
                  <Text as="span" tone="subdued">
                    By {entry.by}
                  </Text>
                ) : null}
              </BlockStack>
            </InlineGrid>
          ))}
        </BlockStack>
      )}
    </TitledCard>
  );
}

/** The courier's photos (pickup, delivery, signature), when there are any. */
export function PhotosCard({ photos }: { photos: ShipmentDetail["view"]["photos"] }) {
  if (photos.length === 0) return null;
  return (
    <TitledCard title="Photos" gap="300">
      <InlineStack gap="400">
        {photos.map((photo) => (
          <BlockStack key={photo.kind} gap="100">
            <Text as="span" tone="subdued">
              {PHOTO_LABELS[photo.kind]}
            </Text>
            <a href={photo.url} target="_blank" rel="noreferrer">
              <img
                src={photo.url}
                alt={PHOTO_LABELS[photo.kind]}
                style={{ maxWidth: 200, maxHeight: 200, borderRadius: 8, border: "1px solid #ddd" }}
              />
            </a>
          </BlockStack>
        ))}
      </InlineStack>
    </TitledCard>
  );
}
