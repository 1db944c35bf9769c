import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromIssues } from "~/forms/field-errors";

describe("fieldErrorsFromIssues", () => {
  const schema = z.object({ name: z.string().min(2, "Too short"), items: z.array(z.number({ error: "A number" })) });

  it("keys one message per field by its dotted path, the first one winning", () => {
    const parsed = schema.safeParse({ name: "x", items: [1, "two", "three"] });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsFromIssues(parsed.error!.issues)).toEqual({
      name: "Too short",
      "items.1": "A number",
      "items.2": "A number",
    });
  });

  it('uses "form" for an issue about the whole input, and a prefix for a list validated on its own', () => {
    expect(fieldErrorsFromIssues([{ path: [], message: "Nothing sent" }])).toEqual({ form: "Nothing sent" });
    expect(
      fieldErrorsFromIssues(
        [
          { path: [0, "contactPhone"], message: "Enter a US phone" },
          { path: [0, "contactPhone"], message: "second" },
        ],
        ["pickupLocations"],
      ),
    ).toEqual({ "pickupLocations.0.contactPhone": "Enter a US phone" });
  });
});
