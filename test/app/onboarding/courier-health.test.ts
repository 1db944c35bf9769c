import { describe, expect, it } from "vitest";
import {
  COURIER_HEALTH_TTL_MS,
  courierHealthJob,
  currentCourierCheck,
  displayedCourierCheck,
  type CourierHealthRow,
} from "~/onboarding/courier-health.server";

const NOW = new Date("2026-11-27T15:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const row = (patch: Partial<CourierHealthRow>): CourierHealthRow => ({
  courierTokenEncrypted: "sealed",
  courierConnectedAt: ago(3_600_000),
  courierCheckStatus: "connected",
  courierCheckDetail: "The courier accepted the token.",
  courierCheckedAt: ago(60_000),
  ...patch,
});

describe("the courier's health as Home reads it", () => {
  it.each<[string, Partial<CourierHealthRow>, string | null, string]>([
    ["a recent check", {}, "connected", "connected"],
    ["no token", { courierTokenEncrypted: null }, "not_connected", "not_connected"],
    ["never checked", { courierCheckedAt: null, courierCheckStatus: null }, null, "checking"],
    ["an old check of the same token", { courierCheckedAt: ago(COURIER_HEALTH_TTL_MS + 1) }, null, "connected"],
    [
      "a check of an earlier token",
      { courierConnectedAt: ago(1_000), courierCheckedAt: ago(60_000) },
      null,
      "checking",
    ],
    ["an unknown stored status", { courierCheckStatus: "weird" }, null, "checking"],
    ["a recent refusal", { courierCheckStatus: "rejected" }, "rejected", "rejected"],
  ])("%s", (_name, patch, current, displayed) => {
    expect(currentCourierCheck(row(patch), NOW)?.status ?? null).toBe(current);
    expect(displayedCourierCheck(row(patch), NOW).status).toBe(displayed);
  });

  it("asks for one check per shop, token and period", () => {
    const saved = ago(3_600_000);
    expect(courierHealthJob("a.myshopify.com", saved, NOW).uniqueKey).toBe(
      courierHealthJob("a.myshopify.com", saved, new Date(NOW.getTime() + 1_000)).uniqueKey,
    );
    expect(courierHealthJob("a.myshopify.com", saved, NOW).uniqueKey).not.toBe(
      courierHealthJob("a.myshopify.com", ago(10), NOW).uniqueKey,
    );
    expect(courierHealthJob("a.myshopify.com", saved, NOW).uniqueKey).not.toBe(
      courierHealthJob("a.myshopify.com", saved, new Date(NOW.getTime() + COURIER_HEALTH_TTL_MS)).uniqueKey,
    );
  });
});
