// @ts-nocheck
import { ContentReviewError, type ContentReviewErrorOptions } from "./content-review-error.ts";

/**
 * Invalid client configuration or input, found before any request is sent:
 * a malformed API key, a bad base URL, a file of an unsupported type or over its size limit.
 */
export class ConfigurationError extends ContentReviewError {
  override name = "ConfigurationError";
  /** The option or input concerned, e.g. `apiKey` or a file path. */
  readonly input: string;

  constructor(message: string, options: ContentReviewErrorOptions & { input: string }) {
    super(message, options);
    this.input = options.input;
  }
}

/** Type guard for {@link ConfigurationError}. */
export function isConfigurationError(error: unknown): error is ConfigurationError {
  return error instanceof ConfigurationError;
}
