import { REFERENCE_ID_MAX } from "~/courier/limits";

/**
 * What the courier shows on a return's legs as their reference (its label's text and barcode value,
 * delivery-api.md "Barcode label"): the order and what the leg is, "#1001 return" or "#1001 exchange"
 * (and the return's number after the first: "#1001 return 2"), never Shopify's return name
 * ("#1001-R1") nor anything of the customer. Pure.
 */

export type ReturnLegKind = "return" | "exchange";

export function returnLegReference(orderName: string, returnName: string, kind: ReturnLegKind): string {
  const number = returnName.startsWith(`${orderName}-R`) ? Number(returnName.slice(orderName.length + 2)) : NaN;
  const nth = Number.isInteger(number) && number > 1 ? ` ${number}` : "";
  return `${orderName} ${kind}${nth}`.slice(0, REFERENCE_ID_MAX);
}
