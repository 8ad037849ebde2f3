// @ts-nocheck
import { timingSafeEqual } from "node:crypto";

/**
 * Constant-time comparison of two byte strings. Lengths are compared first: a signature's length
 * is public (fixed by the hash), so only the content comparison must not leak timing.
 */
export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
