import { describe, expect, it } from "vitest";
import { parseCourierEvent } from "~/courier/events";
import { toTrackingEvent } from "~/tracking/event-input";

const received = new Date("2026-11-22T16:00:00Z");

function input(event: string, data: Record<string, unknown>) {
  const parsed = parseCourierEvent(JSON.stringify({ event, data }));
  if (!parsed.ok) throw new Error(parsed.reason);
  return toTrackingEvent(parsed.event, received);
}

const common = { id: 4711, occurred_at: "2026-11-22T15:30:00.000Z", reference_id: "#1001", tracking_number: "TRK4711" };

describe("courier event → state machine input", () => {
  it("reads position given as strings, the return code and notes", () => {
    expect(
      input("shipment.delivery_attempted", {
        ...common,
        latitude: "40.7128",
        longitude: "-74.0060",
        return_code: "recipient_unavailable",
        return_notes: "nobody home",
      }),
    ).toEqual({
      name: "shipment.delivery_attempted",
      occurredAt: new Date("2026-11-22T15:30:00Z"),
      latitude: 40.7128,
      longitude: -74.006,
      returnCode: "recipient_unavailable",
      returnNotes: "nobody home",
      trackingNumber: "TRK4711",
    });
  });

  it("keeps the driver and vehicle from driver_assigned", () => {
    const event = input("shipment.driver_assigned", {
      ...common,
      driver_id: "d-9",
      driver: {
        name: "Sam",
        phone: "5551234567",
        vehicle: { category: "car", color: "blue", make: "Honda", model: "Fit" },
      },
    });
    expect(event.driver).toEqual({
      name: "Sam",
      phone: "5551234567",
      vehicle: { category: "car", color: "blue", make: "Honda", model: "Fit" },
    });
  });

  it("collects photo links and the signatory", () => {
    const event = input("shipment.delivery_confirmed_with_details", {
      ...common,
      signatory_name: "J. Smith",
      attachments: [
        {
          image_type: "signature",
          mime_type: "image/png",
          url: "https://c.example/v1/shipments/4711/images/signature",
        },
        { image_type: "delivery", mime_type: "image/jpeg", url: "https://c.example/v1/shipments/4711/images/delivery" },
      ],
    });
    expect(event.signatoryName).toBe("J. Smith");
    expect(event.photoUrls).toEqual([
      "https://c.example/v1/shipments/4711/images/signature",
      "https://c.example/v1/shipments/4711/images/delivery",
    ]);
  });

  it("reads the cancellation reason, a repost's new id, an ETA and a grouping id", () => {
    expect(
      input("shipment.canceled", { ...common, cancellation_code: "delivery_deadline_passed" }).cancellationCode,
    ).toBe("delivery_deadline_passed");
    expect(input("shipment.reposted", { ...common, id: 4800, parent_id: 4711 }).newCourierShipmentId).toBe("4800");
    expect(input("shipment.at_delivery", { ...common, eta: "2026-11-22T15:45:00Z" }).eta).toEqual(
      new Date("2026-11-22T15:45:00Z"),
    );
    expect(
      input("grouping.pickup_grouping_identified", {
        id: "G-12",
        friendly_id: "Blue 12",
        occurred_at: common.occurred_at,
        shipments: [],
      }).groupId,
    ).toBe("G-12");
  });

  it("takes the receive time when occurred_at is missing, and keeps only the name of an unknown event", () => {
    expect(input("shipment.teleported", { id: 1, whatever: true })).toEqual({
      name: "shipment.teleported",
      occurredAt: received,
    });
  });
});
