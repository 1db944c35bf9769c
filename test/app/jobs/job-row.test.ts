import { describe, expect, it } from "vitest";
import { parseJobRows } from "~/jobs/job-row";

const at = new Date("2026-11-25T08:00:00.000Z");
const stored = {
  id: "job-1",
  shopDomain: "shop.myshopify.com",
  kind: "dispatch",
  payloadJson: '{"orderId":1}',
  uniqueKey: null,
  orderingKey: "shipment:1",
  state: "running",
  lockedBy: "worker-a",
  lastError: null,
};

/** The row as Prisma's Job model has it (and as PostgreSQL returns it through raw SQL). */
const asModel = {
  ...stored,
  runAt: at,
  attempts: 1,
  maxAttempts: 8,
  version: 3,
  lockedUntil: at,
  createdAt: at,
  updatedAt: at,
  finishedAt: null,
};

describe("parseJobRows", () => {
  it.each([
    { database: "PostgreSQL (numbers and Dates)", row: asModel },
    {
      database: "SQLite with 64-bit integers and stored text dates",
      row: {
        ...asModel,
        runAt: "2026-11-25T08:00:00.000+00:00",
        attempts: 1n,
        maxAttempts: 8n,
        version: 3n,
        lockedUntil: "2026-11-25T08:00:00.000+00:00",
      },
    },
  ])("reads a row from $database as the Job model's shape", ({ row }) => {
    expect(parseJobRows([row])).toEqual([asModel]);
  });

  it("refuses a row missing a column", () => {
    expect(() => parseJobRows([{ ...stored, runAt: at }])).toThrow(/unexpected Job rows/);
  });
});
