/**
 * Reconciliation: when webhooks went missing, the courier's own view of a shipment (retrieve) is
 * turned into the events that would have brought us there. Pure; the shell stores them marked as
 * synthesised and applies them like any other event.
 */

export type RemoteShipment = {
  id: string | null;
  state: string;
  updated_at: Date | null;
  signatory_name: string | null;
  driver: { name: string | null; phone: string | null } | null;
  events:
    | {
        name: string | null;
        occurred_at: Date | null;
        location: { latitude: number | null; longitude: number | null } | null;
      }[]
    | null;
};

export type SynthesizedEvent = { event: string; data: Record<string, unknown> };

/** The event that marks reaching each courier state, when the courier lists no events. */
const EVENT_FOR_STATE: Record<string, string | null> = {
  scheduled: null,
  assigned: "shipment.driver_assigned",
  en_route: "shipment.pickup_confirmed",
  delivered: "shipment.delivery_confirmed",
  attempted: "shipment.delivery_attempted",
  returned: "shipment.returned",
  canceled: "shipment.canceled",
  expired: "shipment.canceled",
};

function asEventName(name: string): string {
  return name.includes(".") ? name : `shipment.${name}`;
}

export function synthesizeEvents(remote: RemoteShipment, now: Date): SynthesizedEvent[] {
  const common = { id: remote.id, synthesized: true };
  const listed = (remote.events ?? []).filter(
    (e): e is typeof e & { name: string } => typeof e.name === "string" && e.name.length > 0,
  );
  if (listed.length > 0) {
    return listed.map((e) => ({
      event: asEventName(e.name),
      data: {
        ...common,
        occurred_at: (e.occurred_at ?? remote.updated_at ?? now).toISOString(),
        ...(e.location?.latitude != null && e.location.longitude != null
          ? { latitude: e.location.latitude, longitude: e.location.longitude }
          : {}),
        ...(asEventName(e.name) === "shipment.delivery_confirmed" && remote.signatory_name
          ? { signatory_name: remote.signatory_name }
          : {}),
      },
    }));
  }
  const name = EVENT_FOR_STATE[remote.state];
  if (!name) return [];
  return [
    {
      event: name,
      data: {
        ...common,
        occurred_at: (remote.updated_at ?? now).toISOString(),
        ...(name === "shipment.driver_assigned" && remote.driver ? { driver: remote.driver } : {}),
        ...(name === "shipment.delivery_confirmed" && remote.signatory_name
          ? { signatory_name: remote.signatory_name }
          : {}),
        ...(remote.state === "expired" ? { cancellation_code: "delivery_deadline_passed" } : {}),
      },
    },
  ];
}
