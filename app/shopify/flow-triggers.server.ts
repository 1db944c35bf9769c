import type { FlowTriggerReceiveMutation } from "~/types/admin.generated";
import { adminRequest, assertNoUserErrors, type AdminGraphql } from "./admin-request.server";
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

/** Starts the shop's Flow workflows that begin with the trigger (none run when the shop has none). */
export async function sendFlowTrigger(admin: AdminGraphql, trigger: FlowTrigger) {
  const data = await adminRequest<FlowTriggerReceiveMutation>(admin, FLOW_TRIGGER_RECEIVE, {
    handle: trigger.handle,
    payload: trigger.payload,
  });
  assertNoUserErrors(data.flowTriggerReceive, `Sending the Flow trigger ${trigger.handle}`);
}
