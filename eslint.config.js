import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "build/**",
      "public/build/**",
      ".cache/**",
      "app/types/**",
      "extensions/**/dist/**",
      "extensions/**/generated/**",
      "extensions/**/shopify.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through app/config/env.server.ts." },
      ],
    },
  },
  {
    // The app logs through app/logging (levels, redaction, one format); tests, tools and scripts may print.
    files: ["app/**", "extensions/**"],
    rules: { "no-console": "error" },
  },
  {
    // Only the configuration module and tooling/tests read the environment.
    files: ["app/config/env.server.ts", "test/**", "prisma/**", ".graphqlrc.ts"],
    rules: { "no-restricted-properties": "off" },
  },
);
