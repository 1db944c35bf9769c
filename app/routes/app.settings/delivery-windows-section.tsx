import { Banner, BlockStack, Button, Card, Divider, FormLayout, InlineStack, Layout, Text } from "@shopify/polaris";
import { newWindowDraft, type WindowDraft } from "~/settings/settings-draft";
import { MAX_DELIVERY_WINDOWS } from "~/settings/limits";
import { COURIER_RECOMMENDED_LEAD_MINUTES, courierAdviceWarnings } from "~/settings/settings-sections";
import type { SectionFormContext } from "./settings-form";
import { WindowEditor } from "./window-editor";

/** The windows shoppers choose from, the default window and the lead time. */
export function DeliveryWindowsSection({
  form: {
    draft,
    setDraft,
    errors,
    controls: { field, choice },
  },
}: {
  form: SectionFormContext;
}) {
  const leadWarning = courierAdviceWarnings(draft.fields)["leadTimeMinutes"];
  const updateWindow = (index: number, patch: Partial<WindowDraft>) =>
    setDraft((d) => ({ ...d, windows: d.windows.map((w, i) => (i === index ? { ...w, ...patch } : w)) }));
  return (
    <Layout.AnnotatedSection
      id="delivery-windows"
      title="Delivery windows"
      description="What shoppers can choose at checkout, in your store's time zone."
    >
      <Card>
        <BlockStack gap="400">
          {errors["deliveryWindows"] ? (
            <Text as="p" tone="critical">
              {errors["deliveryWindows"]}
            </Text>
          ) : null}
          {draft.windows.map((w, i) => (
            <BlockStack key={i} gap="300">
              {i > 0 ? <Divider /> : null}
              <WindowEditor
                window={w}
                index={i}
                errors={errors}
                canRemove={draft.windows.length > 1}
                onChange={(patch) => updateWindow(i, patch)}
                onRemove={() => setDraft((d) => ({ ...d, windows: d.windows.filter((_, j) => j !== i) }))}
              />
            </BlockStack>
          ))}
          <InlineStack>
            <Button
              onClick={() =>
                setDraft((d) => ({ ...d, windows: [...d.windows, newWindowDraft(d.windows.map((w) => w.id))] }))
              }
              disabled={draft.windows.length >= MAX_DELIVERY_WINDOWS}
            >
              Add a window
            </Button>
          </InlineStack>
          <Divider />
          <FormLayout>
            <FormLayout.Group>
              {choice(
                "defaultWindowId",
                "Window for orders that did not choose one",
                draft.windows.map((w) => ({ label: w.serviceName || w.id, value: w.id })),
              )}
              {field("leadTimeMinutes", "Lead time before pickup (minutes)", {
                type: "number",
                helpText: `The courier recommends at least ${COURIER_RECOMMENDED_LEAD_MINUTES} minutes.`,
              })}
            </FormLayout.Group>
          </FormLayout>
          {leadWarning ? (
            <Banner tone="warning" title="Against the courier's advice">
              <p>{leadWarning}</p>
            </Banner>
          ) : null}
        </BlockStack>
      </Card>
    </Layout.AnnotatedSection>
  );
}
