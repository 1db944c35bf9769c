/**
 * A throw-away certificate authority and a *.myshopify.com server certificate, made with the openssl
 * CLI in a temp dir, so a child process that trusts the CA (NODE_EXTRA_CA_CERTS) reaches the
 * stand-in over real TLS.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type StandInCertificates = { caCertPath: string; key: Buffer; cert: Buffer; remove: () => void };

const CERT_DAYS = "2";

export function createStandInCertificates(): StandInCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), "shopify-stand-in-tls-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl([
    "req",
    "-x509",
    ...ecKey,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
    "-days",
    CERT_DAYS,
    "-subj",
    "/CN=Shopify stand-in test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  openssl(["req", ...ecKey, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=*.myshopify.com"]);
  writeFileSync(
    file("server.ext"),
    "subjectAltName=DNS:*.myshopify.com,DNS:myshopify.com\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  openssl([
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("server.pem"),
    "-days",
    CERT_DAYS,
    "-extfile",
    file("server.ext"),
  ]);
  return {
    caCertPath: file("ca.pem"),
    key: readFileSync(file("server.key")),
    cert: readFileSync(file("server.pem")),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
