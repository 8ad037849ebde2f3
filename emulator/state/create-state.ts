import { randomBytes } from "node:crypto";
import type { EmulatorSettings, EmulatorState, Tier } from "./emulator-state.ts";
import { hashKey, newApiKey, newId } from "./ids.ts";

/** Defaults of the settings the control plane can change. */
export function defaultSettings(processingSeconds: number, seed: number): EmulatorSettings {
  return {
    processingSeconds,
    retryableFailureRate: 0,
    rateLimits: {},
    faults: { rate: 0, kinds: [], pathPattern: null, seed, delayMs: 2000 },
    webhookDrops: { share: 0, subscriptionId: null, seed },
  };
}

/** Adds a workspace with one live and one sandbox key; returns the keys (shown once). */
export function addWorkspace(
  state: EmulatorState,
  tier: Tier,
  now: Date,
): { workspaceId: string; liveKey: string; sandboxKey: string } {
  const workspaceId = newId();
  state.workspaces[workspaceId] = { id: workspaceId, tier, createdAt: now.toISOString() };
  const liveKey = newApiKey("live");
  const sandboxKey = newApiKey("sandbox");
  for (const [key, kind] of [
    [liveKey, "live"],
    [sandboxKey, "sandbox"],
  ] as const) {
    const hash = hashKey(key);
    state.keys[hash] = { hash, workspaceId, kind, revoked: false, expired: false };
  }
  return { workspaceId, liveKey, sandboxKey };
}

/** A fresh state with the default workspace (tier `api`). */
export function createState(settings: EmulatorSettings, now: Date): EmulatorState {
  const state: EmulatorState = {
    version: 1,
    storageKey: randomBytes(32).toString("hex"),
    defaultWorkspace: { workspaceId: "", liveKey: "", sandboxKey: "" },
    workspaces: {},
    keys: {},
    uploads: {},
    measurements: {},
    submissions: {},
    assets: {},
    tagKeys: {},
    subscriptions: {},
    deliveries: [],
    ledger: { submissions: 0, assets: 0, creditsCharged: 0, uploads: 0 },
    settings,
    seq: 0,
  };
  state.defaultWorkspace = addWorkspace(state, "api", now);
  return state;
}
