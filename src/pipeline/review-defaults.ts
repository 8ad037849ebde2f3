import { DEFAULT_FAIL_ON } from "../policy/index.ts";

/**
 * The defaults and bounds of a review, shared by the Action (its inputs, and the defaults that
 * action.yml documents: a test compares the two), the CLI (its flags) and the pipeline (its
 * options): policy as data, in one place.
 */
export const REVIEW_DEFAULTS = Object.freeze({
  /** The lowest severity that fails a run (the policy's own default). */
  failOn: DEFAULT_FAIL_ON,
  /** Retry rounds for assets whose review failed with a retryable error. */
  retryFailed: 2,
  /** The most retry rounds anyone may ask for. */
  maxRetryFailed: 10,
  /** Files uploading (and results read) at once. */
  uploadConcurrency: 4,
  /** The most uploads at once, in the Action and the CLI alike. */
  maxUploadConcurrency: 32,
  /** Longest wait for the results, retries included. */
  timeoutMinutes: 30,
  /** The longest wait anyone may ask for (a GitHub job's own limit is 6 hours). */
  maxTimeoutMinutes: 360,
  /** The Action's check run (and, with `wait: false`, its commit status). */
  checkName: "Content Review",
  /** The longest check name GitHub shows in full. */
  maxCheckNameLength: 100,
} as const);
