import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CODE128_PATTERNS, START_B, STOP, code128Widths } from "./barcode";
import { crc32, labelPdf, labelPng, photoPng, signaturePng } from "./images";

/** Reads a PNG back: checks signature, chunk CRCs and returns its size and pixels (RGB, filter 0). */
function decodePng(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length)).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    types.push(type);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 2]);
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * 3 + 1) * height);
  const pixel = (x: number, y: number) => raw[y * (width * 3 + 1) + 1 + x * 3]!;
  return { width, height, pixel };
}

/** Scans one row of a label into bar/space widths and decodes Code 128 set B. */
function readBarcode(png: Buffer, row = 110, modulePx = 2): string {
  const { width, pixel } = decodePng(png);
  const runs: number[] = [];
  let x = 5;
  while (x < width - 5 && pixel(x, row) !== 0) x++;
  let dark = true;
  while (x < width - 5) {
    let run = 0;
    while (x < width - 5 && (pixel(x, row) === 0) === dark) {
      run++;
      x++;
    }
    runs.push(run / modulePx);
    dark = !dark;
  }
  const symbols: number[] = [];
  for (let i = 0; i + 6 <= runs.length; i += 6) {
    const pattern = runs.slice(i, i + 6).join("");
    const symbol = CODE128_PATTERNS.findIndex((p) => p.startsWith(pattern) && (p.length === 6 || p === "2331112"));
    symbols.push(symbol);
    if (symbol === STOP) break;
  }
  expect(symbols[0]).toBe(START_B);
  expect(symbols.at(-1)).toBe(STOP);
  const data = symbols.slice(1, -2);
  const checksum = data.reduce((sum, s, i) => sum + s * (i + 1), START_B) % 103;
  expect(symbols.at(-2)).toBe(checksum);
  return String.fromCharCode(...data.map((s) => s + 32));
}

describe("sandbox images", () => {
  it("has a consistent Code 128 table: 107 distinct patterns of 11 modules (stop 13)", () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => expect([...p].reduce((a, b) => a + Number(b), 0)).toBe(i === STOP ? 13 : 11));
    expect(code128Widths("A").length).toBe(6 * 3 + 7);
  });

  it.each(["order-1001", "SKU 42/b", "Ünïcode"])("draws a PNG label whose barcode reads back as %j", (reference) => {
    const png = labelPng({ shipmentId: 1, trackingNumber: "SBX1", referenceId: reference, barcode: true });
    expect(readBarcode(png)).toBe(reference.replace(/[^\x20-\x7e]/g, "?"));
  });

  it("draws no barcode for item-level scanning", () => {
    const { width, pixel } = decodePng(
      labelPng({ shipmentId: 1, trackingNumber: "SBX1", referenceId: "r", barcode: false }),
    );
    const row = Array.from({ length: width - 40 }, (_, i) => pixel(i + 20, 110));
    expect(row.every((v) => v === 255)).toBe(true);
  });

  it.each([
    ["signature", signaturePng(7)],
    ["pickup photo", photoPng("pickup", 7)],
    ["delivery photo", photoPng("delivery", 7)],
  ])("encodes a valid %s PNG", (_name, png) => {
    const { width, height } = decodePng(png);
    expect(width * height).toBeGreaterThan(1000);
  });

  it("writes a PDF label with a byte-exact cross-reference table, text and barcode bars", () => {
    const pdf = labelPdf({ shipmentId: 5, trackingNumber: "SBX5", referenceId: "ref (1)", barcode: true }).toString(
      "latin1",
    );
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    const stream = pdf.slice(pdf.indexOf("stream\n") + 7, pdf.indexOf("\nendstream"));
    expect(Buffer.byteLength(stream, "latin1")).toBe(length);
    expect(stream).toContain("(Reference ref \\(1\\)) Tj");
    expect((stream.match(/ re f/g) ?? []).length).toBe(code128Widths("ref (1)").length / 2 + 0.5);
  });
});
