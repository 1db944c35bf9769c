/**
 * The Flow action run record's states on the real database: one claim per run, a running run is
 * not claimed again until it is stale (its process died), a done run stays done.
 */
import { describe, expect, it } from "vitest";
import { claimFlowRun, FLOW_RUN_STALE_MS, finishFlowRun, forgetFlowRun } from "~/flow-actions/run-record.server";
import { getRuntime } from "~/runtime.server";

const { db } = getRuntime();
let runs = 0;
const newRun = () => ({
  shopDomain: "flow-runs.myshopify.com",
  actionRunId: `run-${++runs}`,
  handle: "cancel-delivery",
  orderGid: "gid://shopify/Order/1",
});
const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 9) + ms);

describe("claimFlowRun", () => {
  it("claims a new run once; concurrent claims of it find it running", async () => {
    const run = newRun();
    const claims = await Promise.all([0, 1, 2, 3].map(() => claimFlowRun(db, run, at(0))));
    expect(claims.filter((c) => c.kind === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c.kind === "running")).toHaveLength(3);
  });

  it("is done after finishFlowRun, and claimable again after forgetFlowRun", async () => {
    const done = newRun();
    await claimFlowRun(db, done, at(0));
    await finishFlowRun(db, done, at(1_000));
    expect(await claimFlowRun(db, done, at(2_000))).toEqual({ kind: "done" });
    // A done run is never forgotten (the courier acted).
    await forgetFlowRun(db, done);
    expect(await claimFlowRun(db, done, at(3_000))).toEqual({ kind: "done" });

    const failed = newRun();
    await claimFlowRun(db, failed, at(0));
    await forgetFlowRun(db, failed);
    expect(await claimFlowRun(db, failed, at(1_000))).toEqual({ kind: "claimed" });
  });

  it("lets one resend take over a run left running past FLOW_RUN_STALE_MS", async () => {
    const run = newRun();
    await claimFlowRun(db, run, at(0));
    expect(await claimFlowRun(db, run, at(FLOW_RUN_STALE_MS - 1))).toEqual({ kind: "running" });
    const late = at(FLOW_RUN_STALE_MS + 1);
    const claims = await Promise.all([0, 1].map(() => claimFlowRun(db, run, late)));
    expect(claims.map((c) => c.kind).sort()).toEqual(["claimed", "running"]);
  });
});
