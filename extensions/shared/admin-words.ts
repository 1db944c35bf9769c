/** `shopify.i18n.translate` over an admin extension's locale files (`{{name}}` placeholders). */
export type AdminWords = (key: string, values?: Record<string, string | number>) => string;
