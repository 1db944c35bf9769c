import { z } from "zod";
import { DEFAULT_SHOP_SETTINGS } from "./defaults";
import { MAX_DELIVERY_WINDOWS } from "./limits";
import { isPlainObject } from "~/http/plain-object";
import { ShopSettings } from "./settings-schema";
import { DeliveryWindow } from "./window-schema";

/** Fields an older stored window may lack; anything else missing makes that window unusable. */
const WINDOW_FIELD_DEFAULTS = { enabled: true, description: "", fallbackPriceCents: null };

/**
 * Settings from what is stored (JSON text or an already-parsed value). Never throws: a missing key
 * takes its default, an invalid value takes the default for the smallest part that holds it
 * (one field, else its group), an invalid window is dropped (all windows invalid: the default
 * windows), and a default window id that names no window becomes the first window's.
 */
export function parseShopSettings(stored: string | unknown): ShopSettings {
  let value: unknown = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      value = undefined;
    }
  }
  const defaults = structuredClone(DEFAULT_SHOP_SETTINGS) as ShopSettings;
  if (!isPlainObject(value)) return defaults;

  const direct = ShopSettings.safeParse(value);
  if (direct.success) return direct.data;

  const candidate: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(ShopSettings.shape)) {
    const fallback = (defaults as Record<string, unknown>)[key];
    if (key === "deliveryWindows") {
      candidate[key] = salvageWindows(value[key], defaults.deliveryWindows);
    } else {
      candidate[key] = key in value ? salvage(fieldSchema, value[key], fallback) : fallback;
    }
  }
  const windows = candidate.deliveryWindows as DeliveryWindow[];
  if (!windows.some((window) => window.id === candidate.defaultWindowId)) {
    candidate.defaultWindowId = windows[0]!.id;
  }
  const repaired = ShopSettings.safeParse(candidate);
  return repaired.success ? repaired.data : defaults;
}

function salvage(declared: z.ZodType, value: unknown, fallback: unknown): unknown {
  const direct = declared.safeParse(value);
  if (direct.success) return direct.data;
  // A group added later carries a default for rows saved before it; its fields are salvaged alike.
  const schema = declared instanceof z.ZodDefault ? (declared.unwrap() as z.ZodType) : declared;
  if (schema instanceof z.ZodObject && isPlainObject(value) && isPlainObject(fallback)) {
    const candidate: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      candidate[key] = key in value ? salvage(fieldSchema, value[key], fallback[key]) : fallback[key];
    }
    const repaired = schema.safeParse(candidate);
    if (repaired.success) return repaired.data;
  }
  return fallback;
}

function salvageWindows(value: unknown, defaults: DeliveryWindow[]): DeliveryWindow[] {
  if (!Array.isArray(value)) return defaults;
  const kept: DeliveryWindow[] = [];
  for (const item of value) {
    if (kept.length >= MAX_DELIVERY_WINDOWS) break;
    if (!isPlainObject(item)) continue;
    const parsed = DeliveryWindow.safeParse({ ...WINDOW_FIELD_DEFAULTS, ...item });
    if (parsed.success && !kept.some((window) => window.id === parsed.data.id)) kept.push(parsed.data);
  }
  return kept.length > 0 ? kept : defaults;
}
