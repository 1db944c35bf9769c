import { describe, expect, it } from "vitest";
import { dedupeKey, parseCourierEvent, type CourierEvent } from "~/courier/events";
import { EVENT_NAMES } from "~/courier/limits";

const body = (event: unknown, data: unknown) => JSON.stringify({ event, data });
function parsed(raw: string): CourierEvent {
  const result = parseCourierEvent(raw);
  if (!result.ok) throw new Error(result.reason);
  return result.event;
}

describe("parseCourierEvent", () => {
  it("keeps a shipment id above 2^53 exactly (the document calls ids integers)", () => {
    const id = "9007199254740993";
    const event = parsed(`{"event":"shipment.driver_assigned","data":{"id":${id},"status":"assigned"}}`);
    expect(event.shipmentId).toBe(id);
  });

  it.each([
    ["invalid JSON", "{not json", "body is not valid JSON"],
    ["an array", "[]", "body is not a JSON object"],
    ["null", "null", "body is not a JSON object"],
    ["no event name", JSON.stringify({ data: {} }), "body has no event name"],
    ["an empty event name", body("  ", {}), "body has no event name"],
    ["a non-string event name", body(12, {}), "body has no event name"],
    ["a body over 1 MB", body("shipment.at_pickup", { pad: "x".repeat(1024 * 1024) }), "body too large"],
    // Both answered 500 before (the fuzzer): Prisma refused the column's text; the stable stringify ran out of stack.
    [
      "a lone UTF-16 surrogate in the event name",
      '{"event":"shipment.at_pickup\\ud800","data":{"id":1}}',
      "body holds text that is not well-formed Unicode",
    ],
    [
      "a lone surrogate deep in the data",
      '{"event":"shipment.at_pickup","data":{"id":1,"items":[{"reference_id":"\\udc00"}]}}',
      "body holds text that is not well-formed Unicode",
    ],
    [
      "data nested 20,000 levels deep",
      `{"event":"shipment.created","data":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`,
      "body nests deeper than 64 levels",
    ],
    // A 600 KB id became a job's payload over its 64 KB limit: a crash in the fuzz run, a 400 now.
    [
      "an id over 100 characters",
      body("shipment.reposted", { id: "🍰".repeat(51) }),
      "id is longer than 100 characters",
    ],
    [
      "an unknown event's long id",
      body("shipment.teleported", { id: "9".repeat(101) }),
      "id is longer than 100 characters",
    ],
  ])("refuses %s", (_name, raw, reason) => {
    expect(parseCourierEvent(raw)).toEqual({ ok: false, reason });
  });

  it.each(EVENT_NAMES.map((name) => [name]))("gives %s its own typed kind", (name) => {
    const event = parsed(body(name, { id: 42, occurred_at: "2025-05-01T10:00:00.000Z", reference_id: "r-1" }));
    expect(event.kind).toBe(name);
    expect(event.name).toBe(name);
    expect(event.occurredAt?.toISOString()).toBe("2025-05-01T10:00:00.000Z");
    expect(event.shipmentId).toBe(name === "grouping.pickup_grouping_identified" ? null : "42");
  });

  // "25544" was read as the year 25544, which the database refused to store (a crash in the fuzz run).
  it.each([
    ["ISO text", "2025-05-01T10:00:00Z", "2025-05-01T10:00:00.000Z"],
    ["epoch seconds", 1746093600, "2025-05-01T10:00:00.000Z"],
    ["epoch milliseconds", 1746093600000, "2025-05-01T10:00:00.000Z"],
    ["epoch seconds as text", "1746093600", "2025-05-01T10:00:00.000Z"],
    ["a short number as text (an epoch, not a year)", "25544", "1970-01-01T07:05:44.000Z"],
    ["a year past 9999", "+025544-01-01T00:00:00Z", null],
    ["epoch milliseconds past year 9999", 8.64e15, null],
    ["a time before 1970", "1969-12-31T23:59:59Z", null],
    ["text that is no date", "soon", null],
    ["a boolean", true, null],
  ])("reads occurred_at given as %s", (_name, occurredAt, expected) => {
    const event = parsed(body("shipment.at_pickup", { id: 1, occurred_at: occurredAt }));
    expect(event.occurredAt?.toISOString() ?? null).toBe(expected);
  });

  it("has exactly the document's 19 event names", () => {
    expect(new Set(EVENT_NAMES).size).toBe(19);
  });

  it.each([
    [
      "an unknown event name",
      body("shipment.teleported", { id: 9, occurred_at: "2025-05-01T10:00:00Z", extra: true }),
      "shipment.teleported",
    ],
    ["a known name without a data object", body("shipment.at_pickup", "oops"), "shipment.at_pickup"],
    ["a known name with no data at all", JSON.stringify({ event: "shipment.returned" }), "shipment.returned"],
  ])("accepts %s as kind 'unknown'", (_name, raw, name) => {
    const event = parsed(raw);
    expect(event.kind).toBe("unknown");
    expect(event.name).toBe(name);
  });

  it("keeps unknown fields and the raw data", () => {
    const event = parsed(
      body("shipment.en_route_to_delivery", { id: 1, latitude: 1.5, longitude: 2.5, brand_new: { x: 1 } }),
    );
    expect(event.kind).toBe("shipment.en_route_to_delivery");
    expect(event.raw).toMatchObject({ brand_new: { x: 1 } });
    if (event.kind === "shipment.en_route_to_delivery") expect(event.data.brand_new).toEqual({ x: 1 });
  });

  it("reads latitude and longitude sent as strings (delivery_attempted sample) and the return code", () => {
    const event = parsed(
      body("shipment.delivery_attempted", {
        id: "77",
        latitude: "37.7749",
        longitude: "-122.4194",
        return_code: "recipient_unavailable",
      }),
    );
    if (event.kind !== "shipment.delivery_attempted") throw new Error(event.kind);
    expect(event.data.latitude).toBe(37.7749);
    expect(event.data.longitude).toBe(-122.4194);
    expect(event.data.return_reason).toBe("recipient_unavailable");
    const odd = parsed(body("shipment.delivery_attempted", { id: 77, latitude: "north", return_code: "dog_ate_it" }));
    if (odd.kind !== "shipment.delivery_attempted") throw new Error(odd.kind);
    expect(odd.data.latitude).toBeNull();
    expect(odd.data.return_code).toBe("dog_ate_it");
    expect(odd.data.return_reason).toBe("unknown");
  });

  it.each([
    ["eta", { eta: "2025-05-01T10:30:00Z" }],
    ["estimated_arrival", { estimated_arrival: "2025-05-01T10:30:00Z" }],
    ["estimated_arrival_time", { estimated_arrival_time: "2025-05-01T10:30:00.000Z" }],
    ["estimated_delivery_time", { estimated_delivery_time: "2025-05-01T10:30:00Z" }],
    ["pickup_eta", { pickup_eta: "2025-05-01T10:30:00Z" }],
    ["delivery_eta", { delivery_eta: "2025-05-01T10:30:00Z" }],
    ["epoch seconds", { eta: 1746095400 }],
    ["an unreadable eta and a good alternate", { eta: "soon", delivery_eta: "2025-05-01T10:30:00Z" }],
  ])("finds the ETA in %s", (_name, fields) => {
    const event = parsed(body("shipment.at_delivery", { id: 1, ...fields }));
    expect(event.eta?.toISOString()).toBe("2025-05-01T10:30:00.000Z");
  });

  it("has a null ETA when none is readable", () => {
    expect(parsed(body("shipment.at_delivery", { id: 1, eta: "in a bit" })).eta).toBeNull();
  });

  it("reads ids sent as numbers or text, related shipments and the reposted parent", () => {
    const reposted = parsed(body("shipment.reposted", { id: 500, parent_id: 499, related_shipments: [1, "2", null] }));
    if (reposted.kind !== "shipment.reposted") throw new Error(reposted.kind);
    expect(reposted.shipmentId).toBe("500");
    expect(reposted.data.parent_id).toBe("499");
    expect(reposted.data.related_shipments).toEqual(["1", "2"]);
  });

  it("reads driver, vehicle and grouping data leniently", () => {
    const assigned = parsed(
      body("shipment.driver_assigned", {
        id: 5,
        driver_id: 981,
        driver: { name: "Ava", phone: 5550100, vehicle: { category: "car", color: 3 } },
      }),
    );
    if (assigned.kind !== "shipment.driver_assigned") throw new Error(assigned.kind);
    expect(assigned.data.driver_id).toBe("981");
    expect(assigned.data.driver).toMatchObject({
      name: "Ava",
      phone: "5550100",
      vehicle: { category: "car", color: "3", make: null },
    });

    const group = parsed(
      body("grouping.pickup_grouping_identified", {
        id: "grp-1",
        shipments: [{ id: 1, _ref: "u" }, "junk"],
        pickup_time: "bad",
      }),
    );
    if (group.kind !== "grouping.pickup_grouping_identified") throw new Error(group.kind);
    expect(group.data.id).toBe("grp-1");
    expect(group.data.shipments.map((s) => s.id)).toEqual(["1"]);
    expect(group.data.pickup_time).toBeNull();
  });
});

