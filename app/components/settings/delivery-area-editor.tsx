import { BlockStack, FormLayout, Text, TextField } from "@shopify/polaris";
import type { AreaDraft } from "~/settings/area-draft";

/** One pickup location's delivery area: a radius in miles and/or ZIP codes; both empty: no limit. */
export function DeliveryAreaEditor({
  locationGid,
  locationName,
  area,
  position,
  errors,
  onChange,
}: {
  locationGid: string;
  locationName: string;
  area: AreaDraft | null;
  /** The area's index in the posted list (for its errors); -1 when it has none. */
  position: number;
  errors: Record<string, string>;
  onChange: (next: AreaDraft) => void;
}) {
  const current = area ?? { locationGid, radiusMiles: "", zipCodes: "" };
  const error = (field: string) => (position >= 0 ? errors[`deliveryAreas.${position}.${field}`] : undefined);
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Delivery area from {locationName}
      </Text>
      <FormLayout>
        <FormLayout.Group>
          <TextField
            label="Deliver within (miles)"
            type="number"
            min={0.5}
            step={0.5}
            suffix="mi"
            value={current.radiusMiles}
            onChange={(radiusMiles) => onChange({ ...current, radiusMiles })}
            autoComplete="off"
            helpText="As the courier measures the route. Empty: as far as the courier goes."
            error={error("radiusMiles")}
          />
          <TextField
            label="Only these ZIP codes"
            value={current.zipCodes}
            onChange={(zipCodes) => onChange({ ...current, zipCodes })}
            autoComplete="off"
            multiline={2}
            placeholder="94110 94103 941"
            helpText="Whole ZIP codes, or their first 3 or 4 digits (941 covers 94101–94199). Empty: any ZIP code. With both set, an address must meet both."
            error={error("zipCodes") ?? error("zipCodes.0")}
          />
        </FormLayout.Group>
      </FormLayout>
      <Text as="p" tone="subdued">
        Outside the area checkout shows no same-day rate, and an order is not dispatched automatically (the Shipments
        page says why).
      </Text>
    </BlockStack>
  );
}
