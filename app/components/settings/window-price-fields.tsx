import { BlockStack, Button, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { COURIER_PRICE_DRAFT, type PriceDraft } from "~/settings/window-price-draft";

const PRICE_MODES = [
  { label: "The courier's price, with your markup", value: "courier" },
  { label: "A flat price", value: "flat" },
  { label: "By distance", value: "distance_tiers" },
];

/** What this window (each of its slots alike) costs the shopper, beside the window it prices. */
export function WindowPriceFields({
  price,
  errorFor,
  onChange,
}: {
  price: PriceDraft | null;
  /** The save's error for a field under the window's price ("mode", "tiers.0.upToMiles"). */
  errorFor: (field: string) => string | undefined;
  onChange: (next: PriceDraft) => void;
}) {
  const current = price ?? COURIER_PRICE_DRAFT;
  const set = (patch: Partial<PriceDraft>) => onChange({ ...current, ...patch });
  const setTier = (index: number, patch: Partial<PriceDraft["tiers"][number]>) =>
    set({ tiers: current.tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)) });
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingXs">
        Price for this window
      </Text>
      <FormLayout>
        <FormLayout.Group>
          <Select
            label="Shoppers pay"
            options={PRICE_MODES}
            value={current.mode}
            onChange={(mode) => set({ mode: mode as PriceDraft["mode"] })}
            error={errorFor("mode")}
          />
          {current.mode === "flat" ? (
            <TextField
              label="Flat price"
              prefix="$"
              value={current.flat}
              onChange={(flat) => set({ flat })}
              autoComplete="off"
              error={errorFor("flatCents")}
            />
          ) : null}
          <TextField
            label="Surcharge for this window"
            prefix="$"
            value={current.surcharge}
            onChange={(surcharge) => set({ surcharge })}
            autoComplete="off"
            helpText="Added to the price. Empty: none."
            error={errorFor("surchargeCents")}
          />
          <TextField
            label="Offer only while the courier charges at most"
            prefix="$"
            value={current.courierLimit}
            onChange={(courierLimit) => set({ courierLimit })}
            autoComplete="off"
            helpText="Empty: whatever the courier charges."
            error={errorFor("offerWhileCourierAtMostCents")}
          />
        </FormLayout.Group>
        {current.mode === "distance_tiers" ? (
          <BlockStack gap="200">
            {current.tiers.map((tier, i) => (
              <InlineStack key={i} gap="200" blockAlign="end">
                <TextField
                  label={`Up to (miles), tier ${i + 1}`}
                  type="number"
                  suffix="mi"
                  value={tier.upToMiles}
                  onChange={(upToMiles) => setTier(i, { upToMiles })}
                  autoComplete="off"
                  error={errorFor(`tiers.${i}.upToMiles`)}
                />
                <TextField
                  label={`Price, tier ${i + 1}`}
                  prefix="$"
                  value={tier.price}
                  onChange={(value) => setTier(i, { price: value })}
                  autoComplete="off"
                  error={errorFor(`tiers.${i}.priceCents`)}
                />
                <Button onClick={() => set({ tiers: current.tiers.filter((_, j) => j !== i) })}>Remove tier</Button>
              </InlineStack>
            ))}
            <InlineStack>
              <Button onClick={() => set({ tiers: [...current.tiers, { upToMiles: "", price: "" }] })}>
                Add a distance tier
              </Button>
            </InlineStack>
            {errorFor("tiers") ? (
              <Text as="p" tone="critical">
                {errorFor("tiers")}
              </Text>
            ) : null}
            <Text as="p" tone="subdued">
              Beyond the last tier this window is not offered.
            </Text>
          </BlockStack>
        ) : null}
      </FormLayout>
    </BlockStack>
  );
}
