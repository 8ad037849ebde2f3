import { z } from "zod";

/** Options of {@link startEmulator}; every field is optional. */
export interface EmulatorOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default "127.0.0.1" */
  host?: string;
  /** Accept `http://` webhook URLs on loopback hosts (127.0.0.1, ::1, localhost). @default false */
  allowInsecureWebhooks?: boolean;
  /** Keep state and uploaded bytes in this directory across restarts; in memory when unset. */
  dataDir?: string;
  /**
   * How long live review takes, in seconds (half queued, half processing); with 0, a review is
   * done before the submission (or the asset's retry) is answered. @default 2
   */
  processingSeconds?: number;
  /** Seed of the PRNG behind the live failure share and faults. @default 1 */
  seed?: number;
  /** Delays before webhook retries 2, 3, ...; its length is the number of retries. @default [5000, 30000, 120000, 600000] */
  webhookRetryDelaysMs?: number[];
  /** How long one webhook delivery may take before it counts as failed. @default 10000 */
  webhookTimeoutMs?: number;
  /** Lifetime of presigned upload URLs, in seconds. @default 3600 */
  uploadUrlTtlSeconds?: number;
  /** Lower the part 8 size limits per category (e.g. in tests); never raises them. */
  sizeLimits?: Partial<Record<"video" | "audio" | "image" | "document" | "text", number>>;
  /** Human-readable log lines (never secrets). Silent by default. */
  log?: (line: string) => void;
  /** Called with every `/api` response, for tests that validate what the emulator sends. */
  onResponse?: (record: ApiResponseRecord) => void;
}

/** One `/api` response as {@link EmulatorOptions.onResponse} sees it. */
export interface ApiResponseRecord {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

const optionsSchema = z.object({
  port: z.int().min(0).max(65535).default(0),
  host: z.string().min(1).default("127.0.0.1"),
  allowInsecureWebhooks: z.boolean().default(false),
  dataDir: z.string().min(1).optional(),
  processingSeconds: z.number().min(0).default(2),
  seed: z.int().default(1),
  webhookRetryDelaysMs: z.array(z.number().min(0)).default([5000, 30000, 120000, 600000]),
  webhookTimeoutMs: z.number().positive().default(10000),
  uploadUrlTtlSeconds: z.number().default(3600),
  sizeLimits: z
    .partialRecord(z.enum(["video", "audio", "image", "document", "text"]), z.number().min(0))
    .default({}),
});

/** The resolved, frozen configuration. */
export type EmulatorConfig = Readonly<z.infer<typeof optionsSchema>> & {
  readonly log: (line: string) => void;
  readonly onResponse: ((record: ApiResponseRecord) => void) | undefined;
};

/** Resolves options once; throws a readable error naming the bad option. */
export function resolveOptions(options: EmulatorOptions = {}): EmulatorConfig {
  const { log, onResponse, ...plain } = options;
  const parsed = optionsSchema.safeParse(plain);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join(".") || "options"}: ${i.message}`,
    );
    throw new TypeError(`Invalid emulator options: ${problems.join("; ")}`, {
      cause: parsed.error,
    });
  }
  return Object.freeze({ ...parsed.data, log: log ?? (() => {}), onResponse });
}
