import { describe, expect, it } from "vitest";
import { planEmulatorCommand } from "../../emulator/bin.ts";

describe("planEmulatorCommand", () => {
  it.each([
    [[], { kind: "start", options: { port: 0, host: "127.0.0.1", allowInsecureWebhooks: false } }],
    [
      [
        "--port",
        "4010",
        "--data-dir",
        "d",
        "--processing-seconds",
        "0.5",
        "--allow-insecure-webhooks",
      ],
      {
        kind: "start",
        options: {
          port: 4010,
          host: "127.0.0.1",
          allowInsecureWebhooks: true,
          dataDir: "d",
          processingSeconds: 0.5,
        },
      },
    ],
    [["-h"], { kind: "help" }],
    [["--version"], { kind: "version" }],
  ])("planEmulatorCommand(%j) starts or answers as asked", (argv, expected) => {
    expect(planEmulatorCommand(argv)).toEqual(expected);
  });

  it.each([
    [["--port", "65536"], /--port must be a whole number from 0 to 65535 \(got "65536"\)/],
    [["--port", "x"], /--port must be a whole number/],
    [["--processing-seconds", "1e3"], /--processing-seconds must be a number of seconds/],
    [["--nope"], /Unknown option '--nope'/],
  ])("planEmulatorCommand(%j) is a usage error naming the option", (argv, message) => {
    const command = planEmulatorCommand(argv);
    expect(command.kind).toBe("usage-error");
    expect(command.kind === "usage-error" && command.message).toMatch(message);
  });
});
