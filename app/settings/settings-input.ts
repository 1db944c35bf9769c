import { DEFAULT_SHOP_SETTINGS } from "./defaults";
import { dottedFieldsToObject, mergeOver, type FormDataLike } from "./dotted-fields";
import { fieldErrorsFromIssues } from "~/forms/field-errors";
import { ShopSettings } from "./settings-schema";

export type SettingsInputResult =
  { ok: true; settings: ShopSettings } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Validates what the settings page submits, on top of the shop's current settings.
 *
 * `input` is form data whose field names are dotted paths ("pricing.markupPercent",
 * "deliveryWindows.0.kind"), or a plain object (nested, dotted, or both). A field not submitted keeps
 * its current value; an array that is submitted (the windows, a tag list) replaces the current one
 * whole. Booleans must be sent explicitly ("true"/"false"; for a checkbox, a hidden "false" input
 * before it), because an absent field means "unchanged". Errors are keyed by the dotted path of the
 * field they belong to, one message per field.
 */
export function validateSettingsInput(
  input: FormDataLike | Record<string, unknown>,
  current: ShopSettings = DEFAULT_SHOP_SETTINGS,
): SettingsInputResult {
  const fieldErrors: Record<string, string> = {};
  const submitted = dottedFieldsToObject(input, fieldErrors);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const parsed = ShopSettings.safeParse(mergeOver(structuredClone(current), submitted));
  if (parsed.success) return { ok: true, settings: parsed.data };
  return { ok: false, fieldErrors: fieldErrorsFromIssues(parsed.error.issues) };
}
