/** Thrown wherever the stand-in meets something of the Admin API it does not model: never a silent null. */
export class StandInNotImplementedError extends Error {
  constructor(what: string) {
    super(`Shopify stand-in does not implement ${what}`);
    this.name = "StandInNotImplementedError";
  }
}

/** Fails loudly when an input object carries keys the stand-in does not act on. */
export function assertOnlyKeys(typeName: string, input: object, supported: readonly string[]): void {
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && !supported.includes(key)) {
      throw new StandInNotImplementedError(`${typeName}.${key}`);
    }
  }
}
