import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { loadShopperDeliveries } from "../../shared/shopper-delivery";
import { APP_URL } from "./app-url";
import { ShopperDeliveryBlock } from "./ShopperDeliveryBlock";

export default async () => {
  const { order, sessionToken } = shopify;
  const draw = () =>
    render(
      <ShopperDeliveryBlock
        orderGid={order.value?.id ?? null}
        load={(orderGid) =>
          loadShopperDeliveries(
            { fetchFn: (input, init) => fetch(input, init), appUrl: APP_URL, sessionToken: () => sessionToken.get() },
            orderGid,
          )
        }
      />,
      document.body,
    );
  draw();
  // The order is undefined until Shopify has processed it; the block appears once it is known.
  order.subscribe(draw);
};
