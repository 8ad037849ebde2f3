import type { Resolved } from "./assemble-relay-config.ts";
import type { ConfigStep, StepInput } from "./config-step.ts";
import {
  firstCheckBeforeLimit,
  githubApiNotWeb,
  githubAppWithKey,
  githubTokenOrApp,
  plainSecretsLongEnough,
  publicUrlNeedsService,
  reconcileWithinRetention,
  retentionOutlivesFirstCheck,
  serviceApiKey,
  serviceBaseUrl,
  serviceUrlWithKey,
  slackApiPath,
  slackChannelShape,
  slackTokenWithChannel,
  transportSecurity,
} from "./cross-field-rules.ts";
import { readPrivateKey } from "./read-private-key.ts";
import { resolveDurations } from "./resolve-durations.ts";
import { resolveSlackLists } from "./resolve-slack-lists.ts";
import { resolveStoreUrl, storeBaseDir } from "./resolve-store-url.ts";
import { resolveTracingConfig } from "./tracing-config.ts";
import { webhookSecretProblems } from "./webhook-secret-problems.ts";

/** Standard Webhooks secrets must carry usable keys; short ones draw a warning. */
function webhookSecrets({ p, problem, warnings }: StepInput): undefined {
  if (p.WEBHOOK_SECRETS !== undefined && p.SIGNATURE_SCHEME === "standard-webhooks") {
    const keys = webhookSecretProblems(p.WEBHOOK_SECRETS);
    if (keys.problem !== null) problem("WEBHOOK_SECRETS", keys.problem);
    warnings.push(...keys.warnings);
  }
  return undefined;
}

/** `STORE_URL` resolved once: a relative SQLite path against the working directory. */
function storeUrl({ p, env, cwd, problem }: StepInput): Partial<Resolved> | undefined {
  if (p.STORE_URL === undefined) return undefined;
  const store = resolveStoreUrl(p.STORE_URL, storeBaseDir(env, cwd));
  if (!store.ok) problem("STORE_URL", store.message);
  return store.ok ? { storeUrl: store.url } : undefined;
}

function slackLists({ p, problem }: StepInput): Partial<Resolved> {
  return resolveSlackLists(p, problem);
}

/** The GitHub App's key, read as PEM. */
function privateKey({ p, problem }: StepInput): Partial<Resolved> | undefined {
  if (p.GITHUB_APP_PRIVATE_KEY === undefined) return undefined;
  const read = readPrivateKey(p.GITHUB_APP_PRIVATE_KEY);
  if ("message" in read) problem("GITHUB_APP_PRIVATE_KEY", read.message);
  return "message" in read ? undefined : { privateKey: read.key };
}

function durations({ p, problem }: StepInput): Partial<Resolved> {
  return resolveDurations(p, problem);
}

function tracing({ env, problem }: StepInput): Partial<Resolved> {
  return { tracing: resolveTracingConfig(env, problem) };
}

/**
 * What runs after each variable's own parser, in order (problems are reported in this order):
 * checks across variables, and the resolvers that derive what the variables alone do not say.
 */
export const RELAY_CONFIG_STEPS: readonly ConfigStep[] = Object.freeze([
  webhookSecrets,
  storeUrl,
  slackChannelShape,
  slackTokenWithChannel,
  serviceUrlWithKey,
  serviceBaseUrl,
  serviceApiKey,
  githubApiNotWeb,
  slackApiPath,
  reconcileWithinRetention,
  publicUrlNeedsService,
  slackLists,
  githubTokenOrApp,
  githubAppWithKey,
  privateKey,
  plainSecretsLongEnough,
  firstCheckBeforeLimit,
  retentionOutlivesFirstCheck,
  transportSecurity,
  durations,
  tracing,
]);
