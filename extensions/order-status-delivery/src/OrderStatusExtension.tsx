import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { loadChangeWindows, sendShopperEdit } from "../../shared/shopper-changes";
import { loadShopperDeliveries, type ShopperDeliveryDeps } from "../../shared/shopper-delivery";
import { APP_URL } from "./app-url";
import { ShopperDeliveryBlock } from "./ShopperDeliveryBlock";

export default async () => {
  const { order, sessionToken, extension } = shopify;
  const deps: ShopperDeliveryDeps = {
    fetchFn: (input, init) => fetch(input, init),
    appUrl: APP_URL,
    sessionToken: () => sessionToken.get(),
  };
  const draw = () =>
    render(
      <ShopperDeliveryBlock
        orderGid={order.value?.id ?? null}
        load={(orderGid) => loadShopperDeliveries(deps, orderGid)}
        rendered={extension.rendered}
        loadWindows={(orderGid, deliveryId) => loadChangeWindows(deps, orderGid, deliveryId)}
        send={(orderGid, deliveryId, edit) => sendShopperEdit(deps, orderGid, deliveryId, edit)}
      />,
      document.body,
    );
  draw();
  // The order is undefined until Shopify has processed it; the block appears once it is known.
  order.subscribe(draw);
};
