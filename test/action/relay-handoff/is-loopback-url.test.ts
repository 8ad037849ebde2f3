import { describe, expect, it } from "vitest";
import { isLoopbackUrl } from "../../../src/action/relay-handoff/is-loopback-url.ts";

describe("isLoopbackUrl", () => {
  it.each([
    ["http://127.0.0.1:4010/_emulator/github", true],
    ["http://127.8.9.10/api", true],
    ["http://localhost:3000", true],
    ["http://LOCALHOST:3000", true],
    ["http://[::1]:8080/api/v3", true],
    ["https://api.github.com", false],
    ["https://ghes.example.com/api/v3", false],
    ["http://127.0.0.1.example.com", false],
    ["http://10.0.0.5", false],
    ["not a url", false],
  ])("isLoopbackUrl(%s) is %s", (url, expected) => {
    expect(isLoopbackUrl(url)).toBe(expected);
  });
});
