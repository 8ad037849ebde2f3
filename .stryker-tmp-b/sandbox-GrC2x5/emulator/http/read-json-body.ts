// @ts-nocheck
import express, { type NextFunction, type Request, type Response } from "express";
import { type ApiError, domainError, serviceValidationError } from "./api-error.ts";

/**
 * Parses JSON bodies on `/api` without answering on failure: the error waits in
 * `res.locals.bodyError` until the route has authenticated the caller, so a bad key gets its
 * 401 first (part 5) and an operation without a request body ignores whatever was sent.
 */
export function readJsonBody(limit: string) {
  const json = express.json({ limit });
  return (req: Request, res: Response, next: NextFunction) => {
    json(req, res, (error?: unknown) => {
      if (error !== undefined) res.locals.bodyError = error;
      next();
    });
  };
}

/** The response for a body that could not be read: 413 when too large, 422 otherwise. */
export function bodyReadError(error: unknown): ApiError {
  const e = error as { type?: string; message?: string };
  if (e.type === "entity.too.large") {
    return domainError(413, "Request body too large; send at most 10 MB of JSON");
  }
  const reason =
    e.type === "entity.parse.failed" ? "Body must be valid JSON" : (e.message ?? "unreadable");
  return serviceValidationError([
    {
      field: "body",
      message: `${reason} (send a JSON object with Content-Type: application/json)`,
    },
  ]);
}
