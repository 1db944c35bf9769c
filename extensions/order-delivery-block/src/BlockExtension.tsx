import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { DeliveryBlock } from "./DeliveryBlock";

/** Handle of the action extension the block opens (extensions/order-delivery-action). */
const ACTION_URL = "extension://order-delivery-action";

export default async () => {
  const { i18n, data, navigation } = shopify;
  render(
    <DeliveryBlock
      orderGid={data.selected[0]?.id ?? ""}
      fetchFn={(input, init) => fetch(input, init)}
      now={() => new Date()}
      formatTime={(date) => i18n.formatDate(date, { weekday: "short", hour: "numeric", minute: "2-digit" })}
      t={(key, values) => i18n.translate(key, values)}
      openAction={() => navigation.navigate(ACTION_URL)}
    />,
    document.body,
  );
};
