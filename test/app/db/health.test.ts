import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { checkDatabase } from "~/db/health.server";
import { loader } from "~/routes/healthz";

describe("/healthz", () => {
  it("answers 200 after a database round trip", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: "up" });
  });

  it("reports the database down when it is unreachable", async () => {
    const unreachable = createDb("file:/nonexistent-directory/for-sure/app.sqlite");
    expect(await checkDatabase(unreachable)).toEqual({ ok: false, database: "down" });
    await unreachable.$disconnect();
  });
});
