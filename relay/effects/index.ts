export {
  type CallOutcome,
  type Destination,
  DestinationError,
  hostOf,
  isDestinationError,
  neverConnected,
} from "./destination-error.ts";
export {
  EffectBusyError,
  type EffectContext,
  type OnceResult,
  performOnce,
} from "./perform-once.ts";
