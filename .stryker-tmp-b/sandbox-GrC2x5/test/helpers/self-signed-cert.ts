// @ts-nocheck
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** A key and a self-signed certificate for 127.0.0.1 and localhost, valid for a day. */
export interface SelfSignedCert {
  readonly key: string;
  readonly cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  readonly certPath: string;
}

/** Makes a throwaway certificate in `dir` with the openssl command line. */
export async function selfSignedCert(dir: string): Promise<SelfSignedCert> {
  const keyPath = join(dir, "key.pem");
  const certPath = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      keyPath,
      "-out",
      certPath,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  return { key: await readFile(keyPath, "utf8"), cert: await readFile(certPath, "utf8"), certPath };
}
