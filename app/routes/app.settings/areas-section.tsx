import { BlockStack, Card, Divider, Layout, Text } from "@shopify/polaris";
import { withAreaOf } from "~/settings/area-draft";
import { DeliveryAreaEditor } from "./delivery-area-editor";
import type { SectionFormContext } from "./settings-form";

/** Where each enabled pickup location delivers: a radius, ZIP codes, or as far as the courier goes. */
export function AreasSection({ form: { draft, setDraft, errors } }: { form: SectionFormContext }) {
  const locations = draft.pickups.filter((p) => p.enabled && !p.missingInShopify);
  return (
    <Layout.AnnotatedSection
      id="delivery-areas"
      title="Delivery areas"
      description="A location without an area delivers as far as the courier goes."
    >
      <Card>
        <BlockStack gap="400">
          {locations.length === 0 ? (
            <Text as="p" tone="subdued">
              Enable a pickup location first (Settings › Pickup locations).
            </Text>
          ) : null}
          {locations.map((p, i) => (
            <BlockStack key={p.locationGid} gap="200">
              {i > 0 ? <Divider /> : null}
              <DeliveryAreaEditor
                locationGid={p.locationGid}
                locationName={p.name}
                area={draft.areas.find((a) => a.locationGid === p.locationGid) ?? null}
                position={draft.areas.findIndex((a) => a.locationGid === p.locationGid)}
                errors={errors}
                onChange={(next) => setDraft((d) => ({ ...d, areas: withAreaOf(d.areas, next) }))}
              />
            </BlockStack>
          ))}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
