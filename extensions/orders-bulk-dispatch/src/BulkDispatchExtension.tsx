import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { BulkDispatch } from "./BulkDispatch";

export default async () => {
  const { i18n, data, close } = shopify;
  render(
    <BulkDispatch
      selectedIds={data.selected.map((item) => item.id)}
      fetchFn={(input, init) => fetch(input, init)}
      t={(key, options) => i18n.translate(key, options)}
      close={close}
    />,
    document.body,
  );
};
