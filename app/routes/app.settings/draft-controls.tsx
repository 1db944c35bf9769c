import { Checkbox, Select, TextField } from "@shopify/polaris";
import type { Dispatch, SetStateAction } from "react";
import type { SettingsDraft } from "~/settings/settings-draft";

/** Polaris controls bound to one field of the settings draft by its dotted name, with its error. */
export type DraftControls = {
  field: (name: string, label: string, extra?: Partial<React.ComponentProps<typeof TextField>>) => React.ReactElement;
  choice: (name: string, label: string, options: { label: string; value: string }[]) => React.ReactElement;
  flag: (name: string, label: string, helpText?: string) => React.ReactElement;
  /** The field's current text. */
  value: (name: string) => string;
  /** Whether the flag is on in the draft. */
  isOn: (name: string) => boolean;
};

export function draftControls(
  draft: SettingsDraft,
  setDraft: Dispatch<SetStateAction<SettingsDraft>>,
  errors: Record<string, string>,
): DraftControls {
  const setField = (name: string) => (value: string) =>
    setDraft((d) => ({ ...d, fields: { ...d.fields, [name]: value } }));
  const setFlag = (name: string) => (checked: boolean) =>
    setDraft((d) => ({ ...d, flags: { ...d.flags, [name]: checked } }));
  return {
    value: (name) => draft.fields[name] ?? "",
    isOn: (name) => draft.flags[name] ?? false,
    field: (name, label, extra = {}) => (
      <TextField
        label={label}
        value={draft.fields[name] ?? ""}
        onChange={setField(name)}
        autoComplete="off"
        error={errors[name]}
        {...extra}
      />
    ),
    choice: (name, label, options) => (
      <Select
        label={label}
        options={options}
        value={draft.fields[name] ?? ""}
        onChange={setField(name)}
        error={errors[name]}
      />
    ),
    flag: (name, label, helpText) => (
      <Checkbox
        label={label}
        helpText={helpText}
        checked={draft.flags[name] ?? false}
        onChange={setFlag(name)}
        error={errors[name]}
      />
    ),
  };
}
