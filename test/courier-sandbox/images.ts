import { deflateSync } from "node:zlib";
import { code128Text, code128Widths } from "./barcode";

/**
 * Real image bytes for the sandbox, with no packages: a small PNG encoder (zlib + CRC-32), a
 * hand-written PDF, and the pictures the sandbox serves (signature, pickup and delivery photos,
 * barcode labels).
 */

export type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  fillRect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        const i = (yy * this.width + xx) * 3;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
    }
  }

  pixel(x: number, y: number): Rgb {
    const i = (y * this.width + x) * 3;
    return [this.pixels[i]!, this.pixels[i + 1]!, this.pixels[i + 2]!];
  }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  return out;
}

/** An 8-bit RGB PNG (filter 0 on every row). */
export function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const stride = canvas.width * 3;
  const raw = Buffer.alloc((stride + 1) * canvas.height);
  for (let y = 0; y < canvas.height; y++) {
    raw[y * (stride + 1)] = 0;
    Buffer.from(canvas.pixels.buffer, canvas.pixels.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** A one-page PDF built by hand: objects, a content stream and a byte-exact cross-reference table. */
export function buildPdf(page: { width: number; height: number; content: string }): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(page.content, "latin1")} >>\nstream\n${page.content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const pdfText = (text: string) => code128Text(text).replace(/[\\()]/g, (ch) => `\\${ch}`);

export type LabelInput = { shipmentId: number; trackingNumber: string; referenceId: string; barcode: boolean };

const MODULE_PX = 2;
const QUIET_MODULES = 10;

export function labelPng(label: LabelInput): Buffer {
  const widths = label.barcode ? code128Widths(label.referenceId) : [];
  const modules = widths.reduce((a, b) => a + b, 0);
  const canvas = new Canvas(Math.max(400, (modules + 2 * QUIET_MODULES) * MODULE_PX + 40), 220);
  const border: Rgb = [0, 0, 0];
  canvas.fillRect(0, 0, canvas.width, 4, border);
  canvas.fillRect(0, canvas.height - 4, canvas.width, 4, border);
  canvas.fillRect(0, 0, 4, canvas.height, border);
  canvas.fillRect(canvas.width - 4, 0, 4, canvas.height, border);
  let x = 20 + QUIET_MODULES * MODULE_PX;
  widths.forEach((w, i) => {
    if (i % 2 === 0) canvas.fillRect(x, 40, w * MODULE_PX, 140, border);
    x += w * MODULE_PX;
  });
  return encodePng(canvas);
}

export function labelPdf(label: LabelInput): Buffer {
  const width = 288; // 4 x 6 inches
  const height = 432;
  const lines = [
    `BT /F1 14 Tf 20 400 Td (Courier sandbox label) Tj ET`,
    `BT /F1 11 Tf 20 380 Td (Shipment ${label.shipmentId}) Tj ET`,
    `BT /F1 11 Tf 20 364 Td (Tracking ${pdfText(label.trackingNumber)}) Tj ET`,
    `BT /F1 11 Tf 20 348 Td (Reference ${pdfText(label.referenceId)}) Tj ET`,
  ];
  if (label.barcode) {
    const widths = code128Widths(label.referenceId);
    const modules = widths.reduce((a, b) => a + b, 0);
    const moduleWidth = Math.min(1.5, (width - 40) / modules);
    let x = 20;
    widths.forEach((w, i) => {
      if (i % 2 === 0) lines.push(`${x.toFixed(3)} 250 ${(w * moduleWidth).toFixed(3)} 80 re f`);
      x += w * moduleWidth;
    });
    lines.push(`BT /F1 10 Tf 20 235 Td (${pdfText(label.referenceId)}) Tj ET`);
  } else {
    lines.push(`BT /F1 10 Tf 20 280 Td (Item-level scanning: scan each item's barcode) Tj ET`);
  }
  return buildPdf({ width, height, content: lines.join("\n") });
}

function hue(seed: number): Rgb {
  return [60 + ((seed * 53) % 150), 60 + ((seed * 97) % 150), 60 + ((seed * 31) % 150)];
}

export function signaturePng(seed: number): Buffer {
  const canvas = new Canvas(200, 80);
  const ink: Rgb = [20, 30, 120];
  for (let x = 10; x < 190; x++) {
    const y = 40 + Math.sin((x + seed) / 9) * 18 * Math.cos(x / 37);
    canvas.fillRect(x, y, 2, 3, ink);
  }
  canvas.fillRect(10, 70, 180, 1, [120, 120, 120]);
  return encodePng(canvas);
}

/** A "photo": sky and ground gradient with the parcel (pickup) or parcel at a door (delivery). */
export function photoPng(kind: "pickup" | "delivery", seed: number): Buffer {
  const canvas = new Canvas(160, 120);
  for (let y = 0; y < 120; y++) {
    const shade = Math.round((y / 120) * 90);
    canvas.fillRect(0, y, 160, 1, y < 70 ? [140 - shade, 180 - shade, 235 - shade] : [90, 80 + shade / 3, 60]);
  }
  if (kind === "delivery") canvas.fillRect(95, 20, 45, 70, [110, 60, 30]);
  canvas.fillRect(40, 60, 45, 35, hue(seed));
  canvas.fillRect(40, 75, 45, 3, [230, 220, 190]);
  return encodePng(canvas);
}
