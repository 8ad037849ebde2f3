export type { ReconcileOutcome } from "./plan-reconciliation.ts";
export { createServiceReader, type ServiceReader } from "./service-reader.ts";
export { type Reconciliation, startReconciliation } from "./start-reconciliation.ts";
export { type SubscriptionCheck, startSubscriptionCheck } from "./start-subscription-check.ts";
