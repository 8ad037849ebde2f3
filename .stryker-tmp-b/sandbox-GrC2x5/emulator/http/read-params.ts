// @ts-nocheck
import type { Request } from "express";
import { isUuid } from "../state/ids.ts";
import { httpValidationError } from "./api-error.ts";

/** A path parameter that must be a UUID; 422 in the framework shape otherwise. */
export function uuidParam(req: Request, name: string): string {
  const value = String(req.params[name] ?? "");
  if (!isUuid(value)) {
    throw httpValidationError([
      {
        loc: ["path", name],
        msg: "Input should be a valid UUID",
        type: "uuid_parsing",
        input: value,
      },
    ]);
  }
  return value.toLowerCase();
}

function rawQuery(req: Request, name: string): string[] {
  const value = req.query[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** An optional integer query parameter within [min, max]; 422 in the framework shape otherwise. */
export function intQuery(
  req: Request,
  name: string,
  fallback: number,
  min: number,
  max?: number,
): number;
export function intQuery(
  req: Request,
  name: string,
  fallback: undefined,
  min: number,
  max?: number,
): number | undefined;
export function intQuery(
  req: Request,
  name: string,
  fallback: number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const values = rawQuery(req, name);
  if (values.length === 0) return fallback;
  const raw = values.at(-1)!;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value)) {
    throw httpValidationError([
      {
        loc: ["query", name],
        msg: "Input should be a valid integer",
        type: "int_parsing",
        input: raw,
      },
    ]);
  }
  if (value < min || value > max) {
    const msg =
      value < min
        ? `Input should be greater than or equal to ${min}`
        : `Input should be less than or equal to ${max}`;
    throw httpValidationError([
      {
        loc: ["query", name],
        msg,
        type: value < min ? "greater_than_equal" : "less_than_equal",
        input: raw,
      },
    ]);
  }
  return value;
}

/** A repeatable UUID query parameter (`?x=a&x=b`, also `x[]=` and comma lists). */
export function uuidListQuery(req: Request, name: string): string[] {
  const values = [...rawQuery(req, name), ...rawQuery(req, `${name}[]`)].flatMap((v) =>
    v.split(","),
  );
  return values.map((v, index) => {
    const trimmed = v.trim();
    if (!isUuid(trimmed)) {
      throw httpValidationError([
        {
          loc: ["query", name, index],
          msg: "Input should be a valid UUID",
          type: "uuid_parsing",
          input: trimmed,
        },
      ]);
    }
    return trimmed.toLowerCase();
  });
}

/** An optional enum query parameter. */
export function enumQuery<T extends string>(
  req: Request,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const values = rawQuery(req, name);
  if (values.length === 0) return fallback;
  const raw = values.at(-1)!;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw httpValidationError([
      {
        loc: ["query", name],
        msg: `Input should be ${allowed.map((a) => `'${a}'`).join(" or ")}`,
        type: "enum",
        input: raw,
      },
    ]);
  }
  return raw as T;
}

/** `{page, pageSize, total, totalPages}` and the slice of one page (part 2.4, part 8 rule 7). */
export function paginate<T>(items: readonly T[], page: number, pageSize: number) {
  const total = items.length;
  return {
    data: items.slice((page - 1) * pageSize, page * pageSize),
    pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
  };
}
