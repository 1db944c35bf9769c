import '@shopify/ui-extensions';

//@ts-ignore
declare module './src/BulkDispatchExtension.tsx' {
  const shopify: import('@shopify/ui-extensions/admin.order-index.selection-action.render').Api;
  const globalThis: { shopify: typeof shopify };
}

//@ts-ignore
declare module './src/BulkDispatch.tsx' {
  const shopify: import('@shopify/ui-extensions/admin.order-index.selection-action.render').Api;
  const globalThis: { shopify: typeof shopify };
}
