import { Card, ChoiceList, FormLayout, Layout } from "@shopify/polaris";
import type { SectionFormContext } from "./settings-form";

const RECEIVING = "courierReturns.receivingLocationGids";

/** Courier returns: whether a driver collects approved returns, where they go, and what the customer pays. */
export function ReturnsSection({ form: { controls, draft, setDraft, errors } }: { form: SectionFormContext }) {
  const selected = (draft.fields[RECEIVING] ?? "").split(",").filter(Boolean);
  return (
    <Layout.AnnotatedSection
      id="returns"
      title="Returns collected by a driver"
      description="When you approve a return in Shopify, a driver collects it from the customer; an exchange's new items come on the same visit."
    >
      <Card>
        <FormLayout>
          {controls.flag(
            "courierReturns.enabled",
            "Book a driver for every approved return",
            "Off: staff can still book one from the order page.",
          )}
          <ChoiceList
            allowMultiple
            title="Locations that receive returns"
            choices={draft.pickups.map((p) => ({ label: p.name, value: p.locationGid }))}
            selected={selected}
            onChange={(gids) => setDraft((d) => ({ ...d, fields: { ...d.fields, [RECEIVING]: gids.join(",") } }))}
            error={errors[RECEIVING]}
          />
          {controls.field("courierReturns.customerChargeCents", "What the customer pays for the collection ($)", {
            helpText: "Deduct it when you refund the return in Shopify. 0: free.",
          })}
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
