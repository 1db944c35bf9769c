import { BlockStack, Button, Checkbox, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { windowErrorKey, type WindowDraft } from "~/settings/settings-draft";
import { WINDOW_KINDS } from "./option-lists";
import { WindowPriceFields } from "./window-price-fields";

type TextControl = (
  field: keyof WindowDraft,
  label: string,
  extra?: Partial<React.ComponentProps<typeof TextField>>,
) => React.ReactElement;

/** The list's own error, else the first listed time's. */
function startTimesError(errors: Record<string, string>, index: number): string | undefined {
  const key = windowErrorKey(index, "startTimes");
  return errors[key] ?? Object.entries(errors).find(([name]) => name.startsWith(`${key}.`))?.[1];
}

/** A scheduled-slots window: slot length, start times and/or a repeating pattern, days ahead, rates at most. */
function SlotFields({ text, startTimesError }: { text: TextControl; startTimesError: string | undefined }) {
  return (
    <>
      <FormLayout.Group>
        {text("slotMinutes", "Slot length (minutes)", { type: "number" })}
        {text("daysAhead", "Open days ahead", { type: "number", helpText: "How many open days of slots to offer." })}
        {text("maxRates", "Slots offered at most", {
          type: "number",
          helpText: "The soonest slots; keeps the checkout list short.",
        })}
      </FormLayout.Group>
      {text("startTimes", "Slot start times (HH:MM, comma-separated)", {
        helpText: "For example 10:00, 14:00. Leave empty to use only the repeating pattern.",
        error: startTimesError,
      })}
      <FormLayout.Group>
        {text("repeatFrom", "Repeat: first slot (HH:MM)")}
        {text("repeatUntil", "Repeat: last slot (HH:MM)")}
        {text("repeatEveryMinutes", "Repeat: every (minutes)", { type: "number" })}
      </FormLayout.Group>
    </>
  );
}

/** One delivery window of the draft: its kind decides which times it asks for. */
export function WindowEditor(props: {
  window: WindowDraft;
  index: number;
  errors: Record<string, string>;
  canRemove: boolean;
  onChange: (patch: Partial<WindowDraft>) => void;
  onRemove: () => void;
}) {
  const { window: w, index, errors } = props;
  const error = (field: keyof WindowDraft) => errors[windowErrorKey(index, field)];
  const text: TextControl = (field, label, extra = {}) => (
    <TextField
      label={label}
      value={String(w[field])}
      onChange={(value) => props.onChange({ [field]: value })}
      autoComplete="off"
      error={error(field)}
      {...extra}
    />
  );
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {w.serviceName || `Window ${index + 1}`}
        </Text>
        <Button variant="plain" tone="critical" onClick={props.onRemove} disabled={!props.canRemove}>
          Remove
        </Button>
      </InlineStack>
      <FormLayout>
        <FormLayout.Group>
          {text("serviceName", "Window name", {
            helpText: "For you and your staff. Shoppers see what the window delivers, like “Today, 11 am–2 pm”.",
          })}
          {text("id", "Id", { helpText: "Part of the rate's code; lowercase letters, digits and hyphens." })}
        </FormLayout.Group>
        {text("description", "Note for your staff")}
        <FormLayout.Group>
          <Select
            label="Kind"
            options={WINDOW_KINDS}
            value={w.kind}
            onChange={(value) => props.onChange({ kind: value as WindowDraft["kind"] })}
            error={error("kind")}
          />
          {w.kind === "within_hours"
            ? text("hours", "Delivered within (hours of the order)", { type: "number", step: 0.5 })
            : null}
          {w.kind === "today_by" ? text("deliverBy", "Delivered by (HH:MM)") : null}
          {w.kind === "today_by" ? text("orderCutoff", "Order cutoff (HH:MM)") : null}
          {w.kind === "tomorrow" ? text("startTime", "From (HH:MM)") : null}
          {w.kind === "tomorrow" ? text("endTime", "Until (HH:MM)") : null}
        </FormLayout.Group>
        {w.kind === "slots" ? <SlotFields text={text} startTimesError={startTimesError(errors, index)} /> : null}
        <WindowPriceFields
          price={w.price}
          errorFor={(field) => errors[`deliveryWindows.${index}.price.${field}`]}
          onChange={(price) => props.onChange({ price })}
        />
        <FormLayout.Group>
          {text("fallbackPrice", "Flat price when the courier cannot answer", {
            prefix: "$",
            helpText: "Used with the flat-price fallback. Empty: no rate.",
          })}
          <Checkbox
            label="Offered at checkout"
            checked={w.enabled}
            onChange={(checked) => props.onChange({ enabled: checked })}
            error={error("enabled")}
          />
        </FormLayout.Group>
      </FormLayout>
    </BlockStack>
  );
}
