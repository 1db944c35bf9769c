import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PG_CHAR_OID, PG_NAME_OID, PG_TEXT_OID, relabelCatalogTextColumns } from "../../../prisma/tools/cli-adapter";
import { GENERATED_HEADER, LAYOUTS, layoutForUrl, postgresqlSchemaFrom } from "../../../prisma/tools/layout";

const prismaDir = path.resolve(import.meta.dirname, "..", "..", "..", "prisma");
const SOURCE = `generator client {
  provider   = "prisma-client-js"
  engineType = "client"
}

datasource db {
  provider = "sqlite"
  url      = env("DATABASE_URL")
}

model Job {
  id String @id
  provider String
}
`;

describe("postgresqlSchemaFrom: one data model, the provider swapped", () => {
  const generated = postgresqlSchemaFrom(SOURCE);

  it("swaps the datasource provider and nothing in the models", () => {
    expect(generated).toContain('datasource db {\n  provider = "postgresql"');
    expect(generated).toContain("model Job {\n  id String @id\n  provider String\n}");
    expect(generated.startsWith(GENERATED_HEADER)).toBe(true);
  });

  it("generates the PostgreSQL client to its own module", () => {
    expect(generated).toContain(
      'engineType = "client"\n  output     = "../../node_modules/.prisma/client-postgresql"\n}',
    );
  });

  it.each([
    ["a source that is not SQLite", SOURCE.replace('"sqlite"', '"mysql"')],
    ["a source without the client generator", SOURCE.replace("generator client", "generator other")],
    [
      "a source whose client has its own output",
      SOURCE.replace('engineType = "client"', 'engineType = "client"\n  output = "x"'),
    ],
  ])("refuses %s", (_name, source) => {
    expect(() => postgresqlSchemaFrom(source)).toThrow(/prisma\/schema\.prisma/);
  });

  it("the committed prisma/postgresql/schema.prisma is the one generated from prisma/schema.prisma", () => {
    const source = readFileSync(path.join(prismaDir, LAYOUTS.sqlite.schema), "utf8");
    expect(readFileSync(path.join(prismaDir, LAYOUTS.postgresql.schema), "utf8")).toBe(postgresqlSchemaFrom(source));
  });
});

describe("layoutForUrl", () => {
  it.each([
    [undefined, LAYOUTS.sqlite],
    ["file:./dev.sqlite", LAYOUTS.sqlite],
    ["postgresql://u@h/db", LAYOUTS.postgresql],
  ])("%s", (url, layout) => {
    expect(layoutForUrl(url)).toBe(layout);
  });
});

describe('relabelCatalogTextColumns (CLI only: adapter-pg cannot read pg\'s name and "char" types)', () => {
  it.each([
    [
      [PG_NAME_OID, 23],
      [PG_TEXT_OID, 23],
    ],
    [
      [PG_CHAR_OID, PG_NAME_OID, 16],
      [PG_TEXT_OID, PG_TEXT_OID, 16],
    ],
    [
      [25, 1043, 1114],
      [25, 1043, 1114],
    ],
  ])("%j becomes %j", (before, after) => {
    const message = { fields: before.map((dataTypeID) => ({ dataTypeID })) };
    expect(relabelCatalogTextColumns(message).fields.map((f) => f.dataTypeID)).toEqual(after);
  });
});
