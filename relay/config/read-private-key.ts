import { createPrivateKey } from "node:crypto";

/** A GitHub App's private key: PEM, with literal `\n` sequences (one-line env files) as newlines. */
export function readPrivateKey(value: string): { key: string } | { message: string } {
  const key = value.replaceAll("\\n", "\n").trim();
  try {
    const parsed = createPrivateKey(key);
    if (parsed.asymmetricKeyType !== "rsa") {
      return { message: "must be an RSA private key (GitHub Apps sign with RS256)" };
    }
  } catch {
    return {
      message:
        "must be the App's private key in PEM (the .pem file GitHub generates; in a one-line value, write newlines as \\n)",
    };
  }
  return { key };
}
