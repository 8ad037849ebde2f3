import { describe, expect, it } from "vitest";
import { planWebhookCreate } from "../../../../src/cli/commands/webhooks/plan-webhook-create.ts";
import { planWebhookUpdate } from "../../../../src/cli/commands/webhooks/plan-webhook-update.ts";

describe("planWebhookCreate", () => {
  it("planWebhookCreate refuses a run that could not keep the secret, before anything is sent", () => {
    expect(() => planWebhookCreate({ url: "https://x.example", description: "" })).toThrow(
      /--secret-file FILE .* or --show-secret/,
    );
  });

  it.each([
    [undefined, ["asset.processing.completed", "asset.processing.failed"]],
    [[], ["asset.processing.completed", "asset.processing.failed"]],
    [["asset.processing.failed", "asset.processing.failed"] as const, ["asset.processing.failed"]],
  ])("planWebhookCreate with --event %j subscribes to %j", (event, expected) => {
    const plan = planWebhookCreate({
      url: "https://x.example",
      description: "d",
      event: event ? [...event] : undefined,
      showSecret: true,
    });
    expect(plan.body).toEqual({
      endpointUrl: "https://x.example",
      eventTypes: expected,
      description: "d",
    });
    expect(plan).toMatchObject({ secretFile: null, showSecret: true });
  });

  it("planWebhookCreate keeps the secret file it is given", () => {
    const plan = planWebhookCreate({ url: "https://x", description: "", secretFile: "s.txt" });
    expect(plan).toMatchObject({ secretFile: "s.txt", showSecret: false });
  });
});

describe("planWebhookUpdate", () => {
  it.each([
    [{ url: "https://y" }, { endpointUrl: "https://y" }],
    [{ enable: true }, { enabled: true }],
    [{ disable: true }, { enabled: false }],
    [
      { url: "https://y", disable: true },
      { endpointUrl: "https://y", enabled: false },
    ],
  ])("planWebhookUpdate %j sends %j", (options, body) => {
    expect(planWebhookUpdate(options)).toEqual(body);
  });

  it("planWebhookUpdate with nothing to change says what to pass", () => {
    expect(() => planWebhookUpdate({})).toThrow(/--url URL, --enable or --disable/);
  });
});
