import { Select } from "@shopify/polaris";
import { clockChoices } from "~/settings/time-choices";

/** A clock time chosen from a list (every 15 minutes) instead of typed as "HH:MM". */
export function TimeSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  labelHidden?: boolean;
  endOfDay?: boolean;
  emptyLabel?: string;
  helpText?: string;
}) {
  const options = clockChoices({
    stepMinutes: 15,
    current: props.value,
    ...(props.endOfDay ? { endOfDay: true } : {}),
    ...(props.emptyLabel !== undefined ? { emptyLabel: props.emptyLabel } : {}),
  });
  return (
    <Select
      label={props.label}
      labelHidden={props.labelHidden ?? false}
      options={options}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      helpText={props.helpText}
    />
  );
}
