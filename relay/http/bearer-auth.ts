import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Requires `Authorization: Bearer <token>`. Both sides are hashed first, so the comparison
 * is constant-time whatever their lengths.
 */
export function bearerAuth(token: string): RequestHandler {
  const expected = createHash("sha256").update(token).digest();
  return (req, res, next) => {
    const header = req.get("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const offered = createHash("sha256")
      .update(match?.[1] ?? "")
      .digest();
    if (match === null || !timingSafeEqual(offered, expected)) {
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="content-review-relay"')
        .json({ error: "unauthorized", message: "Send Authorization: Bearer <RELAY_TOKEN>" });
      return;
    }
    next();
  };
}