describe("dedupeKey", () => {
  const at = "2025-05-01T10:00:00.000Z";
  it("is the same for the same event delivered twice, whatever the field order", () => {
    const a = parsed(JSON.stringify({ event: "shipment.at_pickup", data: { id: 1, occurred_at: at, latitude: 1 } }));
    const b = parsed(JSON.stringify({ data: { latitude: 1, occurred_at: at, id: "1" }, event: "shipment.at_pickup" }));
    expect(dedupeKey(a)).toBe(dedupeKey(b));
    expect(dedupeKey(a)).toBe(`shipment.at_pickup|1|${at}`);
  });

  it.each([
    ["another name", { event: "shipment.at_delivery", data: { id: 1, occurred_at: at } }],
    ["another shipment", { event: "shipment.at_pickup", data: { id: 2, occurred_at: at } }],
    ["another time", { event: "shipment.at_pickup", data: { id: 1, occurred_at: "2025-05-01T10:00:01Z" } }],
  ])("differs for %s", (_name, other) => {
    const a = parsed(JSON.stringify({ event: "shipment.at_pickup", data: { id: 1, occurred_at: at } }));
    expect(dedupeKey(parsed(JSON.stringify(other)))).not.toBe(dedupeKey(a));
  });

  it("hashes the data when occurred_at is missing (stable under key order)", () => {
    const a = parsed(JSON.stringify({ event: "shipment.odd", data: { id: 3, x: { b: 1, a: 2 } } }));
    const b = parsed(JSON.stringify({ event: "shipment.odd", data: { x: { a: 2, b: 1 }, id: 3 } }));
    const c = parsed(JSON.stringify({ event: "shipment.odd", data: { id: 3, x: { a: 2, b: 9 } } }));
    expect(dedupeKey(a)).toMatch(/^shipment\.odd\|3\|h:[0-9a-f]{32}$/);
    expect(dedupeKey(a)).toBe(dedupeKey(b));
    expect(dedupeKey(a)).not.toBe(dedupeKey(c));
  });

  it("uses the group id for grouping events", () => {
    const group = parsed(body("grouping.pickup_grouping_identified", { id: "grp-9", occurred_at: at }));
    expect(dedupeKey(group)).toBe(`grouping.pickup_grouping_identified|grp-9|${at}`);
  });
});
