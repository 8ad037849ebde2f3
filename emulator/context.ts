import type { GithubState } from "./github/github-state.ts";
import type { EmulatorConfig } from "./resolve-options.ts";
import type { SlackRecorder } from "./slack/slack-recorder.ts";
import type { EmulatorState } from "./state/emulator-state.ts";
import type { Scheduler } from "./state/scheduler.ts";
import type { TraceRecorder } from "./traces/trace-recorder.ts";

/** Everything a route or a background task needs; one per emulator instance (no module state). */
export interface EmulatorContext {
  readonly config: EmulatorConfig;
  readonly state: EmulatorState;
  /** Where uploaded bytes are stored. */
  readonly blobDir: string;
  readonly scheduler: Scheduler;
  readonly now: () => Date;
  /** Marks the state as changed (written to `--data-dir` soon after). */
  readonly persist: () => void;
  /** Draws from the seeded PRNG for the live failure share. */
  readonly random: () => number;
  /** Per key and bucket request counts, in memory only. */
  readonly rateWindows: Map<string, { windowStart: number; count: number }>;
  /** The fault PRNG; replaced on every `PUT /_emulator/faults`. */
  faultRandom: () => number;
  /** The PRNG of dropped deliveries; replaced on every `PUT /_emulator/webhook-drops`. */
  dropRandom: () => number;
  /**
   * Every `workspaceId\nblobPath` submitted or being submitted, claimed synchronously before a
   * submission awaits anything, so concurrent submissions of one blob get one 201 and 409s.
   */
  readonly claimedBlobPaths: Set<string>;
  /** Webhook deliveries in flight, so close() can abort them. */
  readonly inflight: Set<AbortController>;
  /** The recording Slack and GitHub that the relay and the Action can rehearse against. */
  readonly slack: SlackRecorder;
  readonly github: GithubState;
  /** The spans sent to `POST /v1/traces` (OTLP/HTTP), for `GET /_emulator/traces`. */
  readonly traces: TraceRecorder;
}
