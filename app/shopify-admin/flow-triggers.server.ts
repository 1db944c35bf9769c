import type { FlowTriggerReceiveMutation } from "~/types/admin.generated";
import { adminRequest, assertNoUserErrors, type AdminGraphql } from "./admin-request.server";
import { exactJsonInteger } from "~/http/json-ids";
import type { FlowTrigger } from "./flow-trigger-payloads";

const FLOW_TRIGGER_RECEIVE = `#graphql
  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {
    flowTriggerReceive(handle: $handle, payload: $payload) {
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The payload as Flow reads it: the order's id as the JSON number with its exact digits (a JavaScript
 * number would change an id above 2^53), the rest as built.
 */
export function flowWirePayload(trigger: FlowTrigger) {
  return { ...trigger.payload, order_id: exactJsonInteger(trigger.payload.order_id) };
}

/** Starts the shop's Flow workflows that begin with the trigger (none run when the shop has none). */
export async function sendFlowTrigger(admin: AdminGraphql, trigger: FlowTrigger) {
  const data = await adminRequest<FlowTriggerReceiveMutation>(admin, FLOW_TRIGGER_RECEIVE, {
    handle: trigger.handle,
    payload: flowWirePayload(trigger),
  });
  assertNoUserErrors(data.flowTriggerReceive, `Sending the Flow trigger ${trigger.handle}`);
}
