import { z } from "zod";

/** Package dimensions in inches. */
export type Dimensions = { length: number; width: number; height: number };
export type PackageDefaults = Dimensions & { weight: number };

export const MAX_DIMENSION_INCHES = 1000;

const DimensionsJson = z.object({
  length: z.coerce.number().positive().max(MAX_DIMENSION_INCHES),
  width: z.coerce.number().positive().max(MAX_DIMENSION_INCHES),
  height: z.coerce.number().positive().max(MAX_DIMENSION_INCHES),
});

/** Reads a dimensions metafield value (JSON {"length","width","height"} in inches); null when absent or invalid. */
export function parseDimensions(value: string | null | undefined): Dimensions | null {
  if (!value) return null;
  try {
    const parsed = DimensionsJson.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The variant's dimensions, else the product's, else the shop's default package. */
export function dimensionsFor(
  sources: { variantMetafield?: string | null; productMetafield?: string | null },
  defaults: PackageDefaults,
): Dimensions {
  return (
    parseDimensions(sources.variantMetafield) ??
    parseDimensions(sources.productMetafield) ?? {
      length: defaults.length,
      width: defaults.width,
      height: defaults.height,
    }
  );
}
