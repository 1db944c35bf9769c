import { z } from "zod";
import { SHIPMENT_ID_PATTERN, type CancelRequest, type ShipmentState } from "../../../extensions/shared/api-contract";
import { LABEL_STATES } from "../../../extensions/shared/shipment-rules";
import { cancelShipment } from "~/staff/cancel.server";
import type { StaffDeps, WithAdmin } from "~/staff/deps";
import { invalidInput, StaffActionError } from "~/staff/errors";
import { fetchLabel } from "~/staff/files.server";
import { CancelInput, parseInput } from "~/staff/inputs";

import type { StaffActor } from "~/shops/staff-actor";

/**
 * The Shipments list's bulk actions on the selected rows: every label in one PDF (pdf-lib copies
 * each courier label's pages into one document, in the order selected), and a cancel with one reason
 * for all. Each shipment goes through the same staff function as its own page; one that cannot be
 * done is named in the result, the others still are.
 */

/** At most this many rows per bulk action (a page of the list is 25; the courier allows 10 requests a second). */
export const BULK_MAX = 50;

export const BulkSelection = z.object({
  ids: z
    .string({ error: "Select at least one delivery." })
    .transform((text) =>
      text
        .split(",")
        .map((id) => id.trim())
        .filter((id) => id !== ""),
    )
    .pipe(
      z
        .array(z.string().regex(SHIPMENT_ID_PATTERN, "This is not a delivery id."))
        .min(1, "Select at least one delivery.")
        .max(BULK_MAX, `Select at most ${BULK_MAX} deliveries at once.`)
        .transform((ids) => [...new Set(ids)]),
    ),
});

export type BulkFailure = { shipmentId: string; message: string; orderName?: string | null };

export const NO_LABEL_NOW = "This delivery has no label now: it is no longer on its way to pickup or delivery.";

export async function mergedLabels(
  deps: StaffDeps,
  input: { shopDomain: string; ids: string[] },
): Promise<{ pdf: Uint8Array; printed: number; failures: BulkFailure[] }> {
  // Loaded on the first merge: pdf-lib is about 4 MB of heap that the process (webhooks, the worker,
  // checkout's rates) otherwise carries for an action staff take now and then.
  const { PDFDocument } = await import("pdf-lib");
  const merged = await PDFDocument.create();
  const failures: BulkFailure[] = [];
  let printed = 0;
  // A delivery past its label's use (delivered, canceled, returned…) has none: named, the courier not asked.
  const states = new Map(
    (
      await deps.db.shipment.findMany({
        where: { id: { in: input.ids }, shop: { domain: input.shopDomain } },
        select: { id: true, state: true },
      })
    ).map((row) => [row.id, row.state]),
  );
  for (const shipmentId of input.ids) {
    const state = states.get(shipmentId);
    if (state !== undefined && !LABEL_STATES.has(state as ShipmentState)) {
      failures.push({ shipmentId, message: NO_LABEL_NOW });
      continue;
    }
    try {
      const label = await fetchLabel(deps, { shopDomain: input.shopDomain, shipmentId, format: "PDF" });
      const source = await PDFDocument.load(label.bytes);
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
      printed += 1;
    } catch (error) {
      if (error instanceof StaffActionError) failures.push({ shipmentId, message: error.message });
      // A courier "PDF" pdf-lib cannot read is that label's failure, not the batch's.
      else if (error instanceof Error && /pdf/i.test(error.message))
        failures.push({ shipmentId, message: "The courier's label is not a readable PDF." });
      else throw error;
    }
  }
  if (printed === 0)
    throw new StaffActionError(409, failures[0]?.message ?? "None of the selected deliveries has a label.");
  return { pdf: await merged.save(), printed, failures };
}

export async function bulkCancel(
  deps: StaffDeps & WithAdmin,
  input: { shopDomain: string; ids: string[]; fields: Record<string, unknown>; staff: StaffActor },
): Promise<{ canceled: number; failures: BulkFailure[] }> {
  const request: CancelRequest = parseInput(CancelInput, input.fields);
  const failures: BulkFailure[] = [];
  let canceled = 0;
  for (const shipmentId of input.ids) {
    try {
      await cancelShipment(deps, { shopDomain: input.shopDomain, shipmentId, request, staff: input.staff });
      canceled += 1;
    } catch (error) {
      if (error instanceof StaffActionError) failures.push({ shipmentId, message: error.message });
      else throw error;
    }
  }
  return { canceled, failures: await withOrderNames(deps, input.shopDomain, failures) };
}

/** The failures with the order each delivery belongs to, so a message can name them. */
async function withOrderNames(deps: StaffDeps, shopDomain: string, failures: BulkFailure[]): Promise<BulkFailure[]> {
  if (failures.length === 0) return failures;
  const rows = await deps.db.shipment.findMany({
    where: { id: { in: failures.map((f) => f.shipmentId) }, shop: { domain: shopDomain } },
    select: { id: true, orderName: true },
  });
  const names = new Map(rows.map((row) => [row.id, row.orderName]));
  return failures.map((failure) => ({ ...failure, orderName: names.get(failure.shipmentId) ?? null }));
}

/** What a bulk cancel did, naming each delivery that could not be canceled (by its order) and why. */
export function bulkCancelMessage(result: { canceled: number; failures: BulkFailure[] }): string {
  const done = `${result.canceled} ${result.canceled === 1 ? "delivery" : "deliveries"} canceled.`;
  if (result.failures.length === 0) return done;
  const named = result.failures.map((f) => `${f.orderName ?? "a delivery not found"}: ${f.message}`).join(" ");
  return `${done} ${result.failures.length} could not be: ${named}`;
}

export function parseBulkSelection(fields: Record<string, unknown>): string[] {
  const parsed = BulkSelection.safeParse(fields);
  if (!parsed.success) throw invalidInput({ ids: parsed.error.issues[0]!.message }, parsed.error.issues[0]!.message);
  return parsed.data.ids;
}
