import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { resolveRelayConfig } from "../../relay/index.ts";

// The image and its deployment templates, read as text: `npm run test:image` runs the image;
// this keeps the numbers around it consistent without a container runtime.
const root = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

const drainSeconds =
  resolveRelayConfig({
    WEBHOOK_SECRETS: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
    RELAY_TOKEN: "0123456789abcdef",
  }).shutdownTimeoutMs / 1000;

interface K8sDoc {
  kind?: string;
  spec?: {
    template?: {
      spec?: {
        terminationGracePeriodSeconds?: number;
        securityContext?: { runAsUser?: number; runAsGroup?: number };
      };
    };
  };
}
const deployment = parseAllDocuments(read("templates/relay/kubernetes.yaml"))
  .map((d) => d.toJS() as K8sDoc)
  .find((d) => d.kind === "Deployment")?.spec?.template?.spec;

describe("the relay image and its templates", () => {
  it("the Dockerfile runs as a numeric user, 1000:1000, as the Kubernetes template expects", () => {
    const users = [...read("relay/Dockerfile").matchAll(/^USER\s+(\S+)\s*$/gm)].map((m) => m[1]);
    expect(users).toEqual(["1000:1000"]);
    expect(deployment?.securityContext).toMatchObject({ runAsUser: 1000, runAsGroup: 1000 });
  });

  it.each([
    [
      "docs/relay.md's docker run",
      () => Number(/--stop-timeout (\d+)/.exec(read("docs/relay.md"))?.[1]),
    ],
    [
      "the Dockerfile's docker run",
      () => Number(/--stop-timeout (\d+)/.exec(read("relay/Dockerfile"))?.[1]),
    ],
    [
      "docker-compose's stop_grace_period",
      () => {
        const compose = parse(read("templates/relay/docker-compose.yml")) as {
          "x-relay": { stop_grace_period: string };
        };
        return Number(/^(\d+)s$/.exec(compose["x-relay"].stop_grace_period)?.[1]);
      },
    ],
    ["Kubernetes' terminationGracePeriodSeconds", () => deployment?.terminationGracePeriodSeconds],
  ])("%s gives the drain more than RELAY_SHUTDOWN_TIMEOUT_MS", (_name, seconds) => {
    expect(seconds()).toBeGreaterThan(drainSeconds);
  });
});
