import "@shopify/ui-extensions/preact";
import { render } from "preact";
import type { ApiResult } from "../../shared/api-client";
import { loadChangeWindows, sendShopperEdit } from "../../shared/shopper-changes";
import { loadShopperDeliveries, type ShopperDeliveryDeps } from "../../shared/shopper-delivery";
import { APP_URL } from "./app-url";
import { ShopperDeliveryBlock } from "./ShopperDeliveryBlock";

export default async () => {
  const { order, sessionToken, extension, i18n, localization } = shopify;
  const deps: ShopperDeliveryDeps = {
    fetchFn: (input, init) => fetch(input, init),
    appUrl: APP_URL,
    sessionToken: () => sessionToken.get(),
    // The customer account's language: the app words the status, window and ETA in it.
    locale: () => localization.language.value.isoCode,
  };
  // A call that reached nothing (status 0) says so in the shopper's language; the app's answers are in it already.
  const inWords = <T,>(result: ApiResult<T>): ApiResult<T> =>
    result.ok || result.status !== 0 ? result : { ...result, message: i18n.translate("unreachable") };
  const draw = () =>
    render(
      <ShopperDeliveryBlock
        orderGid={order.value?.id ?? null}
        load={(orderGid) => loadShopperDeliveries(deps, orderGid)}
        rendered={extension.rendered}
        loadWindows={async (orderGid, deliveryId) => inWords(await loadChangeWindows(deps, orderGid, deliveryId))}
        send={async (orderGid, deliveryId, edit) => inWords(await sendShopperEdit(deps, orderGid, deliveryId, edit))}
        t={(key, values) => i18n.translate(key, values)}
      />,
      document.body,
    );
  draw();
  // The order is undefined until Shopify has processed it; the block appears once it is known.
  order.subscribe(draw);
};
