/**
 * A map tile server on 127.0.0.1 for the browser tests: real PNG tiles (256 px, a street grid drawn
 * per tile) over HTTPS, as tile providers serve them (the app takes https templates only). Its
 * certificate is a throw-away self-signed one made with the openssl CLI, so the browser context that
 * loads the tiles ignores certificate errors for it. It records each tile it served, and says
 * `Timing-Allow-Origin: *` so the page's resource timing shows each tile's bytes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";

export const TILE_SIZE = 256;
const TILE_PATH = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;

export type TileServer = {
  /** https://127.0.0.1:<port>: the template is `${url}/{z}/{x}/{y}.png`. */
  url: string;
  /** The paths of the tiles served ("/15/5241/12666.png"), in order. */
  served: string[];
  close: () => Promise<void>;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG (8-bit RGB) of a tile: land, a park on some tiles, white streets every 64 px, offset per tile. */
export function tilePng(z: number, x: number, y: number): Buffer {
  const park = (x + y + z) % 3 === 0;
  const offset = (x * 7 + y * 13) % 64;
  const rows: Buffer[] = [];
  for (let row = 0; row < TILE_SIZE; row++) {
    const line = Buffer.alloc(1 + TILE_SIZE * 3); // filter byte 0 (None), then RGB
    for (let col = 0; col < TILE_SIZE; col++) {
      const street = (col + offset) % 64 < 6 || (row + offset) % 64 < 6;
      const [r, g, b] = street ? [255, 255, 255] : park && row > 96 && col > 96 ? [200, 230, 190] : [236, 232, 224];
      line.writeUInt8(r, 1 + col * 3);
      line.writeUInt8(g, 2 + col * 3);
      line.writeUInt8(b, 3 + col * 3);
    }
    rows.push(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "tile-server-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        "key.pem",
        "-out",
        "cert.pem",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startTileServer(): Promise<TileServer> {
  const served: string[] = [];
  const server = createServer(selfSignedCertificate(), (req, res) => {
    const match = req.method === "GET" ? TILE_PATH.exec(req.url ?? "") : null;
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
    const png = tilePng(z, x, y);
    res.writeHead(200, {
      "Content-Type": "image/png",
      "Content-Length": png.length,
      "Cache-Control": "no-store",
      "Timing-Allow-Origin": "*",
    });
    res.end(png, () => served.push(req.url!));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
