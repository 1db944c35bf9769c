import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { DeliveryAction } from "./DeliveryAction";

export default async () => {
  const { i18n, data, close } = shopify;
  render(
    <DeliveryAction
      orderGid={data.selected[0]?.id ?? ""}
      fetchFn={(input, init) => fetch(input, init)}
      now={() => new Date()}
      formatTime={(date) => i18n.formatDate(date, { weekday: "short", hour: "numeric", minute: "2-digit" })}
      t={(key, options) => i18n.translate(key, options)}
      close={close}
    />,
    document.body,
  );
};
