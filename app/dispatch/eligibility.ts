import { windowIdFromServiceCode } from "~/schedule/service-code";

/**
 * Whether a paid order is ours to dispatch automatically, per the shop's dispatch mode.
 * Shopify may replace the rate's code with a generic "Shipping" on the order, so the shipping
 * line's source (our carrier service's name) is checked before the code.
 */

export type DispatchMode = "carrier_orders" | "all_in_area" | "manual";

export type ShippingLineFacts = {
  title: string;
  code: string | null;
  source: string | null;
  carrierIdentifier: string | null;
};

export type Eligibility =
  { eligible: true; serviceCode: string | null; needsAreaCheck: boolean } | { eligible: false; reason: string };

/** The service code of our rate on the order, when one of its shipping lines is ours. */
export function ourShippingLine(lines: ShippingLineFacts[], carrierServiceName: string, knownWindowIds: string[]) {
  const ownCode = (code: string | null) => {
    const windowId = windowIdFromServiceCode(code);
    return windowId !== null && knownWindowIds.includes(windowId);
  };
  const bySource = lines.find(
    (l) => l.carrierIdentifier !== null && l.source !== null && l.source.trim() === carrierServiceName.trim(),
  );
  if (bySource) return { line: bySource, serviceCode: ownCode(bySource.code) ? bySource.code : null };
  const byCode = lines.find((l) => ownCode(l.code));
  return byCode ? { line: byCode, serviceCode: byCode.code } : null;
}

export function dispatchEligibility(input: {
  mode: DispatchMode;
  shippingLines: ShippingLineFacts[];
  carrierServiceName: string;
  knownWindowIds: string[];
}): Eligibility {
  if (input.mode === "manual")
    return { eligible: false, reason: "The shop dispatches by hand (dispatch mode: manual)." };
  const ours = ourShippingLine(input.shippingLines, input.carrierServiceName, input.knownWindowIds);
  if (ours) return { eligible: true, serviceCode: ours.serviceCode, needsAreaCheck: false };
  if (input.mode === "all_in_area") return { eligible: true, serviceCode: null, needsAreaCheck: true };
  return { eligible: false, reason: "The shopper did not choose same-day delivery at checkout." };
}
