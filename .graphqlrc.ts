// GraphQL config for codegen: every `#graphql` operation in app/ is typed against Admin API 2026-10.
// The schema file is obtained by `npm run setup` (test/tools/admin-schema.ts), never committed.
import { ApiType, shopifyApiProject } from "@shopify/api-codegen-preset";

export const ADMIN_DOCUMENTS = ["./app/**/*.{js,ts,jsx,tsx}", "!./app/types/**"];

export default {
  projects: {
    default: shopifyApiProject({
      apiType: ApiType.Admin,
      apiVersion: "2026-10",
      documents: ADMIN_DOCUMENTS,
      outputDir: "./app/types",
    }),
  },
};
