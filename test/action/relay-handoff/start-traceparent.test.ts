import { describe, expect, it } from "vitest";
import {
  startTraceparent,
  traceIdOf,
} from "../../../src/action/relay-handoff/start-traceparent.ts";

describe("startTraceparent", () => {
  it("startTraceparent begins a sampled W3C trace with random ids", () => {
    const traceparent = startTraceparent();
    expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(startTraceparent()).not.toBe(traceparent);
    expect(traceIdOf(traceparent)).toBe(traceparent.slice(3, 35));
  });

  it("startTraceparent never sends the all-zero ids the W3C format reserves as invalid", () => {
    expect(startTraceparent((size) => Buffer.alloc(size))).toBe(
      `00-${"0".repeat(31)}1-${"0".repeat(15)}1-01`,
    );
  });
});
