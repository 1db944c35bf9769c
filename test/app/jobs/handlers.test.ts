import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JobError } from "~/jobs/errors";
import { mergeJobHandlers, parsePayload } from "~/jobs/handlers";

const noop = async () => undefined;

describe("mergeJobHandlers", () => {
  it("keeps every feature's kinds in one table", () => {
    const merged = mergeJobHandlers({ "a.one": noop }, { "b.one": noop, "b.two": noop });
    expect(Object.keys(merged).sort()).toEqual(["a.one", "b.one", "b.two"]);
  });

  it("refuses a kind two features claim", () => {
    expect(() => mergeJobHandlers({ "a.one": noop }, { "a.one": noop })).toThrow(
      "Two features handle the job kind a.one.",
    );
  });
});

describe("parsePayload", () => {
  const Payload = z.object({ shipmentId: z.string().min(1) });

  it("returns the payload its kind's schema reads", () => {
    expect(parsePayload(Payload, { shipmentId: "s1" })).toEqual({ shipmentId: "s1" });
  });

  it("fails the job for good on a payload of another shape", () => {
    let thrown: unknown;
    try {
      parsePayload(Payload, { shipmentId: 7 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JobError);
    expect(thrown).toMatchObject({ permanent: true, message: "The job's payload is not what this kind of job needs." });
  });
});
