import {
  decryptSecret,
  encryptSecret,
  isSealedSecret,
  SecretDecryptionError,
  type KeyRing,
} from "~/crypto/secret-box.server";
import type { Db } from "~/db/client.server";
import { sessionSecretContext } from "~/shopify-admin/encrypted-session-storage.server";
import { resealShopSecrets } from "~/shops/courier-credentials.server";
import { openTrackingToken, sealTrackingToken } from "~/shipments/tracking-token.server";

/**
 * The rotation sweep: after ENCRYPTION_KEY changed (the old one moved to ENCRYPTION_PREVIOUS_KEYS),
 * every value sealed under an old key is sealed again under the current one: courier tokens and
 * webhook secrets, the tracking pages' sealed tokens, Shopify sessions' tokens (and any a version
 * before sealing left in plaintext). The server runs it at start; values read meanwhile are sealed
 * again on read too. Each update is conditional on the value read, so a value written meanwhile is
 * never overwritten, and instances running it at once do no harm. Once it reports nothing left
 * (`unreadable` 0), the previous key can be dropped.
 */

const BATCH = 500;

export type ResealReport = { resealed: number; unreadable: number };

/** Rows whose `column` holds a value not sealed under the current key (`required`: a column never null). */
const notCurrent = (column: string, prefix: string, required = false) => ({
  ...(required ? {} : { [column]: { not: null } }),
  NOT: { [column]: { startsWith: prefix } },
});

export async function resealStoredSecrets(deps: { db: Db; keys: KeyRing }): Promise<ResealReport> {
  const { db, keys } = deps;
  const prefix = `v1.${keys.currentKeyId}.`;
  const report: ResealReport = { resealed: 0, unreadable: 0 };

  const shops = await db.shop.findMany({
    where: {
      OR: ["courierTokenEncrypted", "webhookSecretEncrypted", "webhookPreviousSecretEncrypted"].map((column) =>
        notCurrent(column, prefix),
      ),
    },
    select: { domain: true },
  });
  for (const shop of shops) {
    try {
      report.resealed += await resealShopSecrets(deps, shop.domain);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      report.unreadable += 1;
    }
  }

  for (let after = ""; ;) {
    const rows = await db.shipment.findMany({
      where: { id: { gt: after }, ...notCurrent("trackingTokenSealed", prefix) },
      select: { id: true, trackingTokenSealed: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const row of rows) {
      const token = openTrackingToken(keys, row.trackingTokenSealed!, row.id);
      if (token === null) {
        report.unreadable += 1;
        continue;
      }
      const updated = await db.shipment.updateMany({
        where: { id: row.id, trackingTokenSealed: row.trackingTokenSealed },
        data: { trackingTokenSealed: sealTrackingToken(keys, token, row.id) },
      });
      report.resealed += updated.count;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }

  for (const field of ["accessToken", "refreshToken"] as const) {
    for (let after = ""; ;) {
      const rows = await db.session.findMany({
        where: { id: { gt: after }, ...notCurrent(field, prefix, field === "accessToken") },
        select: { id: true, accessToken: true, refreshToken: true },
        orderBy: { id: "asc" },
        take: BATCH,
      });
      for (const row of rows) {
        const stored = row[field];
        if (!stored) continue;
        const context = sessionSecretContext(row.id, field);
        let plaintext: string;
        try {
          plaintext = isSealedSecret(stored) ? decryptSecret(keys, stored, context) : stored;
        } catch (error) {
          if (!(error instanceof SecretDecryptionError)) throw error;
          report.unreadable += 1;
          continue;
        }
        const updated = await db.session.updateMany({
          where: { id: row.id, [field]: stored },
          data: { [field]: encryptSecret(keys, plaintext, context) },
        });
        report.resealed += updated.count;
      }
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.id;
    }
  }
  return report;
}
