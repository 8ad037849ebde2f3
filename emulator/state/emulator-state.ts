/**
 * The emulator's whole state as plain, JSON-serialisable data, so `--data-dir` can write it
 * to one file and read it back. Logic lives elsewhere; this file only declares the shapes.
 */

export type Tier = "api" | "no_api";
export type KeyKind = "live" | "sandbox";
export type AssetStatus =
  | "uploading"
  | "submitted"
  | "queued"
  | "processing"
  | "complete"
  | "failed"
  | "partial";

/** The six sandbox outcomes of part 3.2, by marker name without underscores. */
export type SandboxOutcome = "error" | "retryable_error" | "fail" | "advisory" | "pass" | "pending";

export interface WorkspaceRecord {
  id: string;
  tier: Tier;
  createdAt: string;
}

export interface KeyRecord {
  /** SHA-256 of the key; the key itself is never stored (part 5 rule 4). */
  hash: string;
  workspaceId: string;
  kind: KeyKind;
  revoked: boolean;
  expired: boolean;
}

export interface UploadRecord {
  workspaceId: string;
  blobPath: string;
  assetId: string;
  filename: string;
  contentType: string;
  expiresAt: string;
  /** Set once the bytes arrived. */
  size: number | null;
  uploadedAt: string | null;
}

export interface Measurement {
  priceable: boolean;
  assetType: string;
  mimeType: string;
  metric: { name: string; value: number } | null;
  credits: number;
  /** Facts for the review rules (duration, dimensions, container, sample rate). */
  facts: Record<string, number | string>;
  /** Why the file could not be measured, when `priceable` is false. */
  unreadableReason: string | null;
}

export interface TagValueRecord {
  value: string;
  valueId: string;
}

export interface TagKeyRecord {
  workspaceId: string;
  key: string;
  keyId: string;
  valuePolicy: "none" | "any";
  values: TagValueRecord[];
}

export interface AssetTag {
  keyId: string;
  valueId: string | null;
  key: string;
  value: string;
  isPlain: boolean;
}

export interface ContextItemRecord {
  kind: string;
  contextType: string;
  name?: string | null;
  mimeType?: string | null;
  url?: string | null;
  linkName?: string | null;
  content?: string | null;
}

/** An issue exactly as served (part 2.5). */
export type IssueRecord = Record<string, unknown> & {
  id: string;
  assetId: string;
  summary: string;
  severity: string;
  ruleCode: string;
  topicKey: string | null;
};

export interface AssetRecord {
  assetId: string;
  submissionId: string;
  workspaceId: string;
  kind: KeyKind;
  blobPath: string;
  filename: string;
  mimeType: string | null;
  status: AssetStatus;
  sandboxOutcome: SandboxOutcome | null;
  issues: IssueRecord[] | null;
  errorMessage: string | null;
  errorType: string | null;
  isRetryable: boolean | null;
  retryCount: number;
  versionNumber: number;
  versionGroupId: string;
  tags: AssetTag[];
  contextItems: ContextItemRecord[];
  sidekickIds: string[];
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** Monotonic creation order, for "newest first" with equal timestamps. */
  seq: number;
  /** When a scheduled transition is due (for resuming after a restart). */
  dueAt: string | null;
}

export interface SubmissionRecord {
  submissionId: string;
  workspaceId: string;
  kind: KeyKind;
  assetIds: string[];
  createdAt: string;
  creditsCharged: number;
}

export interface WebhookSubscriptionRecord {
  id: string;
  workspaceId: string;
  endpointUrl: string;
  eventTypes: string[];
  enabled: boolean;
  description: string;
  secret: string;
  createdAt: string;
  updatedAt: string;
  seq: number;
}

export interface DeliveryAttemptRecord {
  id: string;
  subscriptionId: string;
  workspaceId: string;
  webhookId: string;
  eventType: string;
  assetId: string | null;
  attempt: number;
  status: "pending" | "succeeded" | "failed";
  responseStatus: number | null;
  error: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  /** The exact body sent, so a retry after a restart sends the same bytes. */
  body: string;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface FaultSettings {
  rate: number;
  kinds: string[];
  pathPattern: string | null;
  seed: number;
  delayMs: number;
}

/** Deliveries dropped on purpose (`PUT /_emulator/webhook-drops`), as a lost network would. */
export interface WebhookDropSettings {
  /** Share of delivery attempts dropped, 0 to 1. */
  share: number;
  /** Only this subscription's deliveries; null for all. */
  subscriptionId: string | null;
  seed: number;
}

export interface EmulatorSettings {
  processingSeconds: number;
  retryableFailureRate: number;
  rateLimits: Record<string, RateLimitRule>;
  faults: FaultSettings;
  /** Absent in state saved before it existed: nothing is dropped. */
  webhookDrops?: WebhookDropSettings;
}

export interface EmulatorState {
  version: 1;
  /** HMAC key of presigned upload URLs (hex). */
  storageKey: string;
  defaultWorkspace: { workspaceId: string; liveKey: string; sandboxKey: string };
  workspaces: Record<string, WorkspaceRecord>;
  keys: Record<string, KeyRecord>;
  uploads: Record<string, UploadRecord>;
  measurements: Record<string, Measurement>;
  submissions: Record<string, SubmissionRecord>;
  assets: Record<string, AssetRecord>;
  tagKeys: Record<string, TagKeyRecord>;
  subscriptions: Record<string, WebhookSubscriptionRecord>;
  deliveries: DeliveryAttemptRecord[];
  ledger: { submissions: number; assets: number; creditsCharged: number; uploads: number };
  settings: EmulatorSettings;
  seq: number;
}
