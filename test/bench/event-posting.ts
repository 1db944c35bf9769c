/**
 * The order in which courier events are posted to the app by bench:events and the chaos run: each
 * shipment's events shuffled, a share of them sent twice (the copy later in the same shipment's
 * list), shipments interleaved at random.
 */
import type { WebhookEvent } from "../courier-sandbox/model";
import { shuffle, type GeneratedShipment, type SeededShop } from "./harness";

export type Planned = { shipment: GeneratedShipment; shop: SeededShop; fulfillmentOrderGid: string };
export type Posting = { shop: SeededShop; event: WebhookEvent; copy: boolean };

export function postingOrder(planned: readonly Planned[], random: () => number, duplicateShare: number): Posting[] {
  const lists = planned.map(({ shipment, shop }) => {
    const list = shuffle(
      shipment.events.map((event) => ({ shop, event, copy: false })),
      random,
    );
    for (const original of [...list]) {
      if (random() < duplicateShare) {
        const after = list.indexOf(original) + 1;
        list.splice(after + Math.floor(random() * (list.length - after + 1)), 0, { ...original, copy: true });
      }
    }
    return list;
  });
  const out: Posting[] = [];
  // Uniform interleaving: the next event comes from a shipment with probability proportional to what it has left.
  let remaining = lists.reduce((sum, list) => sum + list.length, 0);
  const cursors = lists.map(() => 0);
  while (remaining > 0) {
    let pick = Math.floor(random() * remaining);
    let index = 0;
    while (pick >= lists[index]!.length - cursors[index]!) pick -= lists[index]!.length - cursors[index++]!;
    out.push(lists[index]![cursors[index]!++]!);
    remaining -= 1;
  }
  return out;
}
