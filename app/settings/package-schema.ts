import { z } from "zod";
import { decimalNumber } from "./form-fields";
import { PACKAGE_DIMENSION_MAX_INCHES, PACKAGE_WEIGHT_MAX_POUNDS } from "./limits";

const dimensionMessage = `Enter inches greater than 0 and at most ${PACKAGE_DIMENSION_MAX_INCHES}`;

export const PackageSize = z.object({
  lengthInches: decimalNumber(0, PACKAGE_DIMENSION_MAX_INCHES, dimensionMessage, { exclusiveMin: true }),
  widthInches: decimalNumber(0, PACKAGE_DIMENSION_MAX_INCHES, dimensionMessage, { exclusiveMin: true }),
  heightInches: decimalNumber(0, PACKAGE_DIMENSION_MAX_INCHES, dimensionMessage, { exclusiveMin: true }),
  weightPounds: decimalNumber(
    0,
    PACKAGE_WEIGHT_MAX_POUNDS,
    `Enter pounds greater than 0 and at most ${PACKAGE_WEIGHT_MAX_POUNDS}`,
    { exclusiveMin: true },
  ),
});
