/**
 * The Admin GraphQL operations the app sends: every `#graphql` template in app/ (as codegen reads
 * them, with the same pluck configuration) and in the admin extensions, whose only Admin GraphQL is
 * what `shopify.query(...)` sends (their other requests go to the app's own backend). Fragments are
 * pooled by name, as codegen does: an operation's `${FRAGMENT}` interpolations name fragments
 * declared once elsewhere.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { gqlPluckFromCodeStringSync } from "@graphql-tools/graphql-tag-pluck";
import { pluckConfig } from "@shopify/api-codegen-preset";
import { Kind, parse, type DocumentNode, type FragmentDefinitionNode } from "graphql";

export const APP_SOURCES = ["app/**/*.{ts,tsx}"];
export const EXTENSION_SOURCES = ["extensions/**/*.{ts,tsx}"];
const EXCLUDED = ["app/types/**", "**/node_modules/**", "**/dist/**"];

export type SentDocument = { file: string; document: DocumentNode };

export type SentOperations = {
  documents: SentDocument[];
  fragments: Record<string, FragmentDefinitionNode>;
  /** Sends the gate cannot read (an extension's `shopify.query` of something that is not a `#graphql` constant). */
  unreadable: string[];
};

/** The `#graphql` templates of one file, each with the name of the constant holding it. */
export function pluckTemplates(file: string, code: string): { name: string | null; document: DocumentNode }[] {
  return gqlPluckFromCodeStringSync(file, code, pluckConfig as never).map((source) => ({
    name: /#VAR_NAME=(\w+)/.exec(source.body)?.[1] ?? null,
    document: parse(source.body),
  }));
}

/** The first argument of each `shopify.query(...)` call: a constant's name or the start of a literal. */
export function queryCallArguments(code: string): string[] {
  return [...code.matchAll(/\bshopify\.query\b[^(]*\(\s*([\w$]+|`#graphql|["'`])/g)].map((m) => m[1]!);
}

export function sentOperations(root: string): SentOperations {
  const files = (patterns: string[]) => globSync(patterns, { cwd: root, exclude: EXCLUDED }).sort();
  const documents: SentDocument[] = [];
  const extensionConstants = new Set<string>();
  const calls: { file: string; argument: string }[] = [];
  for (const [patterns, fromExtension] of [
    [APP_SOURCES, false],
    [EXTENSION_SOURCES, true],
  ] as const) {
    for (const file of files(patterns)) {
      const code = readFileSync(path.join(root, file), "utf8");
      for (const { name, document } of pluckTemplates(file, code)) {
        documents.push({ file, document });
        if (fromExtension && name) extensionConstants.add(name);
      }
      if (fromExtension) calls.push(...queryCallArguments(code).map((argument) => ({ file, argument })));
    }
  }
  const fragments = Object.fromEntries(
    documents
      .flatMap((d) => d.document.definitions)
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const unreadable = calls
    .filter((c) => c.argument !== "`#graphql" && !extensionConstants.has(c.argument))
    .map((c) => `${c.file}: shopify.query(${c.argument}...) is not a #graphql constant of the extensions`);
  return { documents, fragments, unreadable };
}
