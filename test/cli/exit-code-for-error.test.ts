import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import {
  AmbiguousRequestError,
  ConfigurationError,
  DomainError,
  LocalFileError,
  NetworkError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  WaitTimeoutError,
} from "../../src/api/index.ts";
import {
  CliUsageError,
  EXIT_CODES,
  exitCodeForError,
  InterruptedError,
} from "../../src/cli/index.ts";
import { StateFileError } from "../../src/cli/state-file-error.ts";

class BudgetExceededError extends Error {
  override name = "BudgetExceededError";
}

describe("exitCodeForError", () => {
  it.each([
    ["--help", new CommanderError(0, "commander.helpDisplayed", "(outputHelp)"), EXIT_CODES.ok],
    ["an unknown option", new CommanderError(1, "commander.unknownOption", "x"), EXIT_CODES.usage],
    ["a usage error", new CliUsageError("x", { input: "--x" }), EXIT_CODES.usage],
    [
      "a state file not written after the review",
      new StateFileError("s.json", { cause: Object.assign(new Error("x"), { code: "ENOSPC" }) }),
      EXIT_CODES.stateNotSaved,
    ],
    ["a configuration error", new ConfigurationError("x", { input: "apiKey" }), EXIT_CODES.usage],
    [
      "a bad local file",
      new LocalFileError("x", { path: "a", problem: "too-large" }),
      EXIT_CODES.usage,
    ],
    ["the budget guard", new BudgetExceededError("over"), EXIT_CODES.budget],
    [
      "a 404",
      new DomainError("x", { status: 404, operation: "getAsset", body: { detail: "n" } }),
      EXIT_CODES.service,
    ],
    [
      "a 429 after retries",
      new RateLimitError("x", { status: 429, operation: "getAsset" }),
      EXIT_CODES.service,
    ],
    [
      "a network error",
      new NetworkError("x", { operation: "getAsset", ambiguous: false }),
      EXIT_CODES.service,
    ],
    [
      "a timeout",
      new TimeoutError("x", { operation: "getAsset", ambiguous: false, timeoutMs: 1 }),
      EXIT_CODES.service,
    ],
    [
      "an ambiguous write",
      new AmbiguousRequestError("x", { operation: "createSubmission" }),
      EXIT_CODES.service,
    ],
    [
      "a schema mismatch",
      new ResponseValidationError("x", { operation: "getAsset", problems: [] }),
      EXIT_CODES.service,
    ],
    ["Ctrl+C", new InterruptedError("SIGINT"), EXIT_CODES.interrupted],
    [
      "a wait timeout",
      new WaitTimeoutError("x", { submissionId: "s", timeoutMs: 1 }),
      EXIT_CODES.service,
    ],
    ["anything else", new TypeError("bug"), EXIT_CODES.service],
  ])("%s exits %i", (_name, error, code) => {
    expect(exitCodeForError(error)).toBe(code);
  });
});
